import { z } from 'zod';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { personSchema } from './users';

/** How long a member stays muted: a day, a week, a month or for good. */
export const MUTE_DURATIONS = ['1d', '7d', '30d', 'forever'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];
export const MUTE_DURATION_DAYS: Record<MuteDuration, number | null> = { '1d': 1, '7d': 7, '30d': 30, forever: null };

export const blockResultSchema = z.object({ blocked: z.boolean() });
export type BlockResult = z.infer<typeof blockResultSchema>;

export const muteInputSchema = z.object({
  duration: z.enum(MUTE_DURATIONS, { error: TEXTS.blocks.invalidDuration }).default('forever'),
});
export type MuteInput = z.infer<typeof muteInputSchema>;

export const muteResultSchema = z.object({ muted: z.boolean(), until: z.string().nullable() });
export type MuteResult = z.infer<typeof muteResultSchema>;

/** What the viewer decided about a member (only the viewer's own side: never whether they are blocked by them). */
export const blockStatusSchema = z.object({ blocked: z.boolean(), muted: z.boolean(), mutedUntil: z.string().nullable() });
export type BlockStatus = z.infer<typeof blockStatusSchema>;

export const blockedPersonSchema = personSchema.extend({ blockId: z.number().int(), blockedAt: z.string() });
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const mutedPersonSchema = personSchema.extend({ muteId: z.number().int(), until: z.string().nullable() });
export type MutedPerson = z.infer<typeof mutedPersonSchema>;

export const MUTED_TERM_KINDS = ['hashtag', 'word'] as const;
export type MutedTermKind = (typeof MUTED_TERM_KINDS)[number];

export const mutedTermInputSchema = z.object({
  kind: z.enum(MUTED_TERM_KINDS, { error: TEXTS.blocks.invalidTermKind }),
  value: z
    .string({ error: TEXTS.blocks.termRequired })
    .trim()
    .transform((v) => v.replace(/^#/, '').trim())
    .pipe(z.string().min(1, TEXTS.blocks.termRequired).max(LIMITS.mutedTermMax, TEXTS.blocks.termTooLong)),
});
export type MutedTermInput = z.infer<typeof mutedTermInputSchema>;

export const mutedTermSchema = z.object({ id: z.number().int(), kind: z.enum(MUTED_TERM_KINDS), term: z.string(), label: z.string(), createdAt: z.string() });
export type MutedTerm = z.infer<typeof mutedTermSchema>;
