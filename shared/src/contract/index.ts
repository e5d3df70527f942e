/**
 * The API contract: every endpoint the server mounts, by name ('<resource>.<action>'), one file
 * per resource. Both sides use it: the server checks its answers against it in tests and
 * generates /api/openapi.json from it; the renderer's api/<resource>.ts modules take their types
 * from it (type imports only). A route the server mounts that is not here fails the contract test.
 */
import type { Endpoint } from './endpoint';
import { metaEndpoints } from './meta';
import { postEndpoints } from './posts';
import { bookmarkEndpoints } from './bookmarks';
import { hashtagEndpoints } from './hashtags';

export * from './endpoint';

export const contract = {
  ...metaEndpoints,
  ...postEndpoints,
  ...bookmarkEndpoints,
  ...hashtagEndpoints,
} satisfies Record<string, Endpoint>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
