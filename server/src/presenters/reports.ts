import { REPORT_REASONS, type AuthorSummary, type ReportReason, type ReportTarget } from '@mahalle/shared';
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
  reason_code: string | null;
  note: string | null;
  subject_user_id: number | null;
  subject_open_reports: number | string;
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
  /** The subject member (null once gone) and their suspension. */
  su_id: number | null;
  su_suspended_until: unknown;
}

/** A reported person's latest posts, comments and answers (services/reports reads them, one query per kind). */
export type RecentContent = NonNullable<AdminReport['recentContent']>;

/** A report with its reporter and a preview of what was reported (or `exists: false` once it is gone). */
export function presentReport(r: ReportListRow, preview: ReportPreview | undefined, recentContent: RecentContent | null = null): AdminReport {
  const until = toIsoOrNull(r.su_suspended_until);
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    reasonCode: (REPORT_REASONS as readonly string[]).includes(r.reason_code ?? '') ? (r.reason_code as ReportReason) : null,
    note: r.note ?? '',
    subject: r.su_id
      ? { id: r.su_id, openReports: Number(r.subject_open_reports), suspendedUntil: until && Date.parse(until) > Date.now() ? until : null }
      : null,
    recentContent,
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
