import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { idSchema } from './common';

/**
 * The place fields other resources carry (a post's, group's or event's neighbourhood, an event's
 * address and map point) and the 'near me' filter. Kept apart from places.ts, which imports the
 * post, group and event answers for Yakınımda, so those schemas can import these without a cycle.
 */

const P = TEXTS.places;

/** A place's name: trimmed, inner runs of spaces made one. */
export const placeNameSchema = z
  .string({ error: P.nameRequired })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .refine((v) => v.length > 0, { message: P.nameRequired })
  .refine((v) => v.length <= LIMITS.placeNameMax, { message: P.nameTooLong(LIMITS.placeNameMax) });

/** A coordinate from JSON (a number) or a form (text); empty means none. */
function coordinate(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).nullable(),
  );
}
export const latSchema = coordinate(-90, 90, P.latInvalid);
export const lngSchema = coordinate(-180, 180, P.lngInvalid);

/** Both coordinates or neither. */
export const pairRule = (v: { lat?: number | null; lng?: number | null }) =>
  (v.lat === null || v.lat === undefined) === (v.lng === null || v.lng === undefined);

/** Who may see a member's neighbourhood on their profile. */
export const NEIGHBOURHOOD_VISIBILITIES = ['nobody', 'followers', 'everyone'] as const;
export type NeighbourhoodVisibility = (typeof NEIGHBOURHOOD_VISIBILITIES)[number];

/** The 'near me' filter of the feed, Discover, events and groups: the viewer's neighbourhood, their district, or the whole city. */
export const AREAS = ['mahalle', 'ilce', 'sehir'] as const;
export type Area = (typeof AREAS)[number];
export const areaQuerySchema = z.object({ area: z.enum(AREAS, { error: P.areaInvalid }).optional().default('sehir') });

/** An optional neighbourhood chosen from the list (null or empty: none). */
export const neighbourhoodIdField = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable()).optional();

/** An event's place: the address and an optional map point (both coordinates or neither). */
export const eventPlaceFields = {
  neighbourhoodId: neighbourhoodIdField,
  address: z.string().trim().max(LIMITS.eventAddressMax).optional(),
  lat: latSchema.optional(),
  lng: lngSchema.optional(),
};
export const eventPointRule = { check: pairRule, message: P.coordsPair };

/** A neighbourhood as cards and profiles show it. */
export const neighbourhoodRefSchema = z.object({ id: z.number().int(), name: z.string(), districtId: z.number().int(), districtName: z.string() });
export type NeighbourhoodRef = z.infer<typeof neighbourhoodRefSchema>;
