import type { Knex } from 'knex';
import { TEXTS, type NotificationType } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { auditModeration } from '../audit';
import { nowIso, toIso } from '../../db/time';
import { decodeTuple, encodeTuple, whereRowAfter } from '../../db/keyset';
import type { UserRow } from '../../presenters/users';
import { lockRow } from '../../db/locks';
import { presentEvent, type EventRow } from '../../presenters/events';
import { indexRows } from '../../db/search/sources';
import { announceNotifications, createNotification, createNotifications } from '../notifications';
import { dayjs, formatEventTime } from './time';
import { areaFilter, whereInArea } from '../places/area';
import { placeColumns, placeRefs, refOf } from '../places/places';
import type { Area } from '@mahalle/shared';
import { blockedEitherWay } from '../blocks';
import { authorize, notFound } from '../../policies/decision';
import { moderatesSite } from '../../policies/actor';
import * as policy from '../../policies/events';
import type { EventContext } from '../../policies/events';
import { fileWatchedWordReport, screenText } from '../watched-words';
import { heldColumns, shownOrOwnHeld } from '../held-items';

const S = TEXTS.social;
const V = TEXTS.events;
const N = TEXTS.eventNotices;
type Db = Knex | Knex.Transaction;
type Created = { userId: number; notificationId: number | null };

export function eventsQuery(db: Db) {
  return db('events as e')
    .join('users as u', 'u.id', 'e.creator_id')
    .select('e.*', 'u.username as u_username', 'u.display_name as u_display_name', 'u.profile_image as u_profile_image');
}

/**
 * Private events are seen by their creator, their attendees and the site's moderators (the events
 * policy's `canView`, as SQL for lists). Lists show no hidden event, but for the organiser's own
 * held ones (marked 'Onay bekliyor'); moderators find hidden ones in the review queue.
 */
export function visible(q: Knex.QueryBuilder, viewer: UserRow | undefined) {
  shownOrOwnHeld(q, 'e', viewer?.id, 'creator_id');
  if (moderatesSite(viewer)) return q;
  return q.where((w) => {
    w.where('e.is_private', false);
    if (viewer) {
      w.orWhere('e.creator_id', viewer.id).orWhereExists(function () {
        this.select(1).from('event_attendees as a').whereRaw('a.event_id = e.id').andWhere('a.user_id', viewer.id);
      });
    }
  });
}

/** The viewer's place on each event's waitlist (1 = next in), by join order. */
async function waitlistPositions(db: Db, eventIds: number[], userId: number): Promise<Map<number, number>> {
  const rows: { event_id: number; n: number | string }[] = await db('event_waitlist as w')
    .join('event_waitlist as mine', function () {
      this.on('mine.event_id', '=', 'w.event_id').andOn('w.id', '<=', 'mine.id');
    })
    .where('mine.user_id', userId)
    .whereIn('w.event_id', eventIds)
    .groupBy('w.event_id')
    .select('w.event_id')
    .count({ n: '*' });
  return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
}

async function waitlistPosition(db: Db, eventId: number, userId: number): Promise<number | null> {
  return (await waitlistPositions(db, [eventId], userId)).get(eventId) ?? null;
}

export async function present(ctx: AppContext, db: Db, rows: EventRow[], viewer: UserRow | undefined) {
  const attending = new Set<number>();
  let positions = new Map<number, number>();
  if (viewer && rows.length) {
    const ids = rows.map((r) => r.id);
    const mine = await db('event_attendees').whereIn('event_id', ids).andWhere({ user_id: viewer.id }).select('event_id');
    for (const m of mine) attending.add(m.event_id);
    positions = await waitlistPositions(db, ids, viewer.id);
  }
  const places = await placeRefs(
    db,
    rows.map((r) => r.neighbourhood_id),
  );
  return rows.map((r) =>
    presentEvent(
      r,
      {
        attending: attending.has(r.id),
        waitlistPosition: positions.get(r.id) ?? null,
        canManage: policy.managesEvent(viewer, { creatorId: r.creator_id }),
        timeZone: ctx.config.timeZone,
      },
      r.neighbourhood_id ? refOf(places.get(r.neighbourhood_id)) : null,
    ),
  );
}

