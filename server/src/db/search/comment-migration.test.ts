import { expect, it } from 'vitest';
import { describeMigration, memberRow, migrateBefore, migrateRest } from '../../test/migration-db';
import { listComments } from '../../services/engagement/admin';

/** The comment search migration indexes the comments that existed before it. */
const COMMENTS = '20261125050000_comment_search';

describeMigration(COMMENTS, (mig) => {
  it('indexes existing comments of posts, blog posts and group posts, folded, and drops them on delete from then on', async () => {
    const { db } = mig;
    await migrateBefore(db, COMMENTS);
    const now = new Date().toISOString();
    const stamp = { created_at: now, updated_at: now };
    const [u] = await db('users')
      .insert(memberRow('ayse', { display_name: 'Ayşe', display_name_key: 'ayşe', email: 'a@ornek.com', email_key: 'a@ornek.com', role: 'user', ...stamp }))
      .returning('id');
    const userId = Number(typeof u === 'object' ? u.id : u);
    const [p] = await db('posts')
      .insert({ author_id: userId, content: 'gönderi', ...stamp })
      .returning('id');
    const postId = Number(typeof p === 'object' ? p.id : p);
    const [b] = await db('blog_posts')
      .insert({ author_id: userId, title: 'Yazı', slug: 'yazi', content: '<p>x</p>', published: true, ...stamp })
      .returning('id');
    const [g] = await db('hobby_groups')
      .insert({ name: 'Grup', slug: 'grup', description: 'd', creator_id: userId, ...stamp })
      .returning('id');
    const [gp] = await db('group_posts')
      .insert({ group_id: Number(typeof g === 'object' ? g.id : g), author_id: userId, content: 'grup gönderisi', ...stamp })
      .returning('id');
    await db('comments').insert({ post_id: postId, author_id: userId, content: 'ISPARTA gülü', ...stamp });
    await db('blog_comments').insert({ post_id: Number(typeof b === 'object' ? b.id : b), author_id: userId, content: 'ısparta yazısı', ...stamp });
    await db('group_post_comments').insert({ post_id: Number(typeof gp === 'object' ? gp.id : gp), author_id: userId, content: 'İsparta grubu', ...stamp });

    await migrateRest(db);
    const kinds = async (search: string) => (await listComments(db, { kind: 'all', search, limit: 20, direction: 'desc' })).items.map((c) => c.kind).sort();
    expect(await kinds('isparta')).toEqual(['blog', 'group', 'post']);
    expect(await kinds('gül')).toEqual(['post']);
    // A delete through a cascade (the post) drops its comment's document.
    await db('posts').where({ id: postId }).delete();
    expect(await kinds('isparta')).toEqual(['blog', 'group']);
    expect(await db('search_docs').where({ source: 'post_comment' }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
