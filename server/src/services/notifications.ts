import type { Knex } from 'knex';
import { presentNotification, type NotificationRow } from '../presenters/notifications';
import type { CursorPageQuery, Notification, NotificationType } from '@mahalle/shared';
import type { Page } from '@mahalle/shared/contract';
import { idPage } from '../db/keyset';
import type { DomainBus } from '../context';
import { nowIso } from '../db/time';
import { TEXTS } from '@mahalle/shared';
import { errors } from '../errors';
import { wantsInApp } from '@mahalle/shared';
import { notificationSettingsOf } from './notification-settings';
import { silencedActors } from './blocks';
import { dayjs } from './events/time';
import { queueNotificationDeliveries, type WrittenNotification } from './delivery/enqueue';

export interface NewNotification {
  /** Recipient. */
  userId: number;
  type: NotificationType;
  /** Who caused it; never notifies people about their own actions. */
  actorId: number | null;
  relatedPostId?: number | null;
  title?: string;
  message?: string;
  link?: string | null;
  /** What the recipient may appeal from this notice (`post:12`; services/appeals), if anything. */
  appealKey?: string | null;
}

/**
 * Kinds a member gets once per actor and target: unlike and like again, or unfollow and follow
 * again, does not notify again. A unique index (migration notifications_once_per_actor) keeps
 * it so even for two requests at once; the insert of a repeat is skipped, never an error, so
 * the caller's transaction goes on (ON CONFLICT DO NOTHING on PostgreSQL, OR IGNORE on SQLite).
 */
const ONCE_PER_ACTOR: ReadonlySet<NotificationType> = new Set(['like', 'follow']);

/**
 * The community's clock, for the day a notification's group belongs to: its zone (config.timeZone,
 * Europe/Istanbul by default) and the injectable clock tests set (ctx.now). The writers of kinds that
 * group (likes, follows) pass it; without it the day is Europe/Istanbul's, by the real clock.
 */
export interface NotificationClock {
  timeZone: string;
  now?: () => Date;
}
export const notificationClock = (ctx: { config: { timeZone: string }; now?: () => Date }): NotificationClock => ({
  timeZone: ctx.config.timeZone,
  now: ctx.now,
});
const DEFAULT_CLOCK: NotificationClock = { timeZone: 'Europe/Istanbul' };

/**
 * Writes a notification inside the caller's transaction. Returns its id, or null when it was
 * skipped (acting on one's own content, a repeat of a once-per-actor kind, or a kind the recipient
 * turned off in-app). After the transaction commits, the caller passes the ids to
 * `announceNotifications` so the socket can push them.
 */
export async function createNotification(trx: Knex | Knex.Transaction, n: NewNotification, clock?: NotificationClock): Promise<number | null> {
  const [created] = await createNotifications(trx, [n], clock);
  return created?.notificationId ?? null;
}

/**
 * Writes several notifications (one per entry, in order) with one read of the recipients'
 * preferences for the whole batch: a kind a recipient turned off in-app is not written at all
 * (moderation notices always are). Answers what `announceNotifications` takes, skipped ones as null.
 */
export async function createNotifications(
  trx: Knex | Knex.Transaction,
  list: NewNotification[],
  clock: NotificationClock = DEFAULT_CLOCK,
): Promise<{ userId: number; notificationId: number | null }[]> {
  const wanted = list.filter((n) => !(n.actorId !== null && n.actorId === n.userId));
  const prefs = await notificationSettingsOf(
    trx,
    wanted.map((n) => n.userId),
  );
  // Nothing reaches a member from someone with a block between them, or whom they mute now.
  const silenced = await silencedActors(trx, wanted);
  const out: { userId: number; notificationId: number | null }[] = [];
  const written: WrittenNotification[] = [];
  const now = clock.now ? clock.now() : new Date();
  for (const n of list) {
    const p = prefs.get(n.userId);
    if ((n.actorId !== null && n.actorId === n.userId) || (p && !wantsInApp(p, n.type)) || silenced.has(`${n.userId}:${n.actorId}`)) {
      out.push({ userId: n.userId, notificationId: null });
      continue;
    }
    const inserted = await insertNotification(trx, n, clock, now);
    out.push({ userId: n.userId, notificationId: inserted?.id ?? null });
    if (inserted) written.push({ userId: n.userId, type: n.type, notificationId: inserted.id, groupKey: inserted.groupKey });
  }
  // Pushes and e-mails go in the same transaction: what is written is also on its way out.
  await queueNotificationDeliveries(trx, written, prefs, now);
  return out;
}

