import { expect, it } from 'vitest';
import { migrationSource } from './migrations';
import { describeMigration, migrateBefore } from '../test/migration-db';

/** The partial index of members' held posts that the shared feed pages ask about. */
const PENDING_INDEX = '20261130020100_posts_pending_author_index';

describeMigration(PENDING_INDEX, (mig) => {
  async function indexExists(): Promise<boolean> {
    const { db } = mig;
    if (db.client.config.client === 'pg') {
      const res = await db.raw("select 1 from pg_indexes where indexname = 'posts_pending_author_index' and schemaname = current_schema()");
      return res.rows.length > 0;
    }
    const rows = await db.raw("select name from sqlite_master where type = 'index' and name = 'posts_pending_author_index'");
    return rows.length > 0;
  }

  it('creates the index going up and drops it going down, and again', async () => {
    const { db } = mig;
    await migrateBefore(db, PENDING_INDEX);
    expect(await indexExists()).toBe(false);
    // This migration alone, up and down: later ones may exist and are not what is tested.
    await db.migrate.up({ migrationSource, name: PENDING_INDEX });
    expect(await indexExists()).toBe(true);
    await db.migrate.down({ migrationSource, name: PENDING_INDEX });
    expect(await indexExists()).toBe(false);
    await db.migrate.up({ migrationSource, name: PENDING_INDEX });
    expect(await indexExists()).toBe(true);
  });
});
