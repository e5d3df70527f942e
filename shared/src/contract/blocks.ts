import { cursorPageQuerySchema, idParamsSchema } from '../schemas/common';
import {
  blockedPersonSchema,
  blockResultSchema,
  blockStatusSchema,
  mutedPersonSchema,
  mutedTermInputSchema,
  mutedTermSchema,
  muteInputSchema,
  muteResultSchema,
} from '../schemas/blocks';
import { z } from 'zod';
import { endpoint, okSchema, pageOf } from './endpoint';

/**
 * Blocking and muting: a member's own decisions about other members, hashtags and
 * words. A block works both ways for visibility; a mute only hides things from the muter, who
 * is the only one who knows about it.
 */
export const blockEndpoints = {
  'blocks.status': endpoint({
    route: 'GET /api/users/:id/block',
    summary: 'Whether the signed-in member blocked or muted this member (never whether they are blocked by them)',
    access: 'member',
    tag: 'blocks',
    params: idParamsSchema,
    response: blockStatusSchema,
  }),
  'blocks.block': endpoint({
    route: 'POST /api/users/:id/block',
    summary: 'Block a member: follows and follow requests either way end; from now on neither sees nor reaches the other',
    access: 'member',
    tag: 'blocks',
    params: idParamsSchema,
    response: blockResultSchema,
  }),
  'blocks.unblock': endpoint({
    route: 'DELETE /api/users/:id/block',
    summary: 'Lift a block (follows that ended stay ended)',
    access: 'member',
    tag: 'blocks',
    params: idParamsSchema,
    response: blockResultSchema,
  }),
  'blocks.list': endpoint({
    route: 'GET /api/users/me/blocks',
    summary: 'Members the signed-in member blocked, newest first, a page at a time (`cursor`)',
    access: 'member',
    tag: 'blocks',
    query: cursorPageQuerySchema,
    response: pageOf(blockedPersonSchema),
  }),
  'mutes.mute': endpoint({
    route: 'POST /api/users/:id/mute',
    summary: "Mute a member for a day, a week, a month or for good: their posts and comments leave the muter's feeds and notifications",
    access: 'member',
    tag: 'blocks',
    params: idParamsSchema,
    body: muteInputSchema,
    response: muteResultSchema,
  }),
  'mutes.unmute': endpoint({
    route: 'DELETE /api/users/:id/mute',
    summary: 'Unmute a member',
    access: 'member',
    tag: 'blocks',
    params: idParamsSchema,
    response: muteResultSchema,
  }),
  'mutes.list': endpoint({
    route: 'GET /api/users/me/mutes',
    summary: 'Members the signed-in member mutes now (expired mutes left out), newest first, a page at a time (`cursor`)',
    access: 'member',
    tag: 'blocks',
    query: cursorPageQuerySchema,
    response: pageOf(mutedPersonSchema),
  }),
  'mutedTerms.list': endpoint({
    route: 'GET /api/users/me/muted-terms',
    summary: 'Hashtags and words the signed-in member mutes (at most LIMITS.mutedTermsMax, so not paged), newest first',
    access: 'member',
    tag: 'blocks',
    response: z.array(mutedTermSchema),
  }),
  'mutedTerms.add': endpoint({
    route: 'POST /api/users/me/muted-terms',
    summary: 'Mute a hashtag or a word (folded by the shared Turkish rule); muting one again answers the existing one',
    access: 'member',
    tag: 'blocks',
    body: mutedTermInputSchema,
    status: 201,
    response: mutedTermSchema,
  }),
  'mutedTerms.remove': endpoint({
    route: 'DELETE /api/users/me/muted-terms/:id',
    summary: 'Unmute a hashtag or a word',
    access: 'member',
    tag: 'blocks',
    params: idParamsSchema,
    response: okSchema,
  }),
};
