import type { Knex } from 'knex';

// Uploaded images are decoded and re-encoded: their stored size and WebP thumbnail are kept beside the URL,
// so lists show the thumbnail in a box of the right shape before it loads. Old rows keep nulls.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['posts', 'group_posts']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('image_width').nullable();
      t.integer('image_height').nullable();
      t.string('image_thumb_url', 300).nullable();
    });
  }
  await knex.schema.alterTable('users', (t) => {
    t.string('profile_image_thumb', 300).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('profile_image_thumb');
  });
  for (const table of ['group_posts', 'posts']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumns('image_width', 'image_height', 'image_thumb_url');
    });
  }
}
