import type { Knex } from 'knex';

/**
 * Items a watched word holds for approval: `pending_approval` beside `is_hidden` on every kind a
 * word can hold (posts, post comments, answers, blog comments, group posts, group post comments).
 * A held item is hidden and pending; approving clears both, rejecting clears only the pending
 * mark (it stays hidden, as a moderator's hide). The author's own lists show their pending items,
 * so the mark tells "waits for approval" from "hidden by a moderator".
 *
 * Posts held before this column existed are the hidden posts with an open watched-word approval
 * report: marked pending here.
 *
 * Counters of comments, answers and a group's posts count shown rows from now on (hides and
 * restores move them, as they move a post's tag totals): the parents of hidden rows are recounted.
 */
const TABLES = ['posts', 'comments', 'answers', 'blog_comments', 'group_posts', 'group_post_comments'] as const;

/** [parent table, its counter, the child table, the child's column naming the parent]. */
const COUNTERS = [
  ['posts', 'comments_count', 'comments', 'post_id'],
  ['blog_posts', 'comments_count', 'blog_comments', 'post_id'],
  ['group_posts', 'comments_count', 'group_post_comments', 'post_id'],
  ['questions', 'answers_count', 'answers', 'question_id'],
  ['hobby_groups', 'post_count', 'group_posts', 'group_id'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.boolean('pending_approval').notNullable().defaultTo(false);
    });
  }
  await knex('posts')
    .where({ is_hidden: true })
    .whereIn('id', knex('reports').where({ target_type: 'post', reason_code: 'watched_word', kind: 'approval', status: 'open' }).select('target_id'))
    .update({ pending_approval: true });
  for (const [parent, counter, child, fk] of COUNTERS) {
    await knex.raw(
      `update ${parent} set ${counter} = (select count(*) from ${child} c where c.${fk} = ${parent}.id and c.is_hidden = ?)
       where exists (select 1 from ${child} h where h.${fk} = ${parent}.id and h.is_hidden = ?)`,
      [false, true],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('pending_approval');
    });
  }
}
