import type { Knex } from 'knex';
import { nowIso, toIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import { type UserRow } from '../../presenters/users';
import { insideOrThrow, memberOrThrow } from './access';
import { presentGroupEvent, type GroupEventRow } from '../../presenters/hobby-groups';
import { indexRows } from '../../db/search/sources';
import { screenText } from '../watched-words';

/** A group's own events. */

/** Upcoming first (soonest), keyset on (date, id): the cursor is the last event's pair. */
export async function listEvents(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; cursor?: string }) {
  const after = decodeTuple<[string, number]>(page.cursor, ['time', 'int']);
  const group = await insideOrThrow(db, slug, viewer);
  const q = db('group_events')
    .where({ group_id: group.id })
    .andWhere('date', '>=', new Date(Date.now() - 86_400_000).toISOString());
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
