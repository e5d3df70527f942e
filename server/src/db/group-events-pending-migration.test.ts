import { expect, it } from 'vitest';
import { migrationSource } from './migrations';
import { describeMigration, migrateBefore } from '../test/migration-db';

/** A group's events gain pending_approval (held by a watched word), false for the events there were. */
const PENDING = '20261130040000_group_events_pending_approval';

const idOf = (row: unknown) => Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row);

describeMigration(PENDING, (mig) => {
  it('adds pending_approval, false on existing events; down drops it and keeps the search trigger', async () => {
    const { db } = mig;
    await migrateBefore(db, PENDING);
    const groupId = idOf((await db('hobby_groups').insert({ name: 'Bekleyen', slug: 'bekleyen', description: 'grup', event_count: 1 }).returning('id'))[0]);
    const event = (extra: Record<string, unknown> = {}) => ({
      group_id: groupId,
      title: 'Buluşma',
      date: '2026-12-01T10:00:00.000Z',
      location: 'Kadıköy',
      ...extra,
    });
    const before = idOf((await db('group_events').insert(event()).returning('id'))[0]);
    // This migration alone, up and down: later ones may exist and are not what is tested.
    await db.migrate.up({ migrationSource, name: PENDING });
    expect(Boolean((await db('group_events').where({ id: before }).first('pending_approval')).pending_approval)).toBe(false);
    const held = idOf(
      (
        await db('group_events')
          .insert(event({ is_hidden: true, pending_approval: true }))
          .returning('id')
      )[0],
    );
    expect(Boolean((await db('group_events').where({ id: held }).first('pending_approval')).pending_approval)).toBe(true);

    await db.migrate.down({ migrationSource, name: PENDING });
    expect(await db('group_events').columnInfo()).not.toHaveProperty('pending_approval');
    expect(await db('group_events').columnInfo()).toHaveProperty('is_hidden');
    // The search index's trigger is still there: a deleted event leaves the index.
    await db('search_docs').insert({ kind: 'events', source: 'group_event', ref_id: held, title: '', body: '', loose: '' });
    await db('group_events').where({ id: held }).delete();
    expect(await db('search_docs').where({ source: 'group_event', ref_id: held })).toEqual([]);
    expect(await db('group_events').pluck('id')).toEqual([before]);
  });
});
