import { expect, it } from 'vitest';
import { migrationSource } from './migrations';
import { describeMigration, memberRow, migrateBefore } from '../test/migration-db';

/** Members who exist when trust levels arrive: the community's regulars start as members, not new ones. */
const TRUST = '20261127010000_trust_levels';

function member(username: string, hoursAgo: number) {
  return memberRow(username, { created_at: new Date(Date.now() - hoursAgo * 3600_000).toISOString() });
}

describeMigration(TRUST, (mig) => {
  it('puts members older than a day, or who shared anything, at level 1 and a fresh empty account at 0', async () => {
    const { db } = mig;
    await migrateBefore(db, TRUST);
    const ids: number[] = [];
    for (const m of [member('eski', 24 * 10), member('yazan', 1), member('taze', 1)]) {
      const [row] = await db('users').insert(m).returning('id');
      ids.push(typeof row === 'object' ? row.id : row);
    }
    await db('posts').insert({ author_id: ids[1], content: 'merhaba', type: 'text' });
    await db.migrate.latest({ migrationSource });
    const levels = await db('users').whereIn('id', ids).orderBy('id').select('username', 'trust_level', 'trust_level_by_hand');
    expect(levels.map((l) => [l.username, Number(l.trust_level), Boolean(l.trust_level_by_hand)])).toEqual([
      ['eski', 1, false],
      ['yazan', 1, false],
      ['taze', 0, false],
    ]);
  });
});
