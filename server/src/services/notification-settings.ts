import type { Knex } from 'knex';
import { IN_APP_LOCKED_GROUPS, NOTIFICATION_GROUPS, type NotificationPreferences, type NotificationSettings } from '@mahalle/shared';
import { presentNotificationSettings, type NotificationSettingsRow } from '../presenters/notification-settings';
import { nowIso } from '../db/time';

/** One member's preferences (the defaults when they never saved any). */
export async function getNotificationSettings(db: Knex | Knex.Transaction, userId: number): Promise<NotificationPreferences> {
  const row = (await db('notification_settings').where({ user_id: userId }).first()) as NotificationSettingsRow | undefined;
  return presentNotificationSettings(row);
}

/** Several members' preferences in one query, for a batch of notifications. */
export async function notificationSettingsOf(db: Knex | Knex.Transaction, userIds: number[]): Promise<Map<number, NotificationPreferences>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length ? ((await db('notification_settings').whereIn('user_id', ids)) as NotificationSettingsRow[]) : [];
  const byId = new Map(rows.map((r) => [Number(r.user_id), r]));
  return new Map(ids.map((id) => [id, presentNotificationSettings(byId.get(id))]));
}

/** Saves the whole preferences (one row per member, replaced); in-app of moderation and messages stays on. */
export async function saveNotificationSettings(db: Knex, userId: number, s: NotificationSettings): Promise<NotificationPreferences> {
  const kinds = Object.fromEntries(
    NOTIFICATION_GROUPS.map((g) => [g, { inApp: IN_APP_LOCKED_GROUPS.has(g) ? true : s.kinds[g].inApp, desktop: s.kinds[g].desktop }]),
  );
  await db('notification_settings')
    .insert({
      user_id: userId,
      kinds: JSON.stringify(kinds),
      quiet_enabled: s.quietHours.enabled,
      quiet_start: s.quietHours.start,
      quiet_end: s.quietHours.end,
      time_zone: s.quietHours.timeZone,
      updated_at: nowIso(),
    })
    .onConflict('user_id')
    .merge();
  return getNotificationSettings(db, userId);
}
