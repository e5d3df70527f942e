import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { hashtagKey } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '../../test/harness';
import { HOUR, tallyTags } from '../../services/hashtags';
import { rollTrending, trendingFromCounters, trendingHashtags, windowSums } from '../../services/trending';
import { isPostgres } from '../../db/engine';

/**
 * Trending reads running totals (trending_totals) that writes keep at once and a job moves with
 * the hours (services/trending.ts). Here: they always say what the counters summed at their hour
 * say, through writes, through the hours passing (by an injected clock, never by waiting), with
 * two nodes rolling at once, and with a roll that waits for a write in flight.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.ctx.db;
const windowHour = async () => Number((await db()('trending_window').where({ id: 1 }).first('hour')).hour);
const byTag = (rows: { tag: string; recent: number | string; previous: number | string }[]) =>
  Object.fromEntries(rows.map((r) => [r.tag, [Number(r.recent), Number(r.previous)]]).sort(([a], [b]) => String(a).localeCompare(String(b))));

/** The totals say what the counters summed at the hour the totals stand at say; and the list read from each is the same. */
async function expectTotalsTrue() {
  const now = (await windowHour()) * HOUR + 30 * 60_000;
  const sums = (await windowSums(db(), now)).filter((r) => r.recent !== 0 || r.previous !== 0);
  expect(byTag(await db()('trending_totals').select('tag', 'recent', 'previous'))).toEqual(byTag(sums));
  expect(await trendingHashtags(db())).toEqual(await trendingFromCounters(db(), now));
}

/** A tagged post at a given time, written as the post service would (tags, then the counters). */
async function postAt(m: Member, tag: string, at: number, trx?: Knex.Transaction): Promise<number> {
  const write = async (t: Knex.Transaction) => {
    const iso = new Date(at).toISOString();
    const [row] = await t('posts')
      .insert({ author_id: m.user.id, content: `#${tag}`, created_at: iso, updated_at: iso })
      .returning('id');
    const id = Number(typeof row === 'object' ? row.id : row);
    await t('post_hashtags').insert({ post_id: id, tag, label: tag, created_at: iso });
    await tallyTags(t, { postIds: [id] }, 1);
    return id;
  };
  return trx ? write(trx) : db().transaction(write);
}

const trending = async () => (await server.client().get('/api/hashtags/trending')).body as { tag: string; posts: number; growth: number; hot: boolean }[];

