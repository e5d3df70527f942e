import { z } from 'zod';
import '../zod-locale';
import { EVENT_CATEGORIES, LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { cursorQuerySchema, eventDateSchema, formBoolean, isoDate } from './common';

const S = TEXTS.social;

export const createEventSchema = z.object({
  title: z.string({ error: S.eventTitleRequired }).trim().min(1, { error: S.eventTitleRequired }).max(LIMITS.eventTitleMax, { error: S.eventTitleTooLong }),
  description: z
    .string({ error: S.eventDescriptionRequired })
    .trim()
    .min(1, { error: S.eventDescriptionRequired })
    .max(LIMITS.eventDescriptionMax, { error: S.eventDescriptionTooLong }),
  date: eventDateSchema(S.eventDateRequired),
  location: z.string().trim().max(200).optional().default(''),
  category: z.enum(EVENT_CATEGORIES, { error: S.eventCategoryInvalid }).optional().default('Genel'),
  isPrivate: formBoolean.optional().default(false),
  imageUrl: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v), { message: S.imageUrlInvalid })
    .optional(),
});

export const listEventsQuerySchema = cursorQuerySchema.extend({
  when: z.enum(['upcoming', 'past']).optional().default('upcoming'),
});

/** Colours of the event categories in the UI. */
export const EVENT_CATEGORY_COLORS: Record<(typeof EVENT_CATEGORIES)[number], string> = {
  Genel: '#6366F1',
  Kitap: '#8B5CF6',
  Teknoloji: '#7C3AED',
  Outdoor: '#059669',
  Sanat: '#DC2626',
  Spor: '#10B981',
  Müzik: '#F59E0B',
  Yemek: '#F97316',
};

/* ---- Answers ---- */

/** A city event with its creator, its category's colour and whether the viewer goes. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: isoDate,
  location: z.string(),
  imageUrl: z.string().nullable(),
  creator: z.object({ id: z.number().int(), username: z.string(), displayName: z.string(), profileImage: z.string().nullable() }),
  category: z.object({ id: z.string(), name: z.string(), color: z.string() }),
  attendeesCount: z.number().int(),
  isPrivate: z.boolean(),
  isFeatured: z.boolean(),
  isAttending: z.boolean(),
  createdAt: isoDate,
});
/** Named EventItem, not Event, so it never hides the DOM's Event type. */
export type EventItem = z.infer<typeof eventSchema>;

export const attendanceSchema = z.object({ isAttending: z.boolean(), attendeesCount: z.number().int() });