/**
 * Upcoming events soonest first (keyset on date, id), or past events latest first.
 * The cursor is the last event's (date, id), so paging stays on the index.
 */
export async function listEvents(
  ctx: AppContext,
  viewer: UserRow | undefined,
  page: { limit: number; cursor?: string; when: 'upcoming' | 'past'; area?: Area },
) {
  const { db } = ctx;
  const after = decodeTuple<[string, number]>(page.cursor, ['time', 'int']);
  const now = nowIso();
  // Near me: one equality before the (date, id) keyset, on the (neighbourhood_id | district_id, date, id) index.
  const q = whereInArea(visible(eventsQuery(db), viewer), 'e', await areaFilter(db, viewer, page.area));
  const upcoming = page.when === 'upcoming';
  q.where('e.date', upcoming ? '>=' : '<', now);
  if (after) whereRowAfter(q, ['e.date', 'e.id'], upcoming ? '>' : '<', after);
  q.orderBy([
    { column: 'e.date', order: upcoming ? 'asc' : 'desc' },
    { column: 'e.id', order: upcoming ? 'asc' : 'desc' },
  ]);
  const rows: EventRow[] = await q.limit(page.limit);
  const last = rows.at(-1);
  return { items: await present(ctx, db, rows, viewer), nextCursor: rows.length === page.limit && last ? encodeTuple([toIso(last.date), last.id]) : null };
}

/** What the events policy needs to decide who sees one event: whether the actor attends it. */
async function viewContext(db: Db, row: EventRow, viewer: UserRow | undefined) {
  const attending = Boolean(viewer && (await db('event_attendees').where({ event_id: row.id, user_id: viewer.id }).first('event_id')));
  return { creatorId: row.creator_id, isPrivate: Boolean(row.is_private), attending, isHidden: Boolean(row.is_hidden) };
}

/** The events policy's whole context for an interaction: the view's, and a block between the actor and the organiser. */
export async function eventContext(db: Db, row: EventRow, me: UserRow): Promise<EventContext> {
  return { ...(await viewContext(db, row, me)), blocked: await blockedEitherWay(db, me.id, row.creator_id) };
}

/** The event's row if the events policy lets the viewer see it, else 404 (`visible` is the same rule for lists). */
export async function visibleEventRow(db: Db, id: number, viewer: UserRow | undefined): Promise<EventRow> {
  const row: EventRow | undefined = await eventsQuery(db).where('e.id', id).first();
  if (!row) throw notFound('event');
  authorize(policy.canView(viewer, await viewContext(db, row, viewer)));
  return row;
}

export async function getEvent(ctx: AppContext, id: number, viewer: UserRow | undefined, db: Db = ctx.db) {
  const row = await visibleEventRow(db, id, viewer);
  const [item] = await present(ctx, db, [row], viewer);
  if (!item) throw errors.notFound(S.eventNotFound, 'event_not_found');
  return item;
}

/**
 * The dates of a recurring event: a week or a month apart at the same wall-clock time in the
 * community's zone, so a weekly 10:00 meetup stays at 10:00 across a daylight-saving change
 * (its UTC time moves instead); a monthly one on the 31st falls on the month's last day.
 */
export function occurrenceDates(first: string, repeat: { every: 'weekly' | 'monthly'; count: number } | undefined, zone: string): string[] {
  if (!repeat) return [first];
  const local = dayjs.utc(first).tz(zone);
  return Array.from({ length: repeat.count }, (_, i) => {
    const wall = repeat.every === 'weekly' ? local.add(i * 7, 'day') : local.add(i, 'month');
    // Re-read the wall-clock time in the zone, so the offset is the one of that day.
    return dayjs.tz(wall.format('YYYY-MM-DDTHH:mm:ss.SSS'), zone).toISOString();
  });
}

