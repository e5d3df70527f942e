import type { Knex } from 'knex';

/**
 * The moderation workspace sorts its tables on the server; each sortable column gets a
 * (column, id) index so keyset paging walks an index instead of sorting the table.
 */
const INDEXES: [string, string[][]][] = [
  ['users', [['display_name', 'id']]],
  [
    'hobby_groups',
    [
      ['name', 'id'],
      ['post_count', 'id'],
    ],
  ],
  [
    'group_posts',
    [
      ['likes_count', 'id'],
      ['comments_count', 'id'],
    ],
  ],
  [
    'questions',
    [
      ['upvotes', 'id'],
      ['views', 'id'],
      ['answers_count', 'id'],
      ['is_answered', 'id'],
    ],
  ],
  [
    'events',
    [
      ['title', 'id'],
      ['attendees_count', 'id'],
    ],
  ],
  [
    'group_events',
    [
      ['date', 'id'],
      ['title', 'id'],
    ],
  ],
  [
    'blog_posts',
    [
      ['title', 'id'],
      ['views', 'id'],
      ['likes_count', 'id'],
      ['comments_count', 'id'],
    ],
  ],
  ['comments', [['created_at', 'id']]],
  ['blog_comments', [['created_at', 'id']]],
  ['answers', [['created_at', 'id']]],
  ['group_post_comments', [['created_at', 'id']]],
  ['reports', [['status', 'target_type', 'id']]],
  ['audit_log', [['action', 'id']]],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, indexes] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      for (const columns of indexes) t.index(columns);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, indexes] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      for (const columns of indexes) t.dropIndex(columns);
    });
  }
}
