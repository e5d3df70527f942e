import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { defaultMailKinds, MAIL_KINDS, type MailKind, type MailPreferences, type UpdateMailPreferences } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { nowIso, toIsoOrNull } from '../../db/time';
import { turnDigestOff } from '../digest/settings';

interface MailPreferencesRow {
  user_id: number;
  kinds: string;
  consecutive_failures: number;
  paused_at: unknown;
}

export interface StoredMailPreferences {
  kinds: Record<MailKind, boolean>;
  pausedAt: string | null;
}

function present(row: MailPreferencesRow | undefined): StoredMailPreferences {
  const kinds = defaultMailKinds();
  if (row) {
    let stored: Record<string, unknown> = {};
    try {
      stored = JSON.parse(row.kinds) as Record<string, unknown>;
    } catch {
      stored = {};
    }
    for (const k of MAIL_KINDS) if (typeof stored[k] === 'boolean') kinds[k] = stored[k];
  }
  return { kinds, pausedAt: row ? toIsoOrNull(row.paused_at) : null };
}

/** Several members' e-mail choices in one query (the defaults for those who never saved any). */
export async function mailPreferencesOf(db: Knex | Knex.Transaction, userIds: number[]): Promise<Map<number, StoredMailPreferences>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length ? ((await db('mail_preferences').whereIn('user_id', ids)) as MailPreferencesRow[]) : [];
  const byId = new Map(rows.map((r) => [Number(r.user_id), r]));
  return new Map(ids.map((id) => [id, present(byId.get(id))]));
}

/** Whether this server sends mail at all: SMTP and the address links are built from. */
export function mailReady(ctx: Pick<AppContext, 'mailer' | 'config'>): boolean {
  return Boolean(ctx.mailer?.configured && ctx.config.publicUrl);
}

export async function getMailPreferences(ctx: AppContext, userId: number): Promise<MailPreferences> {
  const p = (await mailPreferencesOf(ctx.db, [userId])).get(userId)!;
  return { ...p, mailConfigured: mailReady(ctx) };
}

/** Sets some kinds (the rest keep what they were), in the caller's transaction. */
export async function setMailKinds(db: Knex | Knex.Transaction, userId: number, kinds: Partial<Record<MailKind, boolean>>): Promise<void> {
  const current = (await mailPreferencesOf(db, [userId])).get(userId)!;
  const merged = JSON.stringify({ ...current.kinds, ...kinds });
  await db('mail_preferences')
    .insert({ user_id: userId, kinds: merged, updated_at: nowIso() })
    .onConflict('user_id')
    .merge({ kinds: merged, updated_at: nowIso() });
}

export async function saveMailPreferences(ctx: AppContext, userId: number, input: UpdateMailPreferences): Promise<MailPreferences> {
  await ctx.db.transaction((trx) => setMailKinds(trx, userId, input.kinds));
  return getMailPreferences(ctx, userId);
}

/** The member checked their address: mail goes out again, counting failures from zero. */
export async function resumeMail(db: Knex, userId: number): Promise<void> {
  await db('mail_preferences')
    .insert({ user_id: userId, kinds: '{}', consecutive_failures: 0, paused_at: null, updated_at: nowIso() })
    .onConflict('user_id')
    .merge({ consecutive_failures: 0, paused_at: null, updated_at: nowIso() });
}

// ---- one-click unsubscribe (RFC 8058): a link that works without signing in ----

function signature(secret: string, userId: number, kind: MailKind): string {
  return crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);
}

/** `<member>.<kind>.<signature>`: an HMAC with the session key, so only this server could have made it. */
export function unsubscribeToken(secret: string, userId: number, kind: MailKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

/** The member and kind a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: MailKind } | null {
  const m = /^(\d{1,12})\.([A-Za-z]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const kind = MAIL_KINDS.find((k) => k === m[2]);
  if (!kind) return null;
  const expected = Buffer.from(signature(secret, userId, kind));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? { userId, kind } : null;
}

export function unsubscribeUrl(ctx: Pick<AppContext, 'config'>, userId: number, kind: MailKind): string {
  return `${ctx.config.publicUrl ?? ''}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.config.sessionSecret, userId, kind))}`;
}

/** Turns one kind of mail off for the member a valid token names; answers the kind, or null for a bad token (or a member gone). */
export async function unsubscribeWithToken(ctx: AppContext, token: string): Promise<MailKind | null> {
  const read = readUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!read) return null;
  return ctx.db.transaction(async (trx) => {
    if (!(await trx('users').where({ id: read.userId }).first('id'))) return null;
    await setMailKinds(trx, read.userId, { [read.kind]: false });
    // The digest's switch is its own setting: a 'digest' token turns that off as its own link does.
    if (read.kind === 'digest') await turnDigestOff(trx, read.userId);
    // What was waiting to go out of that kind stays unsent.
    await trx('notification_deliveries').where({ user_id: read.userId, channel: 'mail', kind: read.kind, state: 'pending' }).update({ state: 'dropped' });
    return read.kind;
  });
}