describe('trending from running totals', () => {
  it('follows every write at once: folded tags, private accounts out, edits, hides and deletes', async () => {
    const a = await server.member();
    const b = await server.member();
    const admin = await server.admin();
    const mk = async (m: Member, content: string) => (await m.client.post('/api/posts', { content })).body as { id: number };
    expect((await b.client.patch(`/api/users/${b.user.id}`, { isPrivate: true })).status).toBe(200);
    const p1 = await mk(a, '#Kışgünü bir');
    await mk(a, '#KIŞGÜNÜ iki');
    await mk(b, '#kışgünü gizli');
    const find = async () => (await trending()).find((t) => hashtagKey(t.tag) === hashtagKey('kışgünü'));
    expect((await find())?.posts).toBe(2);
    await expectTotalsTrue();
    expect((await b.client.patch(`/api/users/${b.user.id}`, { isPrivate: false })).status).toBe(200);
    expect((await find())?.posts).toBe(3);
    expect((await a.client.patch(`/api/posts/${p1.id}`, { content: 'etiketsiz' })).status).toBe(200);
    expect((await find())?.posts).toBe(2);
    const p3 = await mk(a, '#kışgünü üç');
    expect((await admin.client.delete(`/api/admin/content/post/${p3.id}`)).status).toBe(200);
    expect((await find())?.posts).toBe(2);
    await expectTotalsTrue();
  });

  it('moves with the hours: recent posts become last week’s, then leave (each roll, and a rebuild after a long stop)', async () => {
    const m = await server.member();
    const start = await windowHour();
    // Tagged posts at 70 different hours from 16 days ago to now, on three tags.
    for (let k = 0; k < 70; k++) await postAt(m, `saat${k % 3}`, (start - k * 5 - (k % 4)) * HOUR + 10 * 60_000);
    await expectTotalsTrue();
    const steps = [1, 1, 3, 20, 24, 100, 45, 1, 160, 7, 300];
    let hour = start;
    for (const step of steps) {
      hour += step;
      server.jobs.trending.now = () => new Date(hour * HOUR + 59 * 60_000);
      expect(await server.jobs.trending.tick()).toBe(true);
      expect(await windowHour()).toBe(hour);
      await expectTotalsTrue();
    }
    // The same hour again moves nothing; nor does an earlier one.
    expect(await server.jobs.trending.tick()).toBe(false);
    expect(await rollTrending(db(), (hour - 5) * HOUR)).toBe(false);
    // Past two weeks after the last post: nothing of these tags is left.
    expect(Object.keys(byTag(await db()('trending_totals').where('tag', 'like', 'saat%').select('tag', 'recent', 'previous')))).toEqual([]);
    // A stop longer than two weeks: rebuilt from the counters (to the same figures).
    const back = hour + 2 * 168 + 30;
    await postAt(m, 'saat0', (back - 3) * HOUR);
    hour = back;
    expect(await rollTrending(db(), hour * HOUR)).toBe(true);
    await expectTotalsTrue();
    expect(byTag(await db()('trending_totals').where('tag', 'saat0').select('tag', 'recent', 'previous'))).toEqual({ saat0: [1, 0] });
  });

  it('rolls once when two nodes roll the same hour at once', async () => {
    const other = await server.anotherNode();
    try {
      const m = await server.member();
      const hour = (await windowHour()) + 1;
      // The first leaves the recent week with this roll, the second stays in it.
      await postAt(m, 'ikidüğüm', (hour - 169) * HOUR + 60_000);
      await postAt(m, 'ikidüğüm', (hour - 2) * HOUR);
      server.jobs.trending.now = () => new Date(hour * HOUR + 1000);
      other.jobs.trending.now = () => new Date(hour * HOUR + 1000);
      // One node rolls; the other skips (its lock is taken: null) or finds the hour already rolled (false).
      const rolled = await Promise.all([server.jobs.trending.tick(), other.jobs.trending.tick()]);
      expect(rolled.filter((r) => r === true)).toHaveLength(1);
      expect(await windowHour()).toBe(hour);
      await expectTotalsTrue();
      expect(byTag(await db()('trending_totals').where('tag', 'ikidüğüm').select('tag', 'recent', 'previous'))).toEqual({ ikidüğüm: [1, 1] });
    } finally {
      await other.close();
    }
  });

  it('a roll waits for a write in flight that counted by the old hour', async () => {
    const m = await server.member();
    const hour = await windowHour();
    let rolled: Promise<boolean> | null = null;
    await db().transaction(async (trx) => {
      // The post's hour is the last of the recent week: the roll to the next hour moves it to the previous one.
      await postAt(m, 'uçuşta', (hour - 168) * HOUR + 60_000, trx);
      rolled = rollTrending(db(), (hour + 1) * HOUR);
      if (isPostgres(db())) {
        // Until the roll is seen waiting for our lock on the window row (a bounded look, no sleep).
        for (let i = 0; i < 500; i++) {
          const waiting = await db().raw("select count(*)::int as n from pg_locks where not granted and locktype in ('transactionid', 'tuple')");
          if (waiting.rows[0].n > 0) break;
        }
      }
    });
    expect(await rolled).toBe(true);
    await expectTotalsTrue();
    expect(byTag(await db()('trending_totals').where('tag', 'uçuşta').select('tag', 'recent', 'previous'))).toEqual({ uçuşta: [0, 1] });
  });
});
