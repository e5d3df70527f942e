import { expect, it } from 'vitest';
import { migrationSource } from './migrations';
import { describeMigration, memberRow, migrateBefore } from '../test/migration-db';

/** Appeals open when they join the review queue get their entries; decided ones do not. */
const APPEAL_QUEUE = '20261129010000_appeal_queue_entries';

describeMigration(APPEAL_QUEUE, (mig) => {
  it('opens one appeal entry per open appeal, about its member, at its time; down takes them away', async () => {
    const { db } = mig;
    await migrateBefore(db, APPEAL_QUEUE);
    const [user] = await db('users')
      .insert(memberRow('itirazci', { display_name: 'İtirazcı' }))
      .returning('id');
    const userId = Number(typeof user === 'object' ? user.id : user);
    const at = '2026-11-28T10:00:00.000Z';
    const appeal = (key: string, status: string) => ({
      user_id: userId,
      subject_key: key,
      target_type: 'post',
      target_id: 1,
      note: 'lütfen',
      status,
      created_at: at,
    });
    const inserted = await db('appeals')
      .insert([appeal('post:1', 'open'), appeal('post:2', 'rejected')])
      .returning('id');
    const [openId] = inserted.map((r) => Number(typeof r === 'object' ? r.id : r));
    // This migration alone, up and down: later ones may exist and are not what is tested.
    await db.migrate.up({ migrationSource, name: APPEAL_QUEUE });
    const entries = await db('review_entries').where({ target_type: 'appeal' }).select('*');
    expect(entries.map((e) => [e.kind, Number(e.target_id), e.subject_user_id, e.status, Number(e.report_count), Number(e.queued_ms)])).toEqual([
      ['appeal', openId, userId, 'open', 1, Date.parse(at)],
    ]);
    await db.migrate.down({ migrationSource, name: APPEAL_QUEUE });
    expect(await db('review_entries').where({ target_type: 'appeal' })).toEqual([]);
  });
});
