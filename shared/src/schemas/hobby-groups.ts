import { z } from 'zod';
import '../zod-locale';
import { DEFAULT_GROUP_COLOR, DEFAULT_GROUP_ICON, GROUP_ICONS, LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { eventDateSchema, formBoolean } from './common';

const G = TEXTS.community;

export const createGroupSchema = z.object({
  name: z
    .string({ error: G.groupNameMin })
    .trim()
    .min(LIMITS.groupNameMin, { error: G.groupNameMin })
    .max(LIMITS.groupNameMax, { error: G.groupNameMax }),
  description: z
    .string({ error: G.groupDescriptionMin })
    .trim()
    .min(LIMITS.groupDescriptionMin, { error: G.groupDescriptionMin })
    .max(LIMITS.groupDescriptionMax, { error: G.groupDescriptionMax }),
  icon: z
    .string()
    .refine((v) => (GROUP_ICONS as readonly string[]).includes(v), { message: G.groupIconInvalid })
    .optional()
    .default(DEFAULT_GROUP_ICON),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: G.colorInvalid })
    .optional()
    .default(DEFAULT_GROUP_COLOR),
  isPrivate: formBoolean.optional().default(false),
});

export const groupPostSchema = z.object({
  content: z
    .string({ error: G.groupContentRequired })
    .trim()
    .min(1, { error: G.groupContentRequired })
    .refine((v) => charCount(v) <= 2000, { message: G.contentTooLong }),
  /** 'image' when an image file comes with the post (multipart field `image`). */
  type: z.enum(['text', 'image']).optional().default('text'),
});

export const groupCommentSchema = z.object({
  content: z
    .string({ error: G.groupCommentRequired })
    .trim()
    .min(1, { error: G.groupCommentRequired })
    .refine((v) => charCount(v) <= LIMITS.commentMax, { message: TEXTS.social.commentTooLong }),
});

export const groupEventSchema = z.object({
  title: z.string({ error: G.groupEventTitleRequired }).trim().min(1, { error: G.groupEventTitleRequired }).max(LIMITS.eventTitleMax),
  description: z.string().trim().max(LIMITS.eventDescriptionMax).optional().default(''),
  date: eventDateSchema(G.groupEventDateRequired),
  location: z.string({ error: G.groupEventLocationRequired }).trim().min(1, { error: G.groupEventLocationRequired }).max(200),
  maxAttendees: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(100_000).optional()),
  isOnline: formBoolean.optional().default(false),
  meetingLink: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\//.test(v), { message: G.meetingLinkInvalid })
    .optional(),
});

export const groupSlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });
