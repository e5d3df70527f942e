import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { foldKey, LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso, toIso } from '../db/time';
import type { UserRow } from '../presenters/users';
import { SessionService } from './sessions';
import { audit, type AuditActor } from './audit';
import type { PasswordHasher } from './passwords';

/**
 * Single-use links for a forgotten password and for confirming an e-mail address. The token
 * travels only in the link's fragment (`/reset-password#<token>`), which browsers never send to
 * a server or put in a Referer, and then in a JSON body: it never reaches an access log. The
 * table keeps its sha256, an expiry an hour away and when it was used; one link per member and
 * purpose, a new one replacing the old.
 */
export type LinkPurpose = 'password_reset' | 'verify_email';

const PAGE: Record<LinkPurpose, string> = { password_reset: '/reset-password', verify_email: '/verify-email' };
const T = TEXTS.accountHelp;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface IssuedLink {
  token: string;
  /** The whole link when the site's address is known (PUBLIC_URL or the request's), else the path. */
  url: string;
  expiresAt: string;
}

/** A fresh link for `userId`, replacing any earlier one of the same purpose. */
export async function issueLink(db: Knex | Knex.Transaction, userId: number, purpose: LinkPurpose, baseUrl: string | null): Promise<IssuedLink> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LIMITS.accountLinkMinutes * 60_000).toISOString();
  const write = async (trx: Knex.Transaction) => {
    await trx('account_links').where({ user_id: userId, purpose }).delete();
    await trx('account_links').insert({ user_id: userId, purpose, token_hash: hashToken(token), expires_at: expiresAt, used_at: null, created_at: nowIso() });
  };
  if (db.isTransaction) await write(db as Knex.Transaction);
  else await db.transaction(write);
  return { token, url: `${baseUrl ?? ''}${PAGE[purpose]}#${token}`, expiresAt };
}

/** Marks a link used inside `trx` and returns its member; a Turkish 400/410 when it cannot be used. */
async function useLink(trx: Knex.Transaction, token: string, purpose: LinkPurpose): Promise<UserRow> {
  const row = (await trx('account_links')
    .where({ token_hash: hashToken(token), purpose })
    .first()) as { id: number; user_id: number; expires_at: unknown; used_at: unknown } | undefined;
  if (!row) throw errors.badRequest(T.linkInvalid, 'link_invalid');
  if (row.used_at) throw errors.gone(T.linkUsed, 'link_used');
  if (Date.parse(toIso(row.expires_at)) <= Date.now()) throw errors.gone(T.linkExpired, 'link_expired');
  const used = await trx('account_links').where({ id: row.id }).whereNull('used_at').update({ used_at: nowIso() });
  // Two tabs racing with one link: the second finds it used.
  if (used !== 1) throw errors.gone(T.linkUsed, 'link_used');
  const user = (await trx('users').where({ id: row.user_id }).first()) as UserRow | undefined;
  if (!user) throw errors.badRequest(T.linkInvalid, 'link_invalid');
  return user;
}

/**
 * Sets a new password through a link, and ends every session the member has: rows deleted in
 * the same transaction, then each one's sockets closed and this node's session cache emptied
 * (the request is a write, so every node's cache is emptied too, see read-cache.ts).
 */
export async function resetPasswordWithLink(ctx: AppContext, token: string, password: string): Promise<UserRow> {
  const hash = await ctx.passwords.hash(password);
  const { user, ended } = await ctx.db.transaction(async (trx) => {
    const user = await useLink(trx, token, 'password_reset');
    // Following the link proves the member reads the address too.
    await trx('users')
      .where({ id: user.id })
      .update({ password_hash: hash, email_verified_at: user.email_verified_at ?? nowIso(), updated_at: nowIso() });
    const ended = await new SessionService(trx, ctx.config.sessionSecret).destroyAllForUser(user.id, trx);
    return { user, ended };
  });
  announceSessionsEnded(ctx, user.id, ended);
  return user;
}

/**
 * Sets a password directly (the admin command line), ending every session and any password link
 * of the member, with an audit entry; returns the ended session ids (a server announces them).
 */
export async function setPasswordAsAdmin(db: Knex, passwords: PasswordHasher, actor: AuditActor, userId: number, password: string): Promise<string[]> {
  const hash = await passwords.hash(password);
  return db.transaction(async (trx) => {
    const updated = await trx('users').where({ id: userId }).update({ password_hash: hash, updated_at: nowIso() });
    if (updated !== 1) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
    await trx('account_links').where({ user_id: userId, purpose: 'password_reset' }).delete();
    const ended = (await trx('sessions').where({ user_id: userId }).select('id')).map((r: { id: string }) => r.id);
    await trx('sessions').where({ user_id: userId }).delete();
    await audit(trx, actor, 'user.password_set', { type: 'user', id: userId }, { after: { sessionsEnded: ended.length } });
    return ended;
  });
}

/** An admin makes a password-reset link for a member (workspace or command line), with an audit entry. */
export async function createResetLinkAsAdmin(db: Knex, actor: AuditActor, userId: number, baseUrl: string | null): Promise<IssuedLink> {
  return db.transaction(async (trx) => {
    const user = (await trx('users').where({ id: userId }).first('id')) as { id: number } | undefined;
    if (!user) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
    const link = await issueLink(trx, userId, 'password_reset', baseUrl);
    await audit(trx, actor, 'user.password_reset_link', { type: 'user', id: userId }, { after: { expiresAt: link.expiresAt } });
    return link;
  });
}

export async function verifyEmailWithLink(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const user = await useLink(trx, token, 'verify_email');
    await trx('users').where({ id: user.id }).update({ email_verified_at: nowIso(), updated_at: nowIso() });
  });
}

/** The member an e-mail address belongs to (folded like at registration), if any can sign in. */
export async function memberByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  const user = (await db('users')
    .where({ email_key: foldKey(email) })
    .first()) as UserRow | undefined;
  return user?.password_hash ? user : undefined;
}

function announceSessionsEnded(ctx: AppContext, userId: number, sessionIds: string[]): void {
  for (const sessionId of sessionIds) ctx.bus.emit('session:ended', { sessionId, userId });
  // This node's session cache forgets at once, whatever the request (the command line has none).
  ctx.bus.emit('data:changed', { settled: true, remote: false });
}

/** Fills {name} and {link} into a mail text. */
export function fillMail(template: string, values: { name: string; link: string }): string {
  return template.replace('{name}', values.name).replace('{link}', values.link);
}
