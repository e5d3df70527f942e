import type { Knex } from 'knex';
import { foldKey, TEXTS } from '@mahalle/shared';
import { errors } from '../../errors';
import type { UserRow } from '../../presenters/users';

type Db = Knex | Knex.Transaction;

/** A member by id, or 404 `user_not_found`: the lookup profiles, blocks and messages stand on. */
export async function userById(db: Db, id: number): Promise<UserRow> {
  const user = (await db('users').where({ id }).first()) as UserRow | undefined;
  if (!user) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
  return user;
}

/** A member by username, whatever its case (Turkish İ/ı too), or 404 `user_not_found`. */
export async function userByUsername(db: Db, username: string): Promise<UserRow> {
  const user = (await db('users')
    .where({ username_key: foldKey(username) })
    .first()) as UserRow | undefined;
  if (!user) throw errors.notFound(TEXTS.users.notFound, 'user_not_found');
  return user;
}
