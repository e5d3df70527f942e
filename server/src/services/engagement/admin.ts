import type { Knex } from 'knex';
import type { CommentKind } from '@mahalle/shared';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { whereMatches } from '../../db/search/query';
import type { UserRow } from '../../presenters/users';
import { presentAdminComment, type AdminCommentRow } from '../../presenters/comments';
import { errors } from '../../errors';
import { TEXTS } from '@mahalle/shared';
import { COMMENT_SOURCE, COMMENT_TABLES, deleteCommentTx, editComment as editCommentOfKind } from './comments';

/** The admin workspace's comments tab: every kind of comment merged by time, edited and deleted. */

type Db = Knex | Knex.Transaction;

function commentsOfKind(db: Db, kind: CommentKind) {
  const t = COMMENT_TABLES[kind];
  const q = db(`${t.table} as c`)
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .join(`${t.parentTable} as p`, 'p.id', `c.${t.parent}`)
    .select(
      'c.id',
      'c.content',
      'c.created_at',
      'c.is_hidden',
      'u.id as u_id',
      'u.username',
      'u.display_name',
      'u.profile_image',
      'u.role',
      `p.id as parent_id`,
      `p.${t.parentTitle} as parent_title`,
    );
  if (kind === 'blog') q.select('p.slug as parent_slug');
  if (kind === 'group') q.join('hobby_groups as g', 'g.id', 'p.group_id').select('g.slug as group_slug');
  return q;
}

const KIND_RANK: Record<CommentKind, number> = { post: 0, blog: 1, answer: 2, group: 3 };

/**
 * Comments of posts, blog posts, questions (answers) and groups, merged by time. The order is
 * (time, kind, id), so rows with the same time never repeat or vanish between pages; each
 * kind reads at most one page from its (created_at, id) index and the pages merge here.
 */
export async function listComments(db: Knex, q: { kind: CommentKind | 'all'; search?: string; limit: number; direction: 'asc' | 'desc'; cursor?: string }) {
  const kinds: CommentKind[] = q.kind === 'all' ? ['post', 'blog', 'answer', 'group'] : [q.kind];
  const after = decodeTuple<[string, number, number]>(q.cursor, ['time', 'int', 'int']);
  const desc = q.direction === 'desc';
  const op = desc ? '<' : '>';
  const parts = await Promise.all(
    kinds.map(async (kind) => {
      const query = commentsOfKind(db, kind);
      // The search index, as the other admin lists (whole words, the last one as a prefix, Turkish-folded): no LIKE scan.
      if (q.search) whereMatches(db, query, 'c.id', [kind === 'answer' ? 'answer' : COMMENT_SOURCE[kind]], q.search);
      if (after) {
        const [time, rank, id] = after;
        const mine = KIND_RANK[kind];
        // Past the cursor in (time, kind, id) order, seen from this kind's rank.
        if (mine === rank) query.where((w) => w.where('c.created_at', op, time).orWhere((w2) => w2.where('c.created_at', time).andWhere('c.id', op, id)));
        else if (desc ? mine < rank : mine > rank) query.where('c.created_at', desc ? '<=' : '>=', time);
        else query.where('c.created_at', op, time);
      }
      const rows: AdminCommentRow[] = await query
        .orderBy([
          { column: 'c.created_at', order: q.direction },
          { column: 'c.id', order: q.direction },
        ])
        .limit(q.limit);
      return rows.map((r) => ({
        row: presentAdminComment(kind, r),
        time: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
        rank: KIND_RANK[kind],
      }));
    }),
  );
  const sign = desc ? -1 : 1;
  const merged = parts
    .flat()
    .sort((a, b) => sign * (a.time.localeCompare(b.time) || a.rank - b.rank || a.row.id - b.row.id))
    .slice(0, q.limit);
  const last = merged.at(-1);
  return {
    items: merged.map((m) => m.row),
    nextCursor: merged.length === q.limit && last ? encodeTuple([last.time, last.rank, last.row.id]) : null,
  };
}

export async function editComment(db: Knex, admin: UserRow, kind: CommentKind, id: number, content: string) {
  await editCommentOfKind(db, admin, kind, id, content);
  const row: AdminCommentRow | undefined = await commentsOfKind(db, kind).where('c.id', id).first();
  if (!row) throw errors.notFound(TEXTS.social.commentNotFound, 'comment_not_found');
  return presentAdminComment(kind, row);
}

export async function deleteComment(db: Knex, admin: UserRow, kind: CommentKind, id: number) {
  await db.transaction((trx) => deleteCommentTx(trx, admin, kind, id, { audit: 'always' }));
}

/** Comments of any kinds, all in one transaction or none. */
export async function bulkDeleteComments(db: Knex, admin: UserRow, items: { kind: CommentKind; id: number }[]) {
  await db.transaction(async (trx) => {
    for (const { kind, id } of items) await deleteCommentTx(trx, admin, kind, id, { audit: 'always' });
  });
  return { deleted: items.length };
}
