import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { idSchema } from './common';
import { latSchema, lngSchema, NEIGHBOURHOOD_VISIBILITIES, neighbourhoodRefSchema, placeNameSchema, pairRule } from './place-fields';
import { eventSchema } from './events';
import { hobbyGroupSchema } from './hobby-groups';
import { postSchema } from './posts';

const P = TEXTS.places;

export const createDistrictSchema = z.object({ name: placeNameSchema });
export const updateDistrictSchema = z.object({ name: placeNameSchema });

export const createNeighbourhoodSchema = z
  .object({ name: placeNameSchema, districtId: idSchema, lat: latSchema.optional(), lng: lngSchema.optional() })
  .refine(pairRule, { message: P.coordsPair, path: ['lat'] });
export const updateNeighbourhoodSchema = z
  .object({ name: placeNameSchema.optional(), districtId: idSchema.optional(), lat: latSchema.optional(), lng: lngSchema.optional() })
  .strict()
  .refine(pairRule, { message: P.coordsPair, path: ['lat'] });

/** A CSV text: a header `name,district[,lat,lng]`, then one neighbourhood a line. */
export const importPlacesSchema = z.object({
  csv: z.string({ error: P.importEmpty }).max(LIMITS.placesCsvMaxBytes, { error: P.importTooLarge }),
});

export const setMyNeighbourhoodSchema = z.object({
  neighbourhoodId: idSchema.nullable(),
  visibility: z.enum(NEIGHBOURHOOD_VISIBILITIES, { error: P.visibilityInvalid }),
});

/* ---- Answers ---- */

export const neighbourhoodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  districtId: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type Neighbourhood = z.infer<typeof neighbourhoodSchema>;

export const districtSchema = z.object({ id: z.number().int(), name: z.string(), neighbourhoods: z.array(neighbourhoodSchema) });
export type District = z.infer<typeof districtSchema>;

/** The whole city: districts by name, each with its neighbourhoods by name (bounded by LIMITS.neighbourhoodsMax). */
export const placesSchema = z.object({ districts: z.array(districtSchema) });
export type Places = z.infer<typeof placesSchema>;

export const importPlacesResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  districtsCreated: z.number().int(),
});

export const myNeighbourhoodSchema = z.object({ neighbourhood: neighbourhoodRefSchema.nullable(), visibility: z.enum(NEIGHBOURHOOD_VISIBILITIES) });
export type MyNeighbourhood = z.infer<typeof myNeighbourhoodSchema>;

/** Discover's Yakınımda: what is near the viewer, by distance when both sides have coordinates (distanceKm), else same neighbourhood first. */
export const nearbySchema = z.object({
  neighbourhood: neighbourhoodRefSchema,
  byDistance: z.boolean(),
  events: z.array(z.object({ item: eventSchema, distanceKm: z.number().nullable() })),
  groups: z.array(z.object({ item: hobbyGroupSchema, distanceKm: z.number().nullable() })),
  posts: z.array(z.object({ item: postSchema, distanceKm: z.number().nullable() })),
});
export type Nearby = z.infer<typeof nearbySchema>;
