import type { Knex } from 'knex';
import { nowIso, toIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import { type UserRow } from '../../presenters/users';
import { insideOrThrow, memberOrThrow } from './access';
import { presentGroupEvent, type GroupEventRow } from '../../presenters/hobby-groups';
import { indexRows } from '../../db/search/sources';
import { fileWatchedWordReport, screenText } from '../watched-words';
import { heldColumns, shownOrOwnHeld } from '../held-items';
import type { AppContext } from '../../context';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { canViewEvent, seesHiddenInGroup, type GroupEventContext } from '../../policies/hobby-groups';
import { groupContext } from './access';
import type { GroupRow } from '../../presenters/hobby-groups';

/** A group's own events. */

/** Upcoming first (soonest), keyset on (date, id): the cursor is the last event's pair. */
export async function listEvents(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[string, number]>(page.cursor, ['time', 'int']);
  const group = await insideOrThrow(db, slug, viewer);
  // The group's moderators (and the site's) see its hidden events too, marked by the presenter, to
  // restore them; a member sees their own held ones, marked 'Onay bekliyor'.
  const q = db('group_events as e').where('e.group_id', group.id).select('e.*');
  if (!seesHiddenInGroup(viewer, await groupContext(db, group, viewer))) shownOrOwnHeld(q, 'e', viewer?.id, 'creator_id');
  q.andWhere('e.date', '>=', new Date(Date.now() - 86_400_000).toISOString());
  if (after) whereRowAfter(q, ['e.date', 'e.id'], '>', after);
  const rows: GroupEventRow[] = await q
    .orderBy([
      { column: 'e.date', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .limit(page.limit);
  const last = rows.at(-1);
  return { items: rows.map(presentGroupEvent), nextCursor: rows.length === page.limit && last ? encodeTuple([toIso(last.date), last.id]) : null };
}

/**
 * A member adds an event to the group. A blocking word refuses it; one that holds it saves it
 * hidden, pending and uncounted (services/held-items); a held or flagged one is queued, and
 * announced to the moderators' live queue once written.
 */
export async function createEvent(
  ctx: AppContext,
  me: UserRow,
  slug: string,
  input: { title: string; description: string; date: string; location: string; maxAttendees?: number; isOnline: boolean; meetingLink?: string },
) {
  const db = ctx.db;
  const screened = await screenText(db, [input.title, input.description, input.location]);
  const held = screened === 'require_approval';
  let reportId: number | null = null;
  const row = await db.transaction(async (trx) => {
    const group = await memberOrThrow(trx, slug, me);
    const now = nowIso();
    const [created]: GroupEventRow[] = await trx('group_events')
      .insert({
        group_id: group.id,
        creator_id: me.id,
        title: input.title,
        description: input.description || null,
        date: input.date,
        location: input.location,
        max_attendees: input.maxAttendees ?? null,
        is_online: input.isOnline,
        meeting_link: input.meetingLink || null,
        ...heldColumns(held),
        created_at: now,
        updated_at: now,
      })
      .returning('*');
    if (!created) throw new Error('insert into group_events returned no row');
    if (!held) await trx('hobby_groups').where({ id: group.id }).increment('event_count', 1);
    await indexRows(trx, 'group_event', [Number(created.id)]);
    if (screened === 'flag' || screened === 'require_approval')
      reportId = await fileWatchedWordReport(trx, { type: 'group_event', id: Number(created.id), authorId: me.id }, screened);
    return created;
  });
  if (reportId !== null) ctx.bus.emit('report:created', { reportId });
  return presentGroupEvent(row);
}

/** What the group policy needs about one group event for one actor: the event, its group, the actor's place in it. */
export async function groupEventContext(db: Knex | Knex.Transaction, id: number, viewer: UserRow | undefined): Promise<GroupEventContext> {
  const event = (await db('group_events').where({ id }).first('id', 'group_id', 'creator_id', 'is_hidden', 'pending_approval')) as
    { id: number; group_id: number; creator_id: number | null; is_hidden: boolean | number; pending_approval: boolean | number } | undefined;
  if (!event) throw errors.notFound(TEXTS.social.eventNotFound, 'event_not_found');
  const group = (await db('hobby_groups').where({ id: event.group_id }).first()) as GroupRow;
  return {
    creatorId: event.creator_id,
    isHidden: Boolean(event.is_hidden),
    pendingApproval: Boolean(event.pending_approval),
    group: await groupContext(db, group, viewer),
  };
}

/** Whether this viewer may see a group event (not hidden, or they moderate it, or it waits for their approval as its creator; and the group's inside is open to them). */
export async function canSeeGroupEvent(db: Knex | Knex.Transaction, id: number, viewer: UserRow | undefined): Promise<boolean> {
  return groupEventContext(db, id, viewer).then(
    (context) => canViewEvent(viewer, context).ok,
    () => false,
  );
}
