import { toIso } from '../db/time';
import { authorFromJoin } from './users';

/** A row of the admin workspace's questions table. */
export function presentAdminQuestion(r: any) {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category,
    views: r.views,
    upvotes: r.upvotes,
    answersCount: r.answers_count,
    isAnswered: Boolean(r.is_answered),
    author: authorFromJoin(r),
    createdAt: toIso(r.created_at),
    };
}
