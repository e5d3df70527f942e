import { z } from 'zod';
import {
  queueBulkDecisionSchema,
  queueClaimSchema,
  queueDecisionResultSchema,
  queueDecisionSchema,
  queueUndoResultSchema,
  reviewQueuePageSchema,
  reviewQueueQuerySchema,
} from '../schemas/review-queue';
import { idParamsSchema } from '../schemas/common';
import { endpoint, okSchema } from './endpoint';

/**
 * The one review queue (site moderators and admins): one entry per reported thing with all its
 * open reports, held items and watched-word flags, most reported and oldest first, each with its
 * context. A moderator claims an entry before deciding (a claim lasts LIMITS.queueClaimMinutes);
 * a decision can be undone for LIMITS.queueUndoSeconds. Every change is sent to every moderator
 * over the socket (SOCKET_EVENTS.queueChanged).
 */
export const reviewQueueEndpoints = {
  'admin.queue': endpoint({
    route: 'GET /api/admin/queue',
    summary: "The open review queue: most open reports first, then the oldest; each entry with its reports, the item and its author's context",
    tag: 'admin',
    access: 'moderator',
    query: reviewQueueQuerySchema,
    response: reviewQueuePageSchema,
  }),
  'admin.queueClaim': endpoint({
    route: 'POST /api/admin/queue/:id/claim',
    summary: "Claim an entry for LIMITS.queueClaimMinutes (again: extends one's own claim); 409 queue_entry_claimed naming who holds it",
    tag: 'admin',
    access: 'moderator',
    params: idParamsSchema,
    response: z.object({ entryId: z.number().int(), claim: queueClaimSchema }),
  }),
  'admin.queueRelease': endpoint({
    route: 'DELETE /api/admin/queue/:id/claim',
    summary: "Release one's claim on an entry (409 queue_entry_claimed when another moderator holds it)",
    tag: 'admin',
    access: 'moderator',
    params: idParamsSchema,
    response: okSchema,
  }),
  'admin.queueDecide': endpoint({
    route: 'POST /api/admin/queue/:id/decide',
    summary: 'Approve (dismiss the reports, publish a held item), hide, warn or suspend the author (1 or 7 days); closes the entry; audited',
    tag: 'admin',
    access: 'moderator',
    params: idParamsSchema,
    body: queueDecisionSchema,
    response: queueDecisionResultSchema,
  }),
  'admin.queueBulk': endpoint({
    route: 'POST /api/admin/queue/bulk',
    summary: 'One decision on many entries in one transaction (all or none; 409 when another moderator holds one)',
    tag: 'admin',
    access: 'moderator',
    body: queueBulkDecisionSchema,
    response: queueDecisionResultSchema,
  }),
  'admin.queueUndo': endpoint({
    route: 'POST /api/admin/queue/actions/:id/undo',
    summary:
      "Undo one's own queue decision within LIMITS.queueUndoSeconds: reports reopen, a hide or publish is reversed, a warning or suspension lifted (410 after)",
    tag: 'admin',
    access: 'moderator',
    params: idParamsSchema,
    response: queueUndoResultSchema,
  }),
};