/**
 * Which group a notification joins (null: none): likes of one post, and follows, on the same day
 * in the community's zone (a like at 23:59 and one at 00:01 Istanbul time are two days, whatever
 * the UTC date says). The list shows a group once, at its newest row, with its size (listNotifications).
 */
export function groupKeyFor(n: Pick<NewNotification, 'type' | 'relatedPostId'>, at: string, timeZone: string): string | null {
  if (n.type !== 'follow' && !(n.type === 'like' && n.relatedPostId)) return null;
  const day = dayjs.utc(at).tz(timeZone).format('YYYY-MM-DD');
  return n.type === 'like' ? `like:${n.relatedPostId}:${day}` : `follow:${day}`;
}

async function insertNotification(
  trx: Knex | Knex.Transaction,
  n: NewNotification,
  clock: NotificationClock,
  now: Date,
): Promise<{ id: number; groupKey: string | null } | null> {
  const at = clock.now ? now.toISOString() : nowIso();
  const groupKey = groupKeyFor(n, at, clock.timeZone);
  const insert = trx('notifications')
    .insert({
      group_key: groupKey,
      user_id: n.userId,
      type: n.type,
      title: n.title ?? '',
      message: n.message ?? '',
      related_post_id: n.relatedPostId ?? null,
      related_user_id: n.actorId,
      link: n.link ?? null,
      appeal_key: n.appealKey ?? null,
      created_at: at,
    })
    .returning('id');
  if (ONCE_PER_ACTOR.has(n.type)) insert.onConflict().ignore();
  const [row] = await insert;
  if (row === undefined) return null;
  return { id: typeof row === 'object' ? row.id : row, groupKey };
}

/** Tell the realtime layer (and anything else listening) after commit. */
export function announceNotifications(bus: DomainBus, created: { userId: number; notificationId: number | null }[]): void {
  for (const c of created) {
    if (c.notificationId !== null) bus.emit('notification:created', { userId: c.userId, notificationId: c.notificationId });
  }
}

// ---- reading one's own notifications ----

function notificationsQuery(db: Knex | Knex.Transaction) {
  return db('notifications as n')
    .leftJoin('users as ru', 'ru.id', 'n.related_user_id')
    .leftJoin('posts as rp', 'rp.id', 'n.related_post_id')
    .leftJoin('appeals as ap', 'ap.subject_key', 'n.appeal_key')
    .select(
      'n.*',
      'ru.username as ru_username',
      'ru.display_name as ru_display_name',
      'ru.profile_image as ru_profile_image',
      'ru.profile_image_thumb as ru_profile_image_thumb',
      'rp.is_hidden as rp_hidden',
      'ap.status as ap_status',
    );
}

/**
 * Own notifications newest first, cursor-paged by id. A group (groupKeyFor) is one item, at its
 * newest row, with how many it stands for and read only when all of them are; its older rows are
 * left out of every page (the (user_id, group_key, id) index answers "is there a newer mate").
 */
export async function listNotifications(db: Knex, userId: number, page: CursorPageQuery): Promise<Page<Notification>> {
  const q = notificationsQuery(db)
    .where('n.user_id', userId)
    .where((w) =>
      w
        .whereNull('n.group_key')
        .orWhereNotExists(
          db('notifications as g').whereRaw('g.user_id = n.user_id').whereRaw('g.group_key = n.group_key').whereRaw('g.id > n.id').select(db.raw('1')),
        ),
    );
  const { rows, nextCursor } = await idPage<NotificationRow>(q, { column: 'n.id', valueOf: (r) => r.id, cursor: page.cursor, limit: page.limit });
  const sizes = await groupSizes(
    db,
    userId,
    rows.map((r) => r.group_key),
  );
  return {
    items: rows.map((r) => presentNotification(r, r.group_key ? sizes.get(r.group_key) : undefined)),
    nextCursor,
  };
}

