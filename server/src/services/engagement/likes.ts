import type { Knex } from 'knex';
import { nowIso } from '../../db/time';
import { lockRow } from '../../db/locks';

/**
 * Likes of every kind in one place: posts, blog posts and group posts. Each kind has a table of
 * (post_id, user_id) pairs and a `likes_count` on the liked row, changed together.
 */
export type LikeKind = 'post' | 'blog_post' | 'group_post';

const LIKE_TABLES: Record<LikeKind, { likes: string; target: string }> = {
  post: { likes: 'post_likes', target: 'posts' },
  blog_post: { likes: 'blog_likes', target: 'blog_posts' },
  group_post: { likes: 'group_post_likes', target: 'group_posts' },
};

type Db = Knex | Knex.Transaction;

/** like, unlike, or the other of what it is now. */
export type LikeMode = 'like' | 'unlike' | 'toggle';

/**
 * Likes or unlikes in one transaction. The liked row is locked first (two toggles of one row run
 * one after the other on PostgreSQL), then `check` (the caller's policy: visible, published, no
 * block when `adding` a like; taking one back needs only sight of the row) runs; `onAdded` runs inside the transaction when a like was newly made (a notification).
 */
export async function setLike<T>(
  db: Knex,
  kind: LikeKind,
  id: number,
  userId: number,
  mode: LikeMode,
  hooks: { check: (trx: Knex.Transaction, adding: boolean) => Promise<T>; onAdded?: (trx: Knex.Transaction, checked: T) => Promise<void> },
): Promise<{ liked: boolean; likesCount: number }> {
  const t = LIKE_TABLES[kind];
  return db.transaction(async (trx) => {
    await lockRow(trx, t.target, id);
    const existing = Boolean(await trx(t.likes).where({ post_id: id, user_id: userId }).first('post_id'));
    const liked = mode === 'toggle' ? !existing : mode === 'like';
    const checked = await hooks.check(trx, liked && !existing);
    if (liked && !existing) {
      await trx(t.likes).insert({ post_id: id, user_id: userId, created_at: nowIso() });
      await trx(t.target).where({ id }).increment('likes_count', 1);
      if (hooks.onAdded) await hooks.onAdded(trx, checked);
    } else if (!liked && existing) {
      await trx(t.likes).where({ post_id: id, user_id: userId }).delete();
      await trx(t.target).where({ id }).decrement('likes_count', 1);
    }
    const { likes_count } = await trx(t.target).where({ id }).first('likes_count');
    return { liked, likesCount: likes_count as number };
  });
}

/** Which of a page's rows this viewer liked: one query for the whole page. */
export async function likedIds(db: Db, kind: LikeKind, ids: number[], viewerId: number | null | undefined): Promise<Set<number>> {
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await db(LIKE_TABLES[kind].likes).whereIn('post_id', ids).andWhere({ user_id: viewerId }).select('post_id');
  return new Set(rows.map((r: { post_id: number }) => r.post_id));
}

export async function isLiked(db: Db, kind: LikeKind, id: number, viewerId: number | null | undefined): Promise<boolean> {
  return (await likedIds(db, kind, [id], viewerId)).has(id);
}
