import { z } from 'zod';
import '../zod-locale';
import { REPORT_STATUSES, REPORT_TARGETS } from './admin';

// The request schema (createReportSchema) lives with the moderation schemas in ./admin.

/** A member's report as POST /api/reports answers it. */
export const reportCreatedSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.number().int(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;
