import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { auditModeration } from '../audit';
import { nowIso, toIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import type { UserRow } from '../../presenters/users';
import { lockRow } from '../../db/locks';
import { presentEvent } from '../../presenters/events';
import { indexRows } from '../../db/search/sources';

const S = TEXTS.social;
type Db = Knex | Knex.Transaction;

function eventsQuery(db: Db) {
  return db('events as e')
    .join('users as u', 'u.id', 'e.creator_id')
    .select('e.*', 'u.username as u_username', 'u.display_name as u_display_name', 'u.profile_image as u_profile_image');
}

/** Private events are seen by their creator, their attendees and admins. */
function visible(q: Knex.QueryBuilder, viewer: UserRow | undefined) {
  if (viewer?.role === 'admin') return q;
  return q.where((w) => {
    w.where('e.is_private', false);
    if (viewer) {
      w.orWhere('e.creator_id', viewer.id).orWhereExists(function () {
        this.select(1).from('event_attendees as a').whereRaw('a.event_id = e.id').andWhere('a.user_id', viewer.id);
      });
    }
  });
}

async function present(db: Db, rows: any[], viewer: UserRow | undefined) {
  const attending = new Set<number>();
  if (viewer && rows.length) {
    const mine = await db('event_attendees')
      .whereIn(
        'event_id',
        rows.map((r) => r.id),
      )
      .andWhere({ user_id: viewer.id })
      .select('event_id');
    for (const m of mine) attending.add(m.event_id);
  }
  return rows.map((r) => presentEvent(r, attending.has(r.id)));
}

/**
 * Upcoming events soonest first (keyset on date, id), or past events latest first.
 * The cursor is the last event's (date, id), so paging stays on the index.
 */
export async function listEvents(db: Knex, viewer: UserRow | undefined, page: { limit: number; cursor?: string; when: 'upcoming' | 'past' }) {
  const after = decodeTuple<[string, number]>(page.cursor, ['time', 'int']);
  const now = nowIso();
  const q = visible(eventsQuery(db), viewer);
  const upcoming = page.when === 'upcoming';
  q.where('e.date', upcoming ? '>=' : '<', now);
  if (after) whereRowAfter(q, ['e.date', 'e.id'], upcoming ? '>' : '<', after);
  q.orderBy([
    { column: 'e.date', order: upcoming ? 'asc' : 'desc' },
    { column: 'e.id', order: upcoming ? 'asc' : 'desc' },
  ]);
  const rows = await q.limit(page.limit);
  const last = rows[rows.length - 1];
  return { items: await present(db, rows, viewer), nextCursor: rows.length === page.limit && last ? encodeTuple([toIso(last.date), last.id]) : null };
}

export async function getEvent(db: Db, id: number, viewer: UserRow | undefined) {
  const row = await visible(eventsQuery(db), viewer).where('e.id', id).first();
  if (!row) throw errors.notFound(S.eventNotFound);
  return (await present(db, [row], viewer))[0];
}

export async function createEvent(
  ctx: AppContext,
  me: UserRow,
  input: { title: string; description: string; date: string; location: string; category: string; isPrivate: boolean; imageUrl?: string },
) {
  const id = await ctx.db.transaction(async (trx) => {
    const now = nowIso();
    const [row] = await trx('events')
      .insert({
        creator_id: me.id,
        title: input.title,
        description: input.description,
        date: input.date,
        location: input.location,
        category: input.category,
        is_private: input.isPrivate,
        image_url: input.imageUrl || null,
        attendees_count: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const eventId = typeof row === 'object' ? row.id : row;
    // The creator attends their own event.
    await trx('event_attendees').insert({ event_id: eventId, user_id: me.id, created_at: now });
    await indexRows(trx, 'event', [Number(eventId)]);
    return eventId as number;
  });
  return getEvent(ctx.db, id, me);
}

export async function toggleAttendance(db: Knex, me: UserRow, id: number) {
  return db.transaction(async (trx) => {
    await lockRow(trx, 'events', id);
    await getEvent(trx, id, me);
    const existing = await trx('event_attendees').where({ event_id: id, user_id: me.id }).first('event_id');
    if (existing) {
      await trx('event_attendees').where({ event_id: id, user_id: me.id }).delete();
      await trx('events').where({ id }).decrement('attendees_count', 1);
    } else {
      await trx('event_attendees').insert({ event_id: id, user_id: me.id, created_at: nowIso() });
      await trx('events').where({ id }).increment('attendees_count', 1);
    }
    const { attendees_count } = await trx('events').where({ id }).first('attendees_count');
    return { isAttending: !existing, attendeesCount: attendees_count as number };
  });
}

export async function deleteEvent(db: Knex, me: UserRow, id: number) {
  const event = await getEvent(db, id, me);
  if (event.creator.id !== me.id && me.role !== 'admin') throw errors.forbidden();
  await db.transaction(async (trx) => {
    await trx('events').where({ id }).delete();
    await auditModeration(trx, me, event.creator.id, 'event.delete', { type: 'event', id }, { before: { title: event.title, date: event.date } });
  });
}
