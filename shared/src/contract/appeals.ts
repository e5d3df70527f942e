import { adminAppealSchema, appealSchema, appealsQuerySchema, createAppealSchema, decideAppealSchema, suspensionAppealSchema } from '../schemas/appeals';
import { idParamsSchema } from '../schemas/common';
import { endpoint, pageOf } from './endpoint';

/** Appeals: a member's (against a hidden item or a suspension), and the moderators' decision. */
export const appealEndpoints = {
  'appeals.create': endpoint({
    route: 'POST /api/appeals',
    summary: "Appeal one's own hidden item, once, with a note; it enters the moderators' list",
    access: 'member',
    body: createAppealSchema,
    status: 201,
    response: appealSchema,
  }),
  'appeals.suspension': endpoint({
    route: 'POST /api/auth/suspension-appeal',
    summary: 'A suspended member appeals their suspension, once, with a note; signed in by name and password, as sign-in is refused to them',
    access: 'public',
    body: suspensionAppealSchema,
    status: 201,
    response: appealSchema,
  }),
  'admin.appeals': endpoint({
    route: 'GET /api/admin/appeals',
    summary: "The appeals beside the reports in the moderators' list, oldest first, by status",
    access: 'moderator',
    query: appealsQuerySchema,
    response: pageOf(adminAppealSchema),
  }),
  'admin.decideAppeal': endpoint({
    route: 'POST /api/admin/appeals/:id/decide',
    summary: 'Uphold (restore the item / lift the suspension) or reject an appeal with a note; the member is told, the decision audited',
    access: 'moderator',
    params: idParamsSchema,
    body: decideAppealSchema,
    response: appealSchema,
  }),
};
