import type { Knex } from 'knex';
import { foldKey, TEXTS, type Role } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import { isPostgres } from '../../db/engine';
import { intColumn, sortedPage, textColumn } from '../../db/keyset';
import { presentAdminUser, type UserRow } from '../../presenters/users';
import { audit, type AuditActor } from '../audit';
import { removeUpload } from '../uploads';
import { tallyTags } from '../hashtags';
import { tallyCategories } from '../categories';
import { authorize } from '../../policies/decision';
import { canDeleteAccount } from '../../policies/users';
import { canSeeMemberEmails } from '../../policies/site';
import type { Actor } from '../../policies/actor';

/** The admin workspace's side of users: the sortable table, role and verification, deletion, bulk actions. */

const A = TEXTS.admin;

const USER_SORT = { createdAt: intColumn('id'), username: textColumn('username_key'), displayName: textColumn('display_name') };

/**
 * Users sorted on the server by any of three columns, keyset-paged with an opaque cursor. A viewer
 * who may not see e-mail addresses (a moderator: `canSeeMemberEmails`) gets none, and their search
 * does not look at them either.
 */
export async function listUsers(
  db: Knex,
  q: { limit: number; cursor?: string; sort: keyof typeof USER_SORT; direction: 'asc' | 'desc'; search?: string; role?: string; verified?: boolean },
  viewer?: Actor,
) {
  const withEmail = viewer === undefined || canSeeMemberEmails(viewer).ok;
  const query = db('users').select('*');
  if (q.search) {
    // The start of the folded username, e-mail or display name: three index ranges, no scan.
    const from = foldKey(q.search);
    const to = `${from}\u{10FFFF}`;
    const range = isPostgres(db) ? '?? collate "C" >= ? and ?? collate "C" < ?' : '?? >= ? and ?? < ?';
    query.where((w) => {
      for (const column of withEmail ? ['username_key', 'email_key', 'display_name_key'] : ['username_key', 'display_name_key'])
        w.orWhereRaw(range, [column, from, column, to]);
    });
  }
  if (q.role) query.where('role', q.role);
  if (q.verified !== undefined) query.where('is_verified', q.verified);
  const page = await sortedPage<UserRow>(query, { columns: USER_SORT, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'id' });
  return { items: page.rows.map((r) => presentAdminUser(r, withEmail)), nextCursor: page.nextCursor };
}

export async function updateUser(ctx: AppContext, admin: UserRow, id: number, input: { role?: Role; isVerified?: boolean }) {
  const db = ctx.db;
  await db.transaction(async (trx) => {
    const before = (await trx('users').where({ id }).first()) as UserRow | undefined;
    if (!before) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
    if (id === admin.id && input.role !== undefined && input.role !== 'admin') throw errors.badRequest(A.cannotDemoteSelf, 'cannot_demote_self');
    const patch: Record<string, unknown> = { updated_at: nowIso() };
    if (input.role !== undefined) patch.role = input.role;
    if (input.isVerified !== undefined) patch.is_verified = input.isVerified;
    await trx('users').where({ id }).update(patch);
    await audit(
      trx,
      admin,
      'user.update',
      { type: 'user', id },
      {
        before: { role: before.role, isVerified: Boolean(before.is_verified) },
        after: { role: input.role ?? before.role, isVerified: input.isVerified ?? Boolean(before.is_verified) },
      },
    );
  });
  if (input.role !== undefined) ctx.bus.emit('user:role_changed', { userId: id, role: input.role });
  return presentAdminUser((await db('users').where({ id }).first()) as UserRow);
}

/**
 * Never an admin, never oneself. Personal content goes with the account (cascades); questions,
 * answers, blog posts and groups stay, shown as 'Silinmiş kullanıcı'. The actor is an admin, or
 * the privacy job when a member's own deletion is due (services/privacy/deletion.ts).
 */
export async function deleteUser(ctx: AppContext, admin: AuditActor, id: number, trxIn?: Knex.Transaction) {
  const run = async (trx: Knex.Transaction) => {
    const target = (await trx('users').where({ id }).first()) as UserRow | undefined;
    if (!target) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
    if (target.id === admin.id) throw errors.badRequest(A.cannotDeleteSelf, 'cannot_delete_self');
    authorize(canDeleteAccount(target));
    const files = [
      ...(await trx('posts').where({ author_id: id }).select('image_url', 'video_url')),
      ...(await trx('group_posts').where({ author_id: id }).whereNotNull('image_url').select('image_url')),
    ];
    await tallyTags(trx, { authorId: id }, -1);
    await tallyCategories(trx, { authorId: id }, -1);
    // Reports about them lose their subject with the account: they no longer rank them in the queue.
    await trx('reports').where({ status: 'open', subject_user_id: id }).update({ subject_open_reports: 0 });
    await trx('users').where({ id }).delete();
    await audit(trx, admin, 'user.delete', { type: 'user', id }, { before: { username: target.username, email: target.email, role: target.role } });
    return { files, profileImage: target.profile_image };
  };
  const result = trxIn ? await run(trxIn) : await ctx.db.transaction(run);
  const cleanup = async () => {
    for (const f of result.files) {
      await removeUpload(ctx, f.image_url);
      await removeUpload(ctx, f.video_url);
    }
    await removeUpload(ctx, result.profileImage);
    ctx.bus.emit('user:deleted', { userId: id });
  };
  if (trxIn) return cleanup;
  await cleanup();
  return null;
}

/** One confirm, many rows: every row changes in one transaction, or none does. */
export async function bulkUsers(ctx: AppContext, admin: UserRow, ids: number[], action: 'verify' | 'unverify' | 'make_admin' | 'make_user' | 'delete') {
  const cleanups: (() => Promise<void>)[] = [];
  await ctx.db.transaction(async (trx) => {
    for (const id of ids) {
      if (action === 'delete') {
        const cleanup = await deleteUser(ctx, admin, id, trx);
        if (cleanup) cleanups.push(cleanup);
        continue;
      }
      const before = (await trx('users').where({ id }).first()) as UserRow | undefined;
      if (!before) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
      if (id === admin.id && action === 'make_user') throw errors.badRequest(A.cannotDemoteSelf, 'cannot_demote_self');
      const patch =
        action === 'verify' ? { is_verified: true } : action === 'unverify' ? { is_verified: false } : { role: action === 'make_admin' ? 'admin' : 'user' };
      await trx('users')
        .where({ id })
        .update({ ...patch, updated_at: nowIso() });
      await audit(
        trx,
        admin,
        `user.bulk_${action}`,
        { type: 'user', id },
        {
          before: { role: before.role, isVerified: Boolean(before.is_verified) },
          after: {
            role: (patch as { role?: string }).role ?? before.role,
            isVerified: (patch as { is_verified?: boolean }).is_verified ?? Boolean(before.is_verified),
          },
        },
      );
    }
  });
  for (const c of cleanups) await c();
  if (action === 'make_admin' || action === 'make_user')
    for (const id of ids) ctx.bus.emit('user:role_changed', { userId: id, role: action === 'make_admin' ? 'admin' : 'user' });
  return { updated: ids.length };
}
