import type { Knex } from 'knex';
import { intColumn, sortedPage } from '../../db/keyset';
import { AUTHOR_COLUMNS } from '../../presenters/users';
import { presentAdminQuestion, type QuestionRow } from '../../presenters/questions';
import { whereMatches } from '../../db/search/query';
import { whereItemState } from '../held-items';
import type { ItemState } from '@mahalle/shared';

/** The admin workspace's table of questions. */

const QUESTION_SORT = {
  createdAt: intColumn('q.id'),
  upvotes: intColumn('q.upvotes'),
  views: intColumn('q.views'),
  answersCount: intColumn('q.answers_count'),
};

export async function listQuestions(
  db: Knex,
  q: { limit: number; cursor?: string; sort: keyof typeof QUESTION_SORT; direction: 'asc' | 'desc'; search?: string; answered?: boolean; state?: ItemState },
) {
  const query = db('questions as q')
    .leftJoin('users as u', 'u.id', 'q.author_id')
    .select('q.*', ...AUTHOR_COLUMNS);
  if (q.search) whereMatches(db, query, 'q.id', ['question'], q.search);
  if (q.answered !== undefined) query.where('q.is_answered', q.answered);
  if (q.state) whereItemState(query, 'q', q.state);
  const page = await sortedPage<QuestionRow>(query, {
    columns: QUESTION_SORT,
    sort: q.sort,
    direction: q.direction,
    cursor: q.cursor,
    limit: q.limit,
    idColumn: 'q.id',
  });
  return {
    items: page.rows.map((r) => presentAdminQuestion(r)),
    nextCursor: page.nextCursor,
  };
}
