import { idParamsSchema, cursorPageQuerySchema } from '../schemas/common';
import { unreadCountSchema, updatedCountSchema } from '../schemas/messages';
import { notificationSchema } from '../schemas/notifications';
import { notificationSettingsSchema, updateNotificationSettingsSchema } from '../schemas/notification-settings';
import { digestSettingsSchema, updateDigestSettingsSchema } from '../schemas/digest';
import { cursorList, endpoint, okSchema } from './endpoint';

/** The signed-in member's own notifications (someone else's answer 404, like missing ones). */
export const notificationsEndpoints = {
  'notifications.list': endpoint({
    route: 'GET /api/notifications',
    summary: 'Own notifications, newest first; a bare list, next page in X-Next-Cursor',
    access: 'member',
    query: cursorPageQuerySchema,
    response: cursorList(notificationSchema),
    cursorHeader: true,
  }),
  'notifications.unreadCount': endpoint({
    route: 'GET /api/notifications/unread-count',
    summary: 'How many own notifications are unread',
    access: 'member',
    response: unreadCountSchema,
  }),
  'notifications.readAll': endpoint({
    route: 'PATCH /api/notifications/read-all',
    summary: 'Mark every own notification read',
    access: 'member',
    response: updatedCountSchema,
  }),
  'notifications.read': endpoint({
    route: 'PATCH /api/notifications/:id/read',
    summary: 'Mark one own notification read',
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
  'notifications.delete': endpoint({
    route: 'DELETE /api/notifications/:id',
    summary: 'Delete one own notification',
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
  'notifications.settings': endpoint({
    route: 'GET /api/users/me/notification-settings',
    summary: "The signed-in member's notification preferences per kind (in-app, desktop) and quiet hours; the defaults when never saved",
    access: 'member',
    response: notificationSettingsSchema,
  }),
  'notifications.updateSettings': endpoint({
    route: 'PUT /api/users/me/notification-settings',
    summary: 'Replace the whole preferences; in-app moderation notices (and messages) cannot be turned off and stay on',
    access: 'member',
    body: updateNotificationSettingsSchema,
    response: notificationSettingsSchema,
  }),
  'notifications.digestSettings': endpoint({
    route: 'GET /api/users/me/digest-settings',
    summary: "The signed-in member's weekly digest e-mail: on or off (off by default), the weekday (1 Monday … 7 Sunday), the hour and their time zone",
    access: 'member',
    response: digestSettingsSchema,
  }),
  'notifications.updateDigestSettings': endpoint({
    route: 'PUT /api/users/me/digest-settings',
    summary: 'Replace the weekly digest setting; the next digest is due at the chosen local time, once per week',
    access: 'member',
    body: updateDigestSettingsSchema,
    response: digestSettingsSchema,
  }),
};