export async function createEvent(
  ctx: AppContext,
  me: UserRow,
  input: {
    title: string;
    description: string;
    date: string;
    location: string;
    category: string;
    isPrivate: boolean;
    imageUrl?: string;
    capacity?: number | null;
    repeat?: { every: 'weekly' | 'monthly'; count: number };
    neighbourhoodId?: number | null;
    address?: string;
    lat?: number | null;
    lng?: number | null;
  },
) {
  // A blocking word refuses it; one that holds it saves every occurrence hidden and pending, each queued.
  const screened = await screenText(ctx.db, [input.title, input.description, input.location, input.address]);
  const held = screened === 'require_approval';
  const reportIds: number[] = [];
  const dates = occurrenceDates(input.date, input.repeat, ctx.config.timeZone);
  const id = await ctx.db.transaction(async (trx) => {
    const now = nowIso();
    const place = await placeColumns(trx, input.neighbourhoodId ?? null);
    let seriesId: number | null = null;
    let firstId = 0;
    const ids: number[] = [];
    for (const date of dates) {
      const [row]: ({ id: number } | number | undefined)[] = await trx('events')
        .insert({
          creator_id: me.id,
          title: input.title,
          description: input.description,
          date,
          location: input.location,
          category: input.category,
          is_private: input.isPrivate,
          image_url: input.imageUrl || null,
          capacity: input.capacity ?? null,
          series_id: seriesId,
          ...place,
          address: input.address ?? '',
          lat: input.lat ?? null,
          lng: input.lng ?? null,
          attendees_count: 1,
          ...heldColumns(held),
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      const eventId: number = Number(typeof row === 'object' ? row.id : row);
      if (!firstId) firstId = eventId;
      ids.push(eventId);
      if (input.repeat && seriesId === null) {
        seriesId = eventId;
        await trx('events').where({ id: eventId }).update({ series_id: eventId });
      }
      // The creator attends their own event (and takes one of its places).
      await trx('event_attendees').insert({ event_id: eventId, user_id: me.id, created_at: now });
    }
    await indexRows(trx, 'event', ids);
    if (screened === 'require_approval' || screened === 'flag') {
      for (const eventId of ids) reportIds.push(await fileWatchedWordReport(trx, { type: 'event', id: eventId, authorId: me.id }, screened));
    }
    return firstId;
  });
  for (const reportId of reportIds) ctx.bus.emit('report:created', { reportId });
  return getEvent(ctx, id, me);
}

function notice(type: NotificationType, userId: number, eventId: number, message: string, actorId: number | null = null) {
  return { userId, type, actorId, title: message, message, link: `/events/${eventId}` };
}

/**
 * Moves waiters in, first come first served, while the event has free places. Runs inside the
 * transaction that holds the event's row lock, so a place freed is taken exactly once.
 */
async function fillFromWaitlist(trx: Knex.Transaction, eventId: number): Promise<Created[]> {
  const created: Created[] = [];
  const event: EventRow = await trx('events').where({ id: eventId }).first();
  if (event.capacity === null || event.status === 'cancelled') return created;
  let free = event.capacity - event.attendees_count;
  while (free > 0) {
    const next: { id: number; user_id: number } | undefined = await trx('event_waitlist').where({ event_id: eventId }).orderBy('id').first('id', 'user_id');
    if (!next) break;
    await trx('event_waitlist').where({ id: next.id }).delete();
    await trx('event_attendees').insert({ event_id: eventId, user_id: next.user_id, created_at: nowIso() });
    await trx('events')
      .where({ id: eventId })
      .update({ attendees_count: trx.raw('attendees_count + 1'), waitlist_count: trx.raw('waitlist_count - 1') });
    const id = await createNotification(trx, notice('event_promoted', next.user_id, eventId, N.promoted(event.title)));
    created.push({ userId: next.user_id, notificationId: id });
    free -= 1;
  }
  return created;
}

/**
 * The join/leave toggle. Joining a full event puts the member on the waitlist (its position is in
 * the answer and in a notification); leaving frees a place that the first waiter takes in the same
 * transaction. The event's row is locked first (PostgreSQL), so twenty members joining the last
 * five places at once are serialised: five get in, fifteen wait in the order they came.
 */
export async function toggleAttendance(ctx: AppContext, me: UserRow, id: number) {
  const created: Created[] = [];
  const result = await ctx.db.transaction(async (trx) => {
    await lockRow(trx, 'events', id);
    const event = await visibleEventRow(trx, id, me);
    if (event.status === 'cancelled') throw errors.conflict(V.cancelled, 'event_cancelled');
    // Who came is history once the event has begun: nobody joins, leaves or waits any more.
    if (new Date(toIso(event.date)).getTime() <= (ctx.now?.() ?? new Date()).getTime()) throw errors.conflict(V.over, 'event_over');
    const attending = await trx('event_attendees').where({ event_id: id, user_id: me.id }).first('event_id');
    const waiting: { id: number } | undefined = await trx('event_waitlist').where({ event_id: id, user_id: me.id }).first('id');
    // Joining across a block with the organiser is refused; leaving (or leaving the waitlist) never is.
    authorize(policy.canAttend(me, await eventContext(trx, event, me), !attending && !waiting));
    let position: number | null = null;
    if (attending) {
      await trx('event_attendees').where({ event_id: id, user_id: me.id }).delete();
      await trx('events').where({ id }).decrement('attendees_count', 1);
      created.push(...(await fillFromWaitlist(trx, id)));
    } else if (waiting) {
      await trx('event_waitlist').where({ id: waiting.id }).delete();
      await trx('events').where({ id }).decrement('waitlist_count', 1);
    } else if (event.capacity === null || event.attendees_count < event.capacity) {
      await trx('event_attendees').insert({ event_id: id, user_id: me.id, created_at: nowIso() });
      await trx('events').where({ id }).increment('attendees_count', 1);
    } else {
      await trx('event_waitlist').insert({ event_id: id, user_id: me.id, created_at: nowIso() });
      await trx('events').where({ id }).increment('waitlist_count', 1);
      position = await waitlistPosition(trx, id, me.id);
      const n = await createNotification(trx, notice('event_waitlisted', me.id, id, N.waitlisted(event.title, position ?? 0)));
      created.push({ userId: me.id, notificationId: n });
    }
    const counted = await trx('events').where({ id }).first<{ attendees_count: number } | undefined>('attendees_count');
    if (!counted) throw errors.notFound(S.eventNotFound, 'event_not_found');
    return { isAttending: !attending && !waiting && position === null, attendeesCount: Number(counted.attendees_count), waitlistPosition: position };
  });
  announceNotifications(ctx.bus, created);
  return result;
}

/** The event, locked, for its organiser or an admin; a cancelled one is not changed. */
async function managedEvent(trx: Knex.Transaction, me: UserRow, id: number): Promise<EventRow> {
  await lockRow(trx, 'events', id);
  const event = await visibleEventRow(trx, id, me);
  authorize(policy.canManage(me, { creatorId: event.creator_id }));
  if (event.status === 'cancelled') throw errors.conflict(V.cancelled, 'event_cancelled');
  return event;
}

/** Everyone attending, then everyone waiting (the organiser's own notices are skipped by createNotification). */
async function attendeesAndWaiters(trx: Knex.Transaction, id: number): Promise<number[]> {
  const going = await trx('event_attendees').where({ event_id: id }).orderBy('user_id').pluck('user_id');
  const waiting = await trx('event_waitlist').where({ event_id: id }).orderBy('id').pluck('user_id');
  return [...going, ...waiting] as number[];
}

export async function updateEvent(
  ctx: AppContext,
  me: UserRow,
  id: number,
  input: {
    title?: string;
    description?: string;
    date?: string;
    location?: string;
    category?: string;
    isPrivate?: boolean;
    capacity?: number | null;
    neighbourhoodId?: number | null;
    address?: string;
    lat?: number | null;
    lng?: number | null;
  },
) {
  await screenText(ctx.db, [input.title, input.description, input.location, input.address]);
  const created: Created[] = [];
  await ctx.db.transaction(async (trx) => {
    const before = await managedEvent(trx, me, id);
    const patch: Record<string, unknown> = { updated_at: nowIso(), ...(await placeColumns(trx, input.neighbourhoodId)) };
    if (input.address !== undefined) patch.address = input.address;
    if (input.lat !== undefined) patch.lat = input.lat;
    if (input.lng !== undefined) patch.lng = input.lng;
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.date !== undefined) patch.date = input.date;
    if (input.location !== undefined) patch.location = input.location;
    if (input.category !== undefined) patch.category = input.category;
    if (input.isPrivate !== undefined) patch.is_private = input.isPrivate;
    if (input.capacity !== undefined) patch.capacity = input.capacity;
    await trx('events').where({ id }).update(patch);
    // A new title, description or place is what the search finds from now on (the search index, same transaction).
    await indexRows(trx, 'event', [id]);
    // A raised (or removed) capacity lets waiters in; a lowered one sends nobody away.
    if (input.capacity !== undefined) created.push(...(await fillFromWaitlist(trx, id)));
    const oldDate = toIso(before.date);
    if (input.date !== undefined && input.date !== oldDate) {
      const zone = ctx.config.timeZone;
      const text = N.timeChanged(input.title ?? before.title, formatEventTime(oldDate, zone), formatEventTime(input.date, zone));
      const people = await attendeesAndWaiters(trx, id);
      created.push(
        ...(await createNotifications(
          trx,
          people.map((userId) => notice('event_time_changed', userId, id, text, me.id)),
        )),
      );
    }
  });
  announceNotifications(ctx.bus, created);
  return getEvent(ctx, id, me);
}

/** Cancels with a reason: nobody joins any more, and everyone attending or waiting is told why. */
export async function cancelEvent(ctx: AppContext, me: UserRow, id: number, reason: string) {
  const created: Created[] = [];
  await ctx.db.transaction(async (trx) => {
    const event = await managedEvent(trx, me, id);
    await trx('events').where({ id }).update({ status: 'cancelled', cancel_reason: reason, updated_at: nowIso() });
    const text = N.cancelled(event.title, reason);
    const people = await attendeesAndWaiters(trx, id);
    created.push(
      ...(await createNotifications(
        trx,
        people.map((userId) => notice('event_cancelled', userId, id, text, me.id)),
      )),
    );
  });
  announceNotifications(ctx.bus, created);
  return getEvent(ctx, id, me);
}

/** A short message from the organiser to every attendee, as a notification. */
export async function messageAttendees(ctx: AppContext, me: UserRow, id: number, message: string) {
  const created: Created[] = [];
  await ctx.db.transaction(async (trx) => {
    const event = await managedEvent(trx, me, id);
    const text = N.message(event.title, message);
    const going: number[] = await trx('event_attendees').where({ event_id: id }).orderBy('user_id').pluck('user_id');
    created.push(
      ...(await createNotifications(
        trx,
        going.map((userId) => notice('event_message', userId, id, text, me.id)),
      )),
    );
  });
  announceNotifications(ctx.bus, created);
  return { ok: true as const, recipients: created.filter((c) => c.notificationId !== null).length };
}

export async function deleteEvent(ctx: AppContext, me: UserRow, id: number) {
  const event = await getEvent(ctx, id, me);
  authorize(policy.canDelete(me, { creatorId: event.creator.id }));
  await ctx.db.transaction(async (trx) => {
    await trx('events').where({ id }).delete();
    await auditModeration(trx, me, event.creator.id, 'event.delete', { type: 'event', id }, { before: { title: event.title, date: event.date } });
  });
}
