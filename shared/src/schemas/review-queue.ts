import { z } from 'zod';
import '../zod-locale';
import { LIMITS, REPORT_REASONS, ROLES } from '../limits';
import { TEXTS } from '../texts';
import { idSchema, pageQuerySchema } from './common';
import { trustLevelSchema } from './trust';
import { REPORT_TARGETS } from './admin';
import { APPEAL_TARGETS } from './appeals';
import { isoTime } from '../contract/endpoint';

const Q = TEXTS.reviewQueue;

/**
 * What an entry of the one review queue is about. From report rows: `report` (members reported
 * it), `approval` (a watched word held it unpublished, "Onay bekliyor"), `flag` (a watched word
 * flagged it, published). From an appeal row: `appeal` (the author of a hidden item, or a
 * suspended member, asks for a second look; its `target` is the item or the member).
 */
export const QUEUE_KINDS = ['report', 'approval', 'flag', 'appeal'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/**
 * What a moderator decides on an entry (the desktop's a, h, w, s). On an appeal, approve upholds
 * it (the item shown again, the suspension lifted) and hide rejects it (kept hidden, kept
 * suspended); warn and suspend do not apply.
 */
export const QUEUE_ACTIONS = ['approve', 'hide', 'warn', 'suspend'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

export const reviewQueueQuerySchema = pageQuerySchema.omit({ before: true }).extend({
  /** Only entries of this kind. */
  kind: z.enum(QUEUE_KINDS, { error: Q.kindInvalid }).optional(),
  /** The opaque position after the last entry of the page before. */
  cursor: z.string().max(300).optional(),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/**
 * A decision on one entry or (bulk) many. `reason` is told to the author (hide, warn) and audited;
 * approve needs none. `days` is the suspension's length (1 or 7; moderators may not go beyond 7).
 */
const decisionFields = {
  action: z.enum(QUEUE_ACTIONS, { error: Q.actionInvalid }),
  reason: z.string({ error: Q.reasonRequired }).trim().max(LIMITS.warningReasonMax, { error: Q.reasonTooLong }).optional().default(''),
  days: z.union([z.literal(1), z.literal(7)], { error: Q.daysInvalid }).optional(),
};
function decisionRules(v: { action: QueueAction; reason: string; days?: 1 | 7 }, ctx: z.RefinementCtx) {
  if (v.action !== 'approve' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: Q.reasonRequired });
  if (v.action === 'suspend' && v.days === undefined) ctx.addIssue({ code: 'custom', path: ['days'], message: Q.daysInvalid });
}
export const queueDecisionSchema = z.object(decisionFields).superRefine(decisionRules);
export type QueueDecisionInput = z.infer<typeof queueDecisionSchema>;

export const queueBulkDecisionSchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1, { error: TEXTS.admin.nothingSelected })
      .max(LIMITS.queueBulkMax, { error: Q.bulkTooMany(LIMITS.queueBulkMax) }),
    ...decisionFields,
  })
  .superRefine(decisionRules);
export type QueueBulkDecisionInput = z.infer<typeof queueBulkDecisionSchema>;

// ---- answers ----

const personSchema = z.object({ id: z.number().int(), username: z.string(), displayName: z.string() });

/** Who holds an entry, until when; `mine` when it is the caller. */
export const queueClaimSchema = z.object({
  by: personSchema,
  until: isoTime,
  mine: z.boolean(),
});
export type QueueClaim = z.infer<typeof queueClaimSchema>;

/** One open report of the entry's thing (a watched word's has no reporter). */
export const queueReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUEUE_KINDS),
  reason: z.string(),
  /** A picked reason (REPORT_REASONS), `watched_word`, or null for a written reason. */
  reasonCode: z.enum([...REPORT_REASONS, 'watched_word']).nullable(),
  note: z.string(),
  reporter: personSchema.nullable(),
  createdAt: isoTime,
});

/** One of the author's latest posts, comments or answers. */
export const queueRecentItemSchema = z.object({
  type: z.enum(['post', 'comment', 'answer', 'question', 'event']),
  id: z.number().int(),
  /** The text of a post, comment or answer; a question's or event's title. */
  text: z.string(),
  isHidden: z.boolean(),
  createdAt: isoTime,
  link: z.string(),
});

/** A warning, suspension, hide or removal against the author, from the audit log. */
export const queuePastActionSchema = z.object({
  id: z.number().int(),
  /** The audit action code (user.warn, user.suspend, post.hide, ...). */
  action: z.string(),
  actor: z.string().nullable(),
  actorRole: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoTime,
});

/** The author of the entry's thing, with what a moderator weighs before deciding. */
export const queueAuthorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  role: z.enum(ROLES),
  trustLevel: trustLevelSchema,
  joinedAt: isoTime,
  suspendedUntil: isoTime.nullable(),
  /** Their latest items, newest first (LIMITS.queueRecentItems). */
  recentItems: z.array(queueRecentItemSchema),
  /** Earlier actions against them, newest first (LIMITS.queuePastActions). */
  pastActions: z.array(queuePastActionSchema),
});

/** An appeal entry's own part: what is appealed, the member's note, and whether the hide or suspension still holds. */
export const queueAppealSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(APPEAL_TARGETS),
  note: z.string(),
  /** The appealed suspension's end (null for an item). */
  suspendedUntil: isoTime.nullable(),
  /** The item is still hidden, the suspension still runs. */
  stillInForce: z.boolean(),
  createdAt: isoTime,
});
export type QueueAppeal = z.infer<typeof queueAppealSchema>;

/**
 * One entry of the review queue: one thing (a post, comment, ... or a member) with every open
 * report about it, or one appeal (`appeal`, its target the appealed item or the suspended
 * member). `reportCount` is what the order weighs first (an appeal counts one).
 */
export const reviewEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUEUE_KINDS),
  target: z.object({
    type: z.enum(REPORT_TARGETS),
    id: z.number().int(),
    /** Gone since it was reported. */
    exists: z.boolean(),
    /** Its text (a member's: their name), cut at 300 characters. */
    preview: z.string(),
    isHidden: z.boolean(),
    /** Where the UI opens it (null when gone). */
    link: z.string().nullable(),
  }),
  reportCount: z.number().int(),
  /** When the oldest open report about it came in. */
  queuedAt: isoTime,
  /** The open reports, oldest first (at most LIMITS.queueReportsShown). */
  reports: z.array(queueReportSchema),
  author: queueAuthorSchema.nullable(),
  claim: queueClaimSchema.nullable(),
  /** Kind `appeal` only. */
  appeal: queueAppealSchema.nullable(),
});
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

export const reviewQueuePageSchema = z.object({
  items: z.array(reviewEntrySchema),
  nextCursor: z.string().nullable(),
  /** Open entries in all (the badge). */
  total: z.number().int(),
});
export type ReviewQueuePage = z.infer<typeof reviewQueuePageSchema>;

/** A decision taken: its id for undo (until `undoUntil`), and the entries it closed. */
export const queueDecisionResultSchema = z.object({
  actionId: z.number().int(),
  action: z.enum(QUEUE_ACTIONS),
  entryIds: z.array(z.number().int()),
  undoUntil: isoTime,
});
export type QueueDecisionResult = z.infer<typeof queueDecisionResultSchema>;

/** An undone decision: its entries are open again. */
export const queueUndoResultSchema = z.object({
  actionId: z.number().int(),
  entryIds: z.array(z.number().int()),
});
export type QueueUndoResult = z.infer<typeof queueUndoResultSchema>;
