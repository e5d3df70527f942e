import { categorySchema } from '../schemas/categories';
import { communityStatsSchema, dailyStatsSchema, healthSchema, readySchema } from '../schemas/stats';
import { z } from 'zod';
import { endpoint } from './endpoint';

/** Small public reads: health, post categories, community counters. */
export const metaEndpoints = {
  'health.get': endpoint({
    route: 'GET /api/health',
    summary: 'Liveness: the server answers and reaches its database',
    access: 'public',
    response: healthSchema,
  }),
  'health.ready': endpoint({
    route: 'GET /api/ready',
    summary: 'Readiness: the database and the socket adapter answer and the node is not stopping (503 unavailable, failed parts in details)',
    access: 'public',
    response: readySchema,
  }),
  'api.openapi': endpoint({
    route: 'GET /api/openapi.json',
    summary: 'This document: the OpenAPI 3.1 description of the API (a readable page is at /api/docs)',
    access: 'public',
    tag: 'meta',
    response: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
  }),
  'categories.list': endpoint({
    route: 'GET /api/categories',
    summary: "Post categories ('Genel' first) with their visible post counts",
    access: 'public',
    response: z.array(categorySchema),
  }),
  'stats.community': endpoint({ route: 'GET /api/stats', summary: "The home page's community counters", access: 'public', response: communityStatsSchema }),
  'stats.today': endpoint({
    route: 'GET /api/stats/today',
    summary: "Discover's statistics over the last 24 hours",
    access: 'public',
    response: dailyStatsSchema,
  }),
};