/** How many rows each of a member's groups holds, and how many of them are unread: one query for a page. */
async function groupSizes(db: Knex, userId: number, groupKeys: (string | null | undefined)[]) {
  const keys = [...new Set(groupKeys.filter((k): k is string => Boolean(k)))];
  const sizes = new Map<string, { count: number; unread: number }>();
  if (keys.length === 0) return sizes;
  const counted: { group_key: string; n: number | string; unread: number | string }[] = await db('notifications')
    .where({ user_id: userId })
    .whereIn('group_key', keys)
    .groupBy('group_key')
    .select('group_key', db.raw('count(*) as n'), db.raw('sum(case when is_read then 0 else 1 end) as unread'));
  for (const c of counted) sizes.set(c.group_key, { count: Number(c.n), unread: Number(c.unread) });
  return sizes;
}

/**
 * The list's item a notification belongs to, as listNotifications shows it now: the notification
 * itself or, when it joined a group, the group's newest row with the group's size and read state
 * (same id, groupKey, groupCount and so text as the list's row). The socket pushes this, so that a
 * client replaces the group's row instead of adding one. Null when it is gone.
 */
export async function getNotificationItem(db: Knex, id: number): Promise<Notification | null> {
  const own = (await db('notifications').where({ id }).first('user_id', 'group_key')) as { user_id: number; group_key: string | null } | undefined;
  if (!own) return null;
  const q = notificationsQuery(db);
  if (own.group_key) q.where({ 'n.user_id': own.user_id, 'n.group_key': own.group_key }).orderBy('n.id', 'desc');
  else q.where('n.id', id);
  const row = (await q.first()) as NotificationRow | undefined;
  if (!row) return null;
  const sizes = await groupSizes(db, own.user_id, [own.group_key]);
  return presentNotification(row, own.group_key ? sizes.get(own.group_key) : undefined);
}

/** Unread items as the list shows them: a group with any unread row counts once. */
export async function unreadNotificationCount(db: Knex, userId: number): Promise<number> {
  const [row] = await db('notifications')
    .where({ user_id: userId, is_read: false })
    .select(db.raw('count(distinct coalesce(group_key, cast(id as text))) as n'));
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/**
 * The rows one list item stands for: the notification and, when it heads a group, its group mates.
 * Someone else's notification answers 404 like a missing one: its existence is not theirs to know.
 */
async function itemRows(db: Knex, userId: number, id: number): Promise<() => Knex.QueryBuilder> {
  const row = (await db('notifications').where({ id, user_id: userId }).first('id', 'group_key')) as { id: number; group_key: string | null } | undefined;
  if (!row) throw errors.notFound(TEXTS.social.notificationNotFound);
  const key = row.group_key;
  // A function: a query builder is thenable, so an async function would run it on return.
  return () =>
    db('notifications')
      .where({ user_id: userId })
      .where((w) => {
        w.where({ id });
        if (key) w.orWhere({ group_key: key });
      });
}

/** Reading a group's item reads the whole group. */
export async function markNotificationRead(db: Knex, bus: DomainBus, userId: number, id: number) {
  const rows = await itemRows(db, userId, id);
  await rows().update({ is_read: true });
  bus.emit('notifications:changed', { userId });
}

export async function markAllNotificationsRead(db: Knex, bus: DomainBus, userId: number) {
  const updated = await db('notifications').where({ user_id: userId, is_read: false }).update({ is_read: true });
  bus.emit('notifications:changed', { userId });
  return updated;
}

/** Deleting a group's item deletes the whole group. */
export async function deleteNotification(db: Knex, bus: DomainBus, userId: number, id: number) {
  const rows = await itemRows(db, userId, id);
  await rows().delete();
  bus.emit('notifications:changed', { userId });
}
