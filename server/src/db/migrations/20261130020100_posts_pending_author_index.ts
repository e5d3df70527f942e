import type { Knex } from 'knex';

/**
 * A member's posts held for approval, found without walking all their posts: the shared feed
 * pages ask it of every member at their first read of a page (services/posts/shared-pages), and
 * one who has any reads their own list, where only they see them. Partial: held posts are few.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index posts_pending_author_index on posts (author_id) where pending_approval = true');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index posts_pending_author_index');
}
