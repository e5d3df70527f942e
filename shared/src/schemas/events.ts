import { z } from 'zod';
import '../zod-locale';
import { EVENT_CATEGORIES, LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { cursorQuerySchema, eventDateSchema, formBoolean, idSchema, isoDate } from './common';
import { areaQuerySchema, eventPlaceFields, eventPointRule, neighbourhoodRefSchema } from './place-fields';

const S = TEXTS.social;
const V = TEXTS.events;

/** An optional capacity: empty or null means no limit; a form may send it as text. */
const capacitySchema = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: V.capacityInvalid })
    .int({ error: V.capacityInvalid })
    .min(1, { error: V.capacityInvalid })
    .max(LIMITS.eventCapacityMax, { error: V.capacityInvalid })
    .nullable(),
);

/** A recurring event: this many occurrences, a week or a month apart (same wall-clock time in the community's zone). */
export const eventRepeatSchema = z.object({
  every: z.enum(['weekly', 'monthly'], { error: V.repeatInvalid }),
  count: z
    .number({ error: V.repeatInvalid })
    .int({ error: V.repeatInvalid })
    .min(2, { error: V.repeatInvalid })
    .max(LIMITS.eventRepeatMax, { error: V.repeatInvalid }),
});

export const createEventSchema = z
  .object({
    capacity: capacitySchema.optional(),
    repeat: eventRepeatSchema.optional(),
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
    ...eventPlaceFields,
  })
  .refine(eventPointRule.check, { message: eventPointRule.message, path: ['lat'] });

/** What the organiser may change; a field left out stays as it is. A new date tells everyone attending or waiting. */
export const updateEventSchema = z
  .object({
    title: createEventSchema.shape.title.optional(),
    description: createEventSchema.shape.description.optional(),
    date: eventDateSchema(S.eventDateRequired).optional(),
    location: z.string().trim().max(200).optional(),
    category: z.enum(EVENT_CATEGORIES, { error: S.eventCategoryInvalid }).optional(),
    isPrivate: formBoolean.optional(),
    capacity: capacitySchema.optional(),
    ...eventPlaceFields,
  })
  .strict()
  .refine(eventPointRule.check, { message: eventPointRule.message, path: ['lat'] });

export const cancelEventSchema = z.object({
  reason: z
    .string({ error: V.cancelReasonRequired })
    .trim()
    .min(1, { error: V.cancelReasonRequired })
    .max(LIMITS.eventCancelReasonMax, { error: V.cancelReasonTooLong }),
});

export const eventMessageSchema = z.object({
  message: z.string({ error: V.messageRequired }).trim().min(1, { error: V.messageRequired }).max(LIMITS.eventMessageMax, { error: V.messageTooLong }),
});

export const calendarTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: V.calendarFeedNotFound }) });

export const listEventsQuerySchema = cursorQuerySchema.extend({
  when: z.enum(['upcoming', 'past']).optional().default('upcoming'),
  ...areaQuerySchema.shape,
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
  /** Places in all, or null when there is no limit. */
  capacity: z.number().int().nullable(),
  waitlistCount: z.number().int(),
  /** The viewer's place on the waitlist (1 = next in), or null when not waiting. */
  waitlistPosition: z.number().int().nullable(),
  isFull: z.boolean(),
  status: z.enum(['scheduled', 'cancelled']),
  cancelReason: z.string().nullable(),
  /** The first occurrence's id when the event is one of a recurring series, else null. */
  seriesId: z.number().int().nullable(),
  /** The viewer organises it (or is an admin): may edit, cancel and message attendees. */
  canManage: z.boolean(),
  /** The zone the community shows times in (the server's TIME_ZONE, Europe/Istanbul by default). */
  timeZone: z.string(),
  /** The neighbourhood it takes place in, if the organiser chose one. */
  neighbourhood: neighbourhoodRefSchema.nullable(),
  address: z.string(),
  /** The optional map point (both or neither). */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  createdAt: isoDate,
  /** Only its organiser (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
  /** Hidden by a moderator or the community: only its organiser and moderators see it, marked 'Gizlendi'. */
  isHidden: z.boolean().optional(),
});
/** Named EventItem, not Event, so it never hides the DOM's Event type. */
export type EventItem = z.infer<typeof eventSchema>;

/** After joining or leaving: attending, or waiting at `waitlistPosition` (the event was full). */
export const attendanceSchema = z.object({ isAttending: z.boolean(), attendeesCount: z.number().int(), waitlistPosition: z.number().int().nullable() });

export const eventMessageResultSchema = z.object({ ok: z.literal(true), recipients: z.number().int() });

/** The member's private calendar feed: whether one exists, and its address right after it is made (only then). */
export const calendarFeedSchema = z.object({ active: z.boolean(), createdAt: isoDate.nullable(), url: z.string().nullable() });

/** One photo of one event. */
export const eventPhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });

/** A photo an attendee added to a past event. */
export const eventPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string(), displayName: z.string() }),
  createdAt: isoDate,
});
export type EventPhoto = z.infer<typeof eventPhotoSchema>;

/** An iCalendar document (text/calendar). */
export const icsSchema = z.string().meta({ description: 'text/calendar (RFC 5545)' });
