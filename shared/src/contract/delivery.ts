import { z } from 'zod';
import { endpoint, okSchema } from './endpoint';
import { idParamsSchema } from '../schemas/common';
import { mailPreferencesSchema, pushDeviceSchema, pushKeySchema, pushSubscribeSchema, updateMailPreferencesSchema } from '../schemas/delivery';

/** Notifications that leave the site: Web Push per device, and e-mail per kind (the member's own only). */
export const deliveryEndpoints = {
  'push.key': endpoint({
    route: 'GET /api/push/key',
    summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
    access: 'member',
    response: pushKeySchema,
  }),
  'push.subscribe': endpoint({
    route: 'POST /api/push/subscriptions',
    summary: "Register this browser's push subscription for the signed-in member (the same endpoint again replaces its row)",
    access: 'member',
    body: pushSubscribeSchema,
    status: 201,
    response: pushDeviceSchema,
  }),
  'push.devices': endpoint({
    route: 'GET /api/push/subscriptions',
    summary: "The member's devices that get pushes, newest first (at most a few; the oldest is dropped beyond the limit)",
    access: 'member',
    response: z.array(pushDeviceSchema),
  }),
  'push.remove': endpoint({
    route: 'DELETE /api/push/subscriptions/:id',
    summary: "Stop pushes to one of the member's devices",
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
  'mail.preferences': endpoint({
    route: 'GET /api/users/me/email-notifications',
    summary: "The member's e-mail choices per kind (only direct messages on by default) and whether the address is paused",
    access: 'member',
    response: mailPreferencesSchema,
  }),
  'mail.updatePreferences': endpoint({
    route: 'PUT /api/users/me/email-notifications',
    summary: "Replace the member's e-mail choices per kind",
    access: 'member',
    body: updateMailPreferencesSchema,
    response: mailPreferencesSchema,
  }),
  'mail.resume': endpoint({
    route: 'POST /api/users/me/email-notifications/resume',
    summary: 'Send e-mail again to an address paused after 5 failed sends in a row',
    access: 'member',
    response: okSchema,
  }),
};
