import { idParamsSchema } from '../schemas/common';
import { memberTrustLevelSchema, myTrustSchema, setTrustLevelSchema, trustSettingsSchema, updateTrustSettingsSchema } from '../schemas/trust';
import { endpoint } from './endpoint';

/** Trust levels: the organiser's settings, an admin's hand, and a member's own level. */
export const trustEndpoints = {
  'trust.settings': endpoint({
    route: 'GET /api/admin/trust-settings',
    summary: "The trust settings: new members' limits, promotion, the report threshold and the reporters' weights",
    access: 'admin',
    response: trustSettingsSchema,
  }),
  'trust.updateSettings': endpoint({
    route: 'PUT /api/admin/trust-settings',
    summary: 'Change some of the trust settings (the rest stay); audited',
    access: 'admin',
    body: updateTrustSettingsSchema,
    response: trustSettingsSchema,
  }),
  'trust.setLevel': endpoint({
    route: 'PUT /api/admin/users/:id/trust-level',
    summary: "Set a member's trust level by hand (admins and site moderators); audited with the reason",
    access: 'moderator',
    params: idParamsSchema,
    body: setTrustLevelSchema,
    response: memberTrustLevelSchema,
  }),
  'trust.mine': endpoint({
    route: 'GET /api/users/me/trust',
    summary: "The signed-in member's trust level, what it still limits and what the next level needs",
    access: 'member',
    response: myTrustSchema,
  }),
};
