import type { Knex } from 'knex';
import type { DigestSettings } from '@mahalle/shared';
import { nowIso } from '../../db/time';
import { dueFrom } from './schedule';

type Db = Knex | Knex.Transaction;

/** Until a member saves the setting: off, Monday 09:00 in the community's zone. */
export const defaultDigestSettings = (timeZone: string): DigestSettings => ({ enabled: false, weekday: 1, hour: 9, timeZone });

interface DigestSettingsRow {
  enabled: boolean | number;
  weekday: number;
  hour: number;
  time_zone: string;
}

/** The member's digest setting (the defaults when never saved). */
export async function getDigestSettings(db: Db, userId: number, communityZone: string): Promise<DigestSettings> {
  const row = (await db('digest_settings').where({ user_id: userId }).first('enabled', 'weekday', 'hour', 'time_zone')) as DigestSettingsRow | undefined;
  if (!row) return defaultDigestSettings(communityZone);
  return { enabled: Boolean(row.enabled), weekday: Number(row.weekday), hour: Number(row.hour), timeZone: row.time_zone };
}

/**
 * Saves the setting and works out when the next digest is due: the chosen slot of this local
 * week unless this week's digest was already handled (a row in digest_runs), else next week's.
 * Off clears the due time, so the job never reads the member.
 */
export async function saveDigestSettings(db: Knex, userId: number, s: DigestSettings, now: Date, communityZone: string): Promise<DigestSettings> {
  await db.transaction(async (trx) => {
    let due: { at: string; week: string } | null = null;
    if (s.enabled) {
      const done = new Set<string>(
        await trx('digest_runs').where({ user_id: userId }).whereNot('status', 'failed').orderBy('week', 'desc').limit(2).pluck('week'),
      );
      due = dueFrom(now, s, (week) => done.has(week));
    }
    await trx('digest_settings')
      .insert({
        user_id: userId,
        enabled: s.enabled,
        weekday: s.weekday,
        hour: s.hour,
        time_zone: s.timeZone,
        due_at: due?.at ?? null,
        due_week: due?.week ?? null,
        updated_at: nowIso(),
      })
      .onConflict('user_id')
      .merge();
  });
  return getDigestSettings(db, userId, communityZone);
}

/** Turns the digest off (the unsubscribe link), in the caller's transaction or its own; a digest waiting in the queue stays unsent. Answers whether the member exists. */
export async function turnDigestOff(db: Db, userId: number): Promise<boolean> {
  const exists = await db('users').where({ id: userId }).first('id');
  if (!exists) return false;
  await db('digest_settings')
    .insert({ user_id: userId, enabled: false, due_at: null, due_week: null, updated_at: nowIso() })
    .onConflict('user_id')
    .merge(['enabled', 'due_at', 'due_week', 'updated_at']);
  await db('notification_deliveries').where({ user_id: userId, channel: 'mail', kind: 'digest', state: 'pending' }).update({ state: 'dropped', payload: null });
  return true;
}
