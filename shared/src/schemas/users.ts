import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { displayNameSchema, emailSchema } from './auth';
import { formBoolean, idSchema } from './common';

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

export const usernameParamsSchema = z.object({ username: z.string().trim().min(1).max(60) });
export const userIdParamsSchema = z.object({ userId: idSchema });
