import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { foldKey, TEXTS, type LoginInput, type RegisterInput } from '@mahalle/shared';
import { errors } from '../errors';
import { nowIso } from '../db/time';
import { isUniqueViolation } from '../db/faults';
import type { UserRow } from '../presenters/users';
import type { PasswordHasher } from './passwords';
import { indexRows } from '../db/search/sources';
import { recordCurrentConsents } from './privacy/legal';
import { refuseBlockedText } from './watched-words';

const T = TEXTS.auth;

/** Creates a member account. Username and e-mail are unique regardless of case (Turkish İ/ı too). */
export async function registerUser(
  db: Knex,
  input: RegisterInput,
  passwords: PasswordHasher,
  opts: { emailVerified: boolean } = { emailVerified: true },
): Promise<UserRow> {
  // A username or display name with a blocked word is refused; nothing else applies to them.
  await refuseBlockedText(db, [input.username, input.displayName]);
  const usernameKey = foldKey(input.username);
  const emailKey = foldKey(input.email);
  const passwordHash = await passwords.hash(input.password);
  try {
    return await db.transaction(async (trx) => {
      const clash = await trx('users').where({ username_key: usernameKey }).orWhere({ email_key: emailKey }).select('username_key', 'email_key');
      if (clash.some((r) => r.username_key === usernameKey)) throw errors.conflict(T.usernameTaken, 'username_taken');
      if (clash.length > 0) throw errors.conflict(T.emailTaken, 'email_taken');
      const now = nowIso();
      const [row] = await trx('users')
        .insert({
          username: input.username,
          username_key: usernameKey,
          display_name: input.displayName,
          display_name_key: foldKey(input.displayName),
          email: input.email,
          email_key: emailKey,
          password_hash: passwordHash,
          role: 'user',
          email_verified_at: opts.emailVerified ? now : null,
          created_at: now,
          updated_at: now,
        })
        .returning('*');
      await indexRows(trx, 'person', [Number(row.id)]);
      // KVKK: the schema refused a registration without both boxes ticked; the versions accepted are the current ones.
      await recordCurrentConsents(trx, Number(row.id));
      return row as UserRow;
    });
  } catch (err) {
    // Two registrations racing for the same name: the index decides, the answer stays a 409.
    if (isUniqueViolation(err)) {
      const msg = String((err as Error).message);
      if (/email/i.test(msg)) throw errors.conflict(T.emailTaken, 'email_taken');
      throw errors.conflict(T.usernameTaken, 'username_taken');
    }
    throw err;
  }
}

/**
 * Checks a username (or e-mail) and password. The answer is the same whether the account
 * does not exist, is a demo account, or the password is wrong, and takes the same time.
 */
export async function authenticate(db: Knex, input: Pick<LoginInput, 'username' | 'password'>, passwords: PasswordHasher): Promise<UserRow> {
  const key = foldKey(input.username);
  const user = (await db('users').where({ username_key: key }).orWhere({ email_key: key }).first()) as UserRow | undefined;
  if (!user || !user.password_hash) {
    await passwords.verifyAgainstDummy(input.password);
    throw new LoginFailed(key);
  }
  if (!(await passwords.verify(input.password, user.password_hash))) throw new LoginFailed(key);
  return user;
}

export class LoginFailed extends Error {
  constructor(readonly accountKey: string) {
    super(T.invalidCredentials);
  }
}

/**
 * At start: ADMIN_USERNAME/ADMIN_PASSWORD create or promote that admin. Without them, a
 * database with no admin gets one with a random password, returned so boot can print it once.
 */
export async function ensureAdmin(
  db: Knex,
  opts: { username: string | null; password: string | null; passwords: PasswordHasher },
): Promise<{ created: boolean; username: string; password?: string } | null> {
  if (opts.username && opts.password) {
    const key = foldKey(opts.username);
    const existing = (await db('users').where({ username_key: key }).first()) as UserRow | undefined;
    const hash = await opts.passwords.hash(opts.password);
    if (existing) {
      await db.transaction(async (trx) => {
        await trx('users').where({ id: existing.id }).update({ role: 'admin', password_hash: hash, is_demo: false, updated_at: nowIso() });
        // A member who registered this name before the operator chose it must not walk in as
        // admin on an old session: promotion signs the account out everywhere.
        if (existing.role !== 'admin') await trx('sessions').where({ user_id: existing.id }).delete();
      });
      return { created: false, username: existing.username };
    }
    try {
      await insertAdmin(db, opts.username, hash);
    } catch (err) {
      // Another node booting at the same moment created it first: promote that row instead.
      if (!isUniqueViolation(err)) throw err;
      await db('users').where({ username_key: key }).update({ role: 'admin', password_hash: hash, is_demo: false, updated_at: nowIso() });
      return { created: false, username: opts.username };
    }
    return { created: true, username: opts.username };
  }
  const anyAdmin = await db('users').where({ role: 'admin' }).whereNotNull('password_hash').first('id');
  if (anyAdmin) return null;
  let username = 'admin';
  for (
    let i = 2;
    await db('users')
      .where({ username_key: foldKey(username) })
      .first('id');
    i++
  )
    username = `admin${i}`;
  const password = crypto.randomBytes(12).toString('base64url');
  try {
    await insertAdmin(db, username, await opts.passwords.hash(password));
  } catch (err) {
    // Another node created the first admin at the same moment; its password was printed there.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return { created: true, username, password };
}

async function insertAdmin(db: Knex, username: string, passwordHash: string): Promise<void> {
  const now = nowIso();
  const email = `${username.toLowerCase()}@mahalle.local`;
  await db.transaction(async (trx) => {
    const [row] = await trx('users')
      .insert({
        username,
        username_key: foldKey(username),
        display_name: 'Yönetici',
        display_name_key: foldKey('Yönetici'),
        email,
        email_key: foldKey(email),
        password_hash: passwordHash,
        role: 'admin',
        is_verified: true,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    // The admin is a person the search finds, indexed in the same transaction.
    await indexRows(trx, 'person', [Number(typeof row === 'object' ? row.id : row)]);
  });
}

/** The account a login names by its folded username or e-mail, or null: failures are counted per account. */
export async function accountIdByLogin(db: Knex, folded: string): Promise<number | null> {
  const account = await db('users').where('username_key', folded).orWhere('email_key', folded).first('id');
  return account ? (account.id as number) : null;
}
