import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { MODERATED_TARGETS, cursorParam } from './admin';
import { authorSummarySchema, idSchema, pageQuerySchema } from './common';
import { loginSchema } from './auth';
import { isoTime } from '../contract/endpoint';

const T = TEXTS.appeals;

/** What is appealed: a hidden item of one of the moderated kinds, or the member's suspension. */
export const APPEAL_TARGETS = [...MODERATED_TARGETS, 'suspension'] as const;
export type AppealTarget = (typeof APPEAL_TARGETS)[number];
export const APPEAL_STATUSES = ['open', 'upheld', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

const appealNote = z
  .string({ error: T.noteRequired })
  .trim()
  .min(1, { error: T.noteRequired })
  .max(LIMITS.appealNoteMax, { error: T.noteTooLong(LIMITS.appealNoteMax) });

/** A member's appeal of their own hidden item. */
export const createAppealSchema = z.object({
  targetType: z.enum(MODERATED_TARGETS, { error: T.targetInvalid }),
  targetId: idSchema,
  note: appealNote,
});
export type CreateAppealInput = z.infer<typeof createAppealSchema>;

/**
 * A suspended member's appeal: they have no session (a suspension ends them and refuses sign-in),
 * so it carries what sign-in takes, checked the same way.
 */
export const suspensionAppealSchema = loginSchema.omit({ remember: true }).extend({ note: appealNote });

export const appealsQuerySchema = pageQuerySchema.omit({ before: true }).extend({
  status: z.enum(APPEAL_STATUSES).optional().default('open'),
  cursor: cursorParam,
});

export const decideAppealSchema = z.object({
  outcome: z.enum(['upheld', 'rejected'], { error: T.outcomeInvalid }),
  note: z
    .string()
    .trim()
    .max(LIMITS.appealDecisionNoteMax, { error: T.decisionNoteTooLong(LIMITS.appealDecisionNoteMax) })
    .optional()
    .default(''),
});

// ---- answers ----

/** An appeal as its member and the moderators see it. */
export const appealSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(APPEAL_TARGETS),
  /** The hidden item's id, or the suspended member's. */
  targetId: z.number().int(),
  note: z.string(),
  status: z.enum(APPEAL_STATUSES),
  decisionNote: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type Appeal = z.infer<typeof appealSchema>;

/** An entry of the moderators' list: the appeal, who sent it, and what it is about. */
export const adminAppealSchema = appealSchema.extend({
  /** The kind of entry beside the reports (the Şikayetler tab lists both). */
  kind: z.literal('appeal'),
  member: authorSummarySchema,
  /** The hidden item's text (shortened), or null for a suspension. */
  text: z.string().nullable(),
  /** Whether the item is still hidden / the member still suspended. */
  stillInForce: z.boolean(),
  /** The end of the appealed suspension (null for an item). */
  suspendedUntil: isoTime.nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

/** On a moderation notice: what it offers to appeal, and whether that was done. */
export const notificationAppealSchema = z.object({
  targetType: z.enum(MODERATED_TARGETS),
  targetId: z.number().int(),
  /** null: not appealed yet. */
  status: z.enum(APPEAL_STATUSES).nullable(),
});
