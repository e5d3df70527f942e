import { expect, it } from 'vitest';
import { migrationSource } from './migrations';
import { describeMigration, migrateBefore } from '../test/migration-db';

/** A group's event count counts its shown events: groups with hidden ones are recounted. */
const GROUP_EVENT_COUNT = '20261130020000_group_event_count';

const idOf = (row: unknown) => Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row);

describeMigration(GROUP_EVENT_COUNT, (mig) => {
  it('counts only shown events in groups that have hidden ones; down counts them all again', async () => {
    const { db } = mig;
    await migrateBefore(db, GROUP_EVENT_COUNT);
    const group = async (slug: string) => idOf((await db('hobby_groups').insert({ name: slug, slug, description: 'grup', event_count: 3 }).returning('id'))[0]);
    const withHidden = await group('gizlili');
    const allShown = await group('acik');
    const event = (groupId: number, hidden: boolean) => ({
      group_id: groupId,
      title: 'Buluşma',
      date: '2026-12-01T10:00:00.000Z',
      location: 'Kadıköy',
      is_hidden: hidden,
    });
    await db('group_events').insert([event(withHidden, false), event(withHidden, false), event(withHidden, true), event(allShown, false)]);
    const counts = async () =>
      (await db('hobby_groups').whereIn('id', [withHidden, allShown]).orderBy('id').select('event_count')).map((r) => Number(r.event_count));
    // This migration alone, up and down: later ones may exist and are not what is tested.
    await db.migrate.up({ migrationSource, name: GROUP_EVENT_COUNT });
    // A group with no hidden event keeps the count it had.
    expect(await counts()).toEqual([2, 3]);
    await db.migrate.down({ migrationSource, name: GROUP_EVENT_COUNT });
    expect(await counts()).toEqual([3, 3]);
  });
});
