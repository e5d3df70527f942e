import type { AuthorSummary, ReportTarget } from '@mahalle/shared';
import { toIso, toIsoOrNull } from '../db/time';
import type { AdminReport } from '@mahalle/shared';

/** What was reported, read by the service in one query per kind on the page. */
export interface ReportPreview {
  text: string;
  author: AuthorSummary;
  hidden: boolean;
}

/** A reports row. */
export interface ReportRow {
  id: number;
  reporter_id: number | null;
  target_type: ReportTarget;
  target_id: number;
  reason: string;
  status: 'open' | 'resolved' | 'dismissed';
  resolution_note: string | null;
  resolved_by: number | null;
  resolved_at: unknown;
  created_at: unknown;
}

/** A reports row with its reporter's names (see reportsQuery in services/reports); null once the account is gone. */
export interface ReportListRow extends ReportRow {
  rep_username: string | null;
  rep_display_name: string | null;
}

/** A report with its reporter and a preview of what was reported (or `exists: false` once it is gone). */
export function presentReport(r: ReportListRow, preview: ReportPreview | undefined): AdminReport {
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    status: r.status,
    resolutionNote: r.resolution_note ?? '',
    reporter: r.reporter_id ? { id: r.reporter_id, username: r.rep_username ?? '', displayName: r.rep_display_name ?? '' } : null,
    target: preview
      ? { exists: true, preview: preview.text, author: preview.author, isHidden: preview.hidden }
      : { exists: false, preview: '', author: null, isHidden: false },
    resolvedBy: r.resolved_by,
    resolvedAt: toIsoOrNull(r.resolved_at),
    createdAt: toIso(r.created_at),
  };
}
