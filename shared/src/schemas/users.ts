import { z } from 'zod';
import '../zod-locale';
import { LIMITS, ROLES } from '../limits';
import { TEXTS } from '../texts';
import { displayNameSchema, emailSchema } from './auth';
import { formBoolean, idSchema, pageQuerySchema } from './common';
import { neighbourhoodRefSchema } from './place-fields';

const U = TEXTS.social;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, { message })
    .optional();

/** PATCH /api/users/{id}: multipart or JSON. hobbies as comma-separated text or a list. */
export const updateProfileSchema = z.object({
  displayName: displayNameSchema.optional(),
  email: emailSchema.optional(),
  bio: optionalText(LIMITS.bioMax, U.bioTooLong),
  location: optionalText(LIMITS.locationMax, U.locationTooLong),
  website: z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: U.websiteInvalid })
    .refine((v) => v.length <= LIMITS.websiteMax, { message: U.websiteInvalid })
    .optional(),
  hobbies: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((h) => h.trim()).filter(Boolean))
    .refine((v) => v.length <= LIMITS.hobbiesMax && v.every((h) => h.length <= LIMITS.hobbyMax), { message: U.hobbiesInvalid })
    .optional(),
  isPrivate: formBoolean.optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** Discover's people: a top list of `limit`, not paged. */
export const popularUsersQuerySchema = pageQuerySchema.pick({ limit: true });

export const usernameParamsSchema = z.object({ username: z.string().trim().min(1).max(60) });
export const userIdParamsSchema = z.object({ userId: idSchema });

// ---- answers ----

/** A profile as others see it (GET /api/users/:id, /profile/:username, PATCH /api/users/:id). */
export const profileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  /** Only for the person themself and admins. */
  email: z.string().optional(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  hobbies: z.array(z.string()),
  profileImage: z.string().nullable(),
  profileImageThumb: z.string().nullable(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  isPrivate: z.boolean(),
  /** The member's neighbourhood, only for those its visibility allows (themself and admins always). */
  neighbourhood: neighbourhoodRefSchema.nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The short form of a person in lists (recent members, followers, follow requests). */
export const personSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  profileImageThumb: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** Discover's people, with their follower and post counts. */
export const popularPersonSchema = personSchema.extend({ followersCount: z.number().int(), postsCount: z.number().int() });
export type PopularPerson = z.infer<typeof popularPersonSchema>;

/** A follower or followed person; followId orders the list (newest connection first). */
export const connectionSchema = personSchema.extend({ followId: z.number().int() });
export type Connection = z.infer<typeof connectionSchema>;

export const userStatsSchema = z.object({
  posts: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  /** Likes on the person's visible posts. */
  likes: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The viewer's relation to a person (a visitor: both false). */
export const followStatusSchema = z.object({ isFollowing: z.boolean(), isPending: z.boolean() });
export type FollowStatus = z.infer<typeof followStatusSchema>;

/** A private account answers 'pending' (a follow request is waiting), a public one 'following'. */
export const followResultSchema = z.object({ status: z.enum(['following', 'pending']) });
export const unfollowResultSchema = z.object({ status: z.literal('none') });

/** A follow request waiting for the signed-in member's answer. */
export const followRequestSchema = z.object({ id: z.number().int(), requestedAt: z.string(), user: personSchema });
export type FollowRequest = z.infer<typeof followRequestSchema>;
export const followRequestAnswerSchema = z.object({ status: z.enum(['accepted', 'rejected']) });
