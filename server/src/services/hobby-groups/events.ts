import type { Knex } from 'knex';
import { nowIso } from '../../db/time';
import { type UserRow } from '../../presenters/users';
import { insideOrThrow, memberOrThrow } from './access';
import { presentGroupEvent } from '../../presenters/hobby-groups';

/** A group's own events. */


/** Upcoming first (soonest), keyset on (date, id). */
export async function listEvents(db: Knex, slug: string, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  const group = await insideOrThrow(db, slug, viewer);
  const q = db('group_events').where({ group_id: group.id }).andWhere('date', '>=', new Date(Date.now() - 86_400_000).toISOString());
  if (page.before) {
    const last = await db('group_events').where({ id: page.before }).first('date', 'id');
    if (last) q.where((w) => w.where('date', '>', last.date).orWhere((w2) => w2.where('date', last.date).andWhere('id', '>', last.id)));
  }
  return (await q.orderBy([{ column: 'date', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(page.limit)).map(presentGroupEvent);
}

export async function createEvent(
  db: Knex,
  me: UserRow,
  slug: string,
  input: { title: string; description: string; date: string; location: string; maxAttendees?: number; isOnline: boolean; meetingLink?: string },
) {
  const row = await db.transaction(async (trx) => {
    const group = await memberOrThrow(trx, slug, me);
    const now = nowIso();
    const [created] = await trx('group_events')
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
    await trx('hobby_groups').where({ id: group.id }).increment('event_count', 1);
    return created;
  });
  return presentGroupEvent(row);
}

