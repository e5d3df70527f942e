import { expect, it } from 'vitest';
import { describeMigration, memberRow, migrateBefore, migrateRest } from '../../test/migration-db';
import { search, searchCounts } from '../../services/search';

/** The search migration builds the index for a community that existed before it. */
const SEARCH = '20261124140000_search_docs';

describeMigration(SEARCH, (mig) => {
  it('indexes existing rows, folded, oldest first, and keeps deletes in step from then on', async () => {
    const { db } = mig;
    await migrateBefore(db, SEARCH);
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
    const user = (username: string, n: number, extra: Record<string, unknown> = {}) =>
      memberRow(username, { role: 'user', is_private: false, bio: null, created_at: at(n), updated_at: at(n), ...extra });
    await db('users').insert([user('ayse', 0, { bio: 'ISPARTA gülü' }), user('gizli', 1, { is_private: true })]);
    const ids = Object.fromEntries((await db('users').select('id', 'username')).map((r) => [r.username, Number(r.id)]));
    const post = (author: number, content: string, n: number, extra: Record<string, unknown> = {}) => ({
      author_id: author,
      content,
      is_hidden: false,
      created_at: at(n),
      updated_at: at(n),
      ...extra,
    });
    // Inserted newest first: the index must still order them by time.
    await db('posts').insert(post(ids.ayse ?? 0, 'İSPARTA yolunda', 5));
    await db('posts').insert(post(ids.ayse ?? 0, 'ısparta çarşısı', 3));
    await db('posts').insert(post(ids.ayse ?? 0, 'ısparta gizlenmiş', 4, { is_hidden: true }));
    await db('posts').insert(post(ids.gizli ?? 0, 'ısparta özel', 6));
    await db('questions').insert({ author_id: ids.ayse, title: 'Isparta gezisi', content: 'öneri', created_at: at(2), updated_at: at(2) });

    // Tags as they were keyed before (Turkish lower case): #ISTANBUL was 'ıstanbul', #istanbul 'istanbul'.
    const tagged = await db('posts').whereIn('content', ['İSPARTA yolunda', 'ısparta çarşısı']).orderBy('id').pluck('id');
    await db('posts')
      .whereIn('id', tagged)
      .update({ content: db.raw("content || ' #ISTANBUL #istanbul'") });
    await db('post_hashtags').insert(
      tagged.flatMap((id) => [
        { post_id: id, tag: 'ıstanbul', created_at: at(7) },
        { post_id: id, tag: 'istanbul', created_at: at(7) },
      ]),
    );
    const hour = Math.floor(Date.parse(at(7)) / 3_600_000);
    await db('hashtag_counts').insert([
      { tag: 'ıstanbul', bucket: hour, posts: 2 },
      { tag: 'istanbul', bucket: hour, posts: 2 },
    ]);
    await db('hashtag_daily_counts').insert([
      { tag: 'ıstanbul', day: Math.floor(hour / 24), posts: 2 },
      { tag: 'istanbul', day: Math.floor(hour / 24), posts: 2 },
    ]);

    await migrateRest(db);
    // One tag per post now, its typed form kept; the counters merged under the folded key.
    expect(await db('post_hashtags').orderBy('post_id').select('tag', 'label')).toEqual([
      { tag: 'istanbul', label: 'ISTANBUL' },
      { tag: 'istanbul', label: 'ISTANBUL' },
    ]);
    expect(await db('hashtag_counts').select('tag', 'posts')).toEqual([{ tag: 'istanbul', posts: 4 }]);
    expect(await db('hashtag_daily_counts').select('tag', 'posts')).toEqual([{ tag: 'istanbul', posts: 4 }]);
    expect(await db('hashtag_labels').select('tag', 'label', 'uses')).toEqual([{ tag: 'istanbul', label: 'ISTANBUL', uses: 2 }]);
    const posts = await db('posts').orderBy('created_at', 'desc').select('id', 'content');
    const r = await search(db, null, { q: 'isparta', type: 'posts', limit: 20 });
    // Oldest first in the table, newest first in the answer; hidden and private ones left out.
    expect(r.items.map((h) => h.id)).toEqual(posts.filter((p) => /^(İSPARTA yolunda|ısparta çarşısı)/.test(p.content)).map((p) => Number(p.id)));
    expect((await searchCounts(db, null, 'isparta')).counts).toMatchObject({ posts: 2, people: 1, questions: 1 });
    expect(r.items[0]?.snippet.filter((s) => s.mark).map((s) => s.text)).toEqual(['İSPARTA']);

    // From now on a delete drops the document through the triggers.
    await db('users').where({ id: ids.ayse }).delete();
    expect((await searchCounts(db, null, 'isparta')).counts).toMatchObject({ posts: 0, people: 0, questions: 1 });
  });
});
