import { createReportSchema } from '../schemas/admin';
import { reportCreatedSchema } from '../schemas/reports';
import { endpoint } from './endpoint';

/** 'Şikayet Et': a member reports content or a person to the moderators (their side is under admin). */
export const reportsEndpoints = {
  'reports.create': endpoint({
    route: 'POST /api/reports',
    summary: 'Report a post, comment, answer, blog comment, group post or comment, or a member (one open report per target and reporter)',
    access: 'member',
    body: createReportSchema,
    status: 201,
    response: reportCreatedSchema,
  }),
};
