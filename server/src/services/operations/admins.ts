import type { Knex } from 'knex';
import { foldKey, registerSchema } from '@mahalle/shared';
import { nowIso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { audit, type AuditActor } from '../audit';
import { isUniqueViolation } from '../../db/faults';
import { newPasswordRulesReady, type PasswordHasher } from '../passwords';
import { OpsError } from '../backup/errors';

/** The command line's side of admin accounts (npm run admin): create, promote, demote, list. */

export async function findByLogin(db: Knex | Knex.Transaction, login: string): Promise<UserRow | undefined> {
  const key = foldKey(login.replace(/^@/, ''));
  return (await db('users').where({ username_key: key }).orWhere({ email_key: key }).first()) as UserRow | undefined;
}

function notFound(login: string): OpsError {
  return new OpsError({ tr: `Böyle bir kullanıcı yok: ${login}`, en: `No such user: ${login}` });
}

/** A new admin account, checked like a registration (name, e-mail, password strength). */
export async function createAdmin(
  db: Knex,
  passwords: PasswordHasher,
  input: { username: string; email: string; displayName: string; password: string },
  actor: AuditActor,
): Promise<UserRow> {
  // An admin is the organiser's side (the data controller publishes the legal texts): no consent boxes to tick.
  await newPasswordRulesReady();
  const parsed = registerSchema.safeParse({ ...input, confirmPassword: input.password, acceptTerms: true, acceptPrivacy: true });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new OpsError({ tr: `Geçersiz bilgi: ${issues}`, en: `Invalid input (messages in Turkish): ${issues}` });
  }
  const v = parsed.data;
  const hash = await passwords.hash(v.password);
  try {
    return await db.transaction(async (trx) => {
      const clash = await trx('users')
        .where({ username_key: foldKey(v.username) })
        .orWhere({ email_key: foldKey(v.email) })
        .first('id');
      if (clash)
        throw new OpsError({
          tr: 'Bu kullanıcı adı ya da e-posta zaten kayıtlı (yükseltmek için: promote)',
          en: 'That username or e-mail is taken (to make it admin: promote)',
        });
      const now = nowIso();
      const [row] = (await trx('users')
        .insert({
          username: v.username,
          username_key: foldKey(v.username),
          display_name: v.displayName,
          display_name_key: foldKey(v.displayName),
          email: v.email,
          email_key: foldKey(v.email),
          password_hash: hash,
          role: 'admin',
          is_verified: true,
          created_at: now,
          updated_at: now,
        })
        .returning('*')) as UserRow[];
      if (!row) throw new Error('insert returned no row');
      await audit(trx, actor, 'user.create', { type: 'user', id: row.id }, { after: { username: row.username, email: row.email, role: 'admin' } });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new OpsError({ tr: 'Bu kullanıcı adı ya da e-posta zaten kayıtlı', en: 'That username or e-mail is taken' });
    throw err;
  }
}

/**
 * Makes a member admin or an admin a member, logged as the workspace logs it ('user.update').
 * The last admin is never demoted: the community would have nobody to run it.
 */
export async function setRole(db: Knex, login: string, role: 'admin' | 'user', actor: AuditActor): Promise<{ user: UserRow; changed: boolean }> {
  return db.transaction(async (trx) => {
    const before = await findByLogin(trx, login);
    if (!before) throw notFound(login);
    if (before.role === role) return { user: before, changed: false };
    if (role === 'user') {
      const admins = (await trx('users').where({ role: 'admin' }).count({ n: '*' }).first()) as { n: number | string } | undefined;
      if (Number(admins?.n ?? 0) <= 1) {
        throw new OpsError({
          tr: `${before.username} son yönetici; önce başka birini yönetici yapın.`,
          en: `${before.username} is the last admin; make someone else admin first.`,
        });
      }
    }
    await trx('users').where({ id: before.id }).update({ role, updated_at: nowIso() });
    await audit(
      trx,
      actor,
      'user.update',
      { type: 'user', id: before.id },
      { before: { role: before.role, isVerified: Boolean(before.is_verified) }, after: { role, isVerified: Boolean(before.is_verified) } },
    );
    return { user: { ...before, role }, changed: true };
  });
}

export async function listAdmins(db: Knex): Promise<UserRow[]> {
  return (await db('users').where({ role: 'admin' }).orderBy('id')) as UserRow[];
}
