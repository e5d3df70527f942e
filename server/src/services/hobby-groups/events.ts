import type { Knex } from 'knex';
import { nowIso, toIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import { type UserRow } from '../../presenters/users';
import { insideOrThrow, memberOrThrow } from './access';
import { presentGroupEvent, type GroupEventRow } from '../../presenters/hobby-groups';
import { indexRows } from '../../db/search/sources';
import { screenText } from '../watched-words';
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
  // The group's moderators (and the site's) see its hidden events too, marked by the presenter, to restore them.
  const q = db('group_events').where({ group_id: group.id });
  if (!seesHiddenInGroup(viewer, await groupContext(db, group, viewer))) q.where({ is_hidden: false });
  q.andWhere('date', '>=', new Date(Date.now() - 86_400_000).toISOString());
  if (after) whereRowAfter(q, ['date', 'id'], '>', after);
  const rows: GroupEventRow[] = await q
    .orderBy([
      { column: 'date', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(page.limit);
  const last = rows.at(-1);
  return { items: rows.map(presentGroupEvent), nextCursor: rows.length === page.limit && last ? encodeTuple([toIso(last.date), last.id]) : null };
}

export async function createEvent(
  db: Knex,
  me: UserRow,
  slug: string,
  input: { title: string; description: string; date: string; location: string; maxAttendees?: number; isOnline: boolean; meetingLink?: string },
) {
  await screenText(db, [input.title, input.description, input.location]);
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
        created_at: now,
        updated_at: now,
      })
      .returning('*');
    if (!created) throw new Error('insert into group_events returned no row');
    await trx('hobby_groups').where({ id: group.id }).increment('event_count', 1);
    await indexRows(trx, 'group_event', [Number(created.id)]);
    return created;
  });
  return presentGroupEvent(row);
}

/** What the group policy needs about one group event for one actor: the event, its group, the actor's place in it. */
export async function groupEventContext(db: Knex | Knex.Transaction, id: number, viewer: UserRow | undefined): Promise<GroupEventContext> {
  const event = (await db('group_events').where({ id }).first('id', 'group_id', 'creator_id', 'is_hidden')) as
    { id: number; group_id: number; creator_id: number | null; is_hidden: boolean | number } | undefined;
  if (!event) throw errors.notFound(TEXTS.social.eventNotFound, 'event_not_found');
  const group = (await db('hobby_groups').where({ id: event.group_id }).first()) as GroupRow;
  return { creatorId: event.creator_id, isHidden: Boolean(event.is_hidden), group: await groupContext(db, group, viewer) };
}

/** Whether this viewer may see a group event (not hidden, or they moderate it; and the group's inside is open to them). */
export async function canSeeGroupEvent(db: Knex | Knex.Transaction, id: number, viewer: UserRow | undefined): Promise<boolean> {
  return groupEventContext(db, id, viewer).then(
    (context) => canViewEvent(viewer, context).ok,
    () => false,
  );
}
