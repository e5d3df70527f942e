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
import { authorize } from '../../policies/decision';
import { canHideEvent, groupRoleOf, seesHiddenInGroup } from '../../policies/hobby-groups';
import { groupContext } from './access';
import type { GroupRow } from '../../presenters/hobby-groups';
import { audit } from '../audit';

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

/**
 * Hides one of a group's events from its members, or shows it again: the group's founder and
 * moderators (nothing outside their group) or the site's moderators, with a reason, audited in
 * the role they acted in. Hiding what is hidden changes nothing and answers the same.
 */
export async function setEventHidden(db: Knex, me: UserRow, id: number, hidden: boolean, reason: string) {
  return db.transaction(async (trx) => {
    const event = (await trx('group_events').where({ id }).forUpdate().first('id', 'group_id', 'is_hidden')) as
      { id: number; group_id: number; is_hidden: boolean | number } | undefined;
    if (!event) throw errors.notFound(TEXTS.social.eventNotFound, 'event_not_found');
    const group = (await trx('hobby_groups').where({ id: event.group_id }).first()) as GroupRow;
    const context = await groupContext(trx, group, me);
    authorize(canHideEvent(me, context));
    if (Boolean(event.is_hidden) !== hidden) {
      await trx('group_events').where({ id }).update({ is_hidden: hidden });
      await audit(
        trx,
        me,
        `group_event.${hidden ? 'hide' : 'restore'}`,
        { type: 'group_event', id },
        { before: { isHidden: !hidden }, after: { isHidden: hidden, reason } },
        { role: groupRoleOf(me, context) ?? undefined },
      );
    }
    return { id, isHidden: hidden };
  });
}
