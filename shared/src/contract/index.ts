/**
 * The API contract: every endpoint the server mounts, by name ('<resource>.<action>'), one file
 * per resource. Both sides use it: the server checks its answers against it in tests and
 * generates /api/openapi.json from it; the renderer's api/<resource>.ts modules take their types
 * from it (type imports only). A route the server mounts that is not here fails the contract test.
 */
import type { Endpoint } from './endpoint';
import { adminEndpoints } from './admin';
import { metaEndpoints } from './meta';
import { authEndpoints } from './auth';
import { usersEndpoints } from './users';
import { notificationsEndpoints } from './notifications';
import { messagesEndpoints } from './messages';
import { reportsEndpoints } from './reports';
import { questionEndpoints } from './questions';
import { answerEndpoints } from './answers';
import { blogEndpoints } from './blog';
import { hobbyGroupEndpoints } from './hobby-groups';
import { eventEndpoints } from './events';
import { postEndpoints } from './posts';
import { bookmarkEndpoints } from './bookmarks';
import { hashtagEndpoints } from './hashtags';
import { searchEndpoints } from './search';
import { blockEndpoints } from './blocks';
import { privacyEndpoints } from './privacy';
import { placeEndpoints } from './places';
import { trustEndpoints } from './trust';
import { watchedWordEndpoints } from './watched-words';
import { reviewQueueEndpoints } from './review-queue';
import { deliveryEndpoints } from './delivery';
import { appealEndpoints } from './appeals';

export * from './endpoint';

export const contract = {
  ...metaEndpoints,
  ...adminEndpoints,
  ...authEndpoints,
  ...usersEndpoints,
  ...notificationsEndpoints,
  ...messagesEndpoints,
  ...reportsEndpoints,
  ...questionEndpoints,
  ...answerEndpoints,
  ...blogEndpoints,
  ...hobbyGroupEndpoints,
  ...eventEndpoints,
  ...postEndpoints,
  ...bookmarkEndpoints,
  ...hashtagEndpoints,
  ...searchEndpoints,
  ...blockEndpoints,
  ...privacyEndpoints,
  ...placeEndpoints,
  ...trustEndpoints,
  ...watchedWordEndpoints,
  ...reviewQueueEndpoints,
  ...deliveryEndpoints,
  ...appealEndpoints,
} satisfies Record<string, Endpoint>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
