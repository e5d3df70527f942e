import { expect, it } from 'vitest';
import { migrationSource } from './migrations';
import { describeMigration, memberRow, migrateBefore } from '../test/migration-db';

/** Questions and events gain is_hidden and pending_approval; the question counter counts shown questions. */
const HOLD = '20261130010000_hold_questions_events';

describeMigration(HOLD, (mig) => {
  const counted = async () => Number((await mig.db('community_counts').where({ name: 'questions' }).first('n'))?.n);

  it('runs up and down; up counts shown questions through every insert, hide, restore and delete, down counts every question again', async () => {
    const { db } = mig;
    await migrateBefore(db, HOLD);
    const [user] = await db('users')
      .insert(memberRow('soran', { display_name: 'Soran' }))
      .returning('id');
    const userId = Number(typeof user === 'object' ? user.id : user);
    await db('questions').insert({ author_id: userId, title: 'Önceki soru', content: 'içerik' });
    expect(await counted()).toBe(1);
    // This migration alone, up and down: later ones may exist and are not what is tested.
    await db.migrate.up({ migrationSource, name: HOLD });
    const [held] = await db('questions')
      .insert({ author_id: userId, title: 'Bekleyen', content: 'x', is_hidden: true, pending_approval: true })
      .returning('id');
    const heldId = Number(typeof held === 'object' ? held.id : held);
    expect(await counted()).toBe(1);
    await db('questions').where({ id: heldId }).update({ is_hidden: false, pending_approval: false });
    expect(await counted()).toBe(2);
    await db('questions').where({ id: heldId }).update({ is_hidden: true });
    expect(await counted()).toBe(1);
    await db('questions').where({ id: heldId }).delete();
    expect(await counted()).toBe(1);
    await db('questions').insert({ author_id: userId, title: 'Görünen', content: 'x' });
    expect(await counted()).toBe(2);
    expect(await db('events').columnInfo()).toHaveProperty('pending_approval');
    await db.migrate.down({ migrationSource, name: HOLD });
    expect(await db('questions').columnInfo()).not.toHaveProperty('is_hidden');
    expect(await db('events').columnInfo()).not.toHaveProperty('is_hidden');
    await db('questions').insert({ author_id: userId, title: 'Sonra', content: 'x' });
    expect(await counted()).toBe(3);
    // The search index's triggers are still there: a deleted question leaves the index.
    const ids = (await db('questions').pluck('id')) as number[];
    await db('search_docs').insert({ kind: 'questions', source: 'question', ref_id: ids[0], title: '', body: '', loose: '' });
    await db('questions').where({ id: ids[0] }).delete();
    expect(await db('search_docs').where({ source: 'question', ref_id: ids[0] })).toEqual([]);
    expect(await counted()).toBe(2);
  });
});
