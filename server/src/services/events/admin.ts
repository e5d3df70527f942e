import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import { toIso } from '../../db/time';
import { intColumn, sortedPage, textColumn, timeColumn } from '../../db/keyset';
import { presentAdminEvent, type AdminEventRow } from '../../presenters/events';
import type { UserRow } from '../../presenters/users';
import { audit } from '../audit';
import { whereMatches } from '../../db/search/query';
import { whereItemState } from '../held-items';
import type { ItemState } from '@mahalle/shared';

/** The admin workspace's events tab: city events and group events. */

const EVENT_SORT = { createdAt: intColumn('e.id'), date: timeColumn('e.date'), title: textColumn('e.title'), attendeesCount: intColumn('e.attendees_count') };

/** City events or group events; group events have no attendance, so that sort falls back to time. */
export async function listEvents(
  db: Knex,
  q: {
    kind: 'event' | 'group_event';
    limit: number;
    cursor?: string;
    sort: keyof typeof EVENT_SORT;
    direction: 'asc' | 'desc';
    search?: string;
    state?: ItemState;
  },
) {
  const city = q.kind === 'event';
  const query = city
    ? db('events as e').join('users as u', 'u.id', 'e.creator_id').select('e.*', 'u.username', 'u.display_name')
    : db('group_events as e')
        .join('hobby_groups as g', 'g.id', 'e.group_id')
        .leftJoin('users as u', 'u.id', 'e.creator_id')
        .select('e.*', 'g.name as group_name', 'g.slug as group_slug', 'u.username', 'u.display_name');
  if (q.search) whereMatches(db, query, 'e.id', [city ? 'event' : 'group_event'], q.search);
  if (q.state) whereItemState(query, 'e', q.state);
  const sort = !city && q.sort === 'attendeesCount' ? 'createdAt' : q.sort;
  const page = await sortedPage<AdminEventRow>(query, {
    columns: EVENT_SORT,
    sort,
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'e.id',
  });
  return {
    items: page.rows.map((r) => presentAdminEvent(q.kind, r)),
    nextCursor: page.nextCursor,
  };
}

export async function deleteEvent(db: Knex, admin: UserRow, kind: 'event' | 'group_event', id: number) {
  await db.transaction((trx) => deleteEventTx(trx, admin, kind, id));
}

/** A group event removed in a report's decision. */
export const deleteGroupEventTx = (trx: Knex.Transaction, admin: UserRow, id: number) => deleteEventTx(trx, admin, 'group_event', id);

async function deleteEventTx(trx: Knex.Transaction, admin: UserRow, kind: 'event' | 'group_event', id: number) {
  const table = kind === 'event' ? 'events' : 'group_events';
  const before = await trx(table).where({ id }).first();
  if (!before) throw errors.notFound(TEXTS.social.eventNotFound, 'event_not_found');
  await trx(table).where({ id }).delete();
  // The group's event count counts shown events: a hidden one was taken out when it was hidden.
  if (kind === 'group_event' && !before.is_hidden) await trx('hobby_groups').where({ id: before.group_id }).decrement('event_count', 1);
  await audit(trx, admin, `${kind}.delete`, { type: kind, id }, { before: { title: before.title, date: toIso(before.date) } });
}
