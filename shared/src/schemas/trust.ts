import { z } from 'zod';
import '../zod-locale';
import { TRUST_LEVELS } from '../limits';
import { TEXTS } from '../texts';
import { isoTime } from '../contract/endpoint';

const count = (max: number) => z.number().int().min(0).max(max);
const weight = z.number().min(0).max(10);

/** The organiser's trust settings (defaults and their reasons: TRUST_DEFAULTS in limits.ts). */
export const trustSettingsSchema = z.object({
  newMemberMaxLinks: count(50),
  newMemberMaxMentions: count(50),
  newMemberImageHours: count(24 * 30),
  newMemberDailyPosts: count(1000).min(1),
  level1Days: count(365),
  level1Posts: count(10_000),
  level2Days: count(3650),
  level2Posts: count(100_000),
  hideThreshold: z.number().min(0.5).max(100),
  reportWeights: z.tuple([weight, weight, weight]),
  dismissedReportsStep: count(100).min(1),
  dismissedReportsWindowDays: count(365).min(1),
  dismissedReportsFactor: z.number().min(0).max(1),
});
/** A change names only what it changes. */
export const updateTrustSettingsSchema = trustSettingsSchema.partial();

export const trustLevelSchema = z.union(TRUST_LEVELS.map((l) => z.literal(l)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>]);

/** An admin sets a member's level by hand (audited with the reason). */
export const setTrustLevelSchema = z.object({
  level: trustLevelSchema,
  // Setting a level by hand overrides promotion: the audit log keeps why.
  reason: z
    .string({ error: TEXTS.trust.levelReasonRequired })
    .trim()
    .min(1, { error: TEXTS.trust.levelReasonRequired })
    .max(500, { error: TEXTS.trust.levelReasonTooLong }),
});

export const memberTrustLevelSchema = z.object({ id: z.number().int(), trustLevel: trustLevelSchema });

/** A member's own level, what it still limits, and what the next level needs. */
export const myTrustSchema = z.object({
  level: trustLevelSchema,
  name: z.string(),
  restrictions: z.array(z.string()),
  next: z
    .object({
      level: trustLevelSchema,
      name: z.string(),
      summary: z.string(),
      daysLeft: z.number().int(),
      postsLeft: z.number().int(),
      upheldReport: z.boolean(),
      /** The earliest moment the age part is met. */
      ageMetAt: isoTime,
    })
    .nullable(),
});

export type TrustSettingsInput = z.infer<typeof updateTrustSettingsSchema>;
export type MyTrust = z.infer<typeof myTrustSchema>;
