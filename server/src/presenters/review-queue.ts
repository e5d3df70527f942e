import type { QueueAppeal, QueueKind, ReportTarget, ReviewEntry, Role } from '@mahalle/shared';
import { toIso, toIsoOrNull } from '../db/time';

/** A review_entries row with the claimant's name (joined). */
export interface ReviewEntryRow {
  id: number;
  kind: QueueKind;
  /** A reported thing's type, or `appeal` (target_id: the appeal's id). */
  target_type: ReportTarget | 'appeal';
  target_id: number;
  subject_user_id: number | null;
  status: string;
  report_count: number | string;
  queued_ms: number | string;
  claimed_by: number | null;
  claimed_until_ms: number | string | null;
  cu_username: string | null;
  cu_display_name: string | null;
}

/** What the service read beside the page's rows, each keyed for the presenter. */
export interface ReviewContext {
  now: number;
  viewerId: number;
  reports: Map<string, ReviewEntry['reports']>;
  targets: Map<string, ReviewEntry['target']>;
  authors: Map<number, AuthorRow>;
  recent: Map<number, NonNullable<ReviewEntry['author']>['recentItems']>;
  past: Map<number, NonNullable<ReviewEntry['author']>['pastActions']>;
  /** The page's appeal rows by id. */
  appeals: Map<number, QueueAppealRow>;
}

/** What the presenter reads of an `appeals` row. */
export interface QueueAppealRow {
  id: number;
  user_id: number;
  target_type: QueueAppeal['targetType'];
  target_id: number;
  suspended_until: unknown;
  note: string;
  created_at: unknown;
}

export interface AuthorRow {
  id: number;
  username: string;
  display_name: string;
  profile_image: string | null;
  role: Role;
  trust_level: number;
  created_at: unknown;
  suspended_until: unknown;
}

export const targetKey = (type: string, id: number) => `${type}:${id}`;

export function presentReviewEntry(row: ReviewEntryRow, c: ReviewContext): ReviewEntry {
  const key = targetKey(row.target_type, row.target_id);
  const author = row.subject_user_id === null ? undefined : c.authors.get(row.subject_user_id);
  const claimUntil = row.claimed_until_ms === null ? 0 : Number(row.claimed_until_ms);
  const claimed = row.claimed_by !== null && claimUntil > c.now;
  const suspended = author ? toIsoOrNull(author.suspended_until) : null;
  const suspendedNow = suspended && new Date(suspended).getTime() > c.now ? suspended : null;
  const appeal = row.kind === 'appeal' ? c.appeals.get(row.target_id) : undefined;
  // What an appeal is about: the item, or (a suspension) the member; a deleted item still names its type.
  const [type, id]: [ReportTarget, number] = appeal
    ? appeal.target_type === 'suspension'
      ? ['user', appeal.user_id]
      : [appeal.target_type, appeal.target_id]
    : [row.target_type === 'appeal' ? 'user' : row.target_type, row.target_id];
  const target = c.targets.get(key) ?? { type, id, exists: false, preview: '', isHidden: false, link: null };
  return {
    id: row.id,
    kind: row.kind,
    target,
    reportCount: Number(row.report_count),
    queuedAt: new Date(Number(row.queued_ms)).toISOString(),
    reports: c.reports.get(key) ?? [],
    author: author
      ? {
          id: author.id,
          username: author.username,
          displayName: author.display_name,
          profileImage: author.profile_image,
          role: author.role,
          trustLevel: Math.min(2, Math.max(0, Number(author.trust_level))) as 0 | 1 | 2,
          joinedAt: toIso(author.created_at),
          suspendedUntil: suspendedNow,
          recentItems: c.recent.get(author.id) ?? [],
          pastActions: c.past.get(author.id) ?? [],
        }
      : null,
    claim:
      claimed && row.claimed_by !== null
        ? {
            by: { id: row.claimed_by, username: row.cu_username ?? '', displayName: row.cu_display_name ?? '' },
            until: new Date(claimUntil).toISOString(),
            mine: row.claimed_by === c.viewerId,
          }
        : null,
    appeal: appeal
      ? {
          id: appeal.id,
          targetType: appeal.target_type,
          note: appeal.note,
          suspendedUntil: toIsoOrNull(appeal.suspended_until),
          stillInForce: appeal.target_type === 'suspension' ? suspendedNow !== null : target.exists && target.isHidden,
          createdAt: toIso(appeal.created_at),
        }
      : null,
  };
}
