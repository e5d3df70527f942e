import type { Knex } from 'knex';
import { timestamps, userRef } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reports', (t) => {
    t.increments('id').primary();
    userRef(t, 'reporter_id', 'SET NULL');
    // post | comment | answer | blog_comment | group_post | group_comment | user
    t.string('target_type', 20).notNullable();
    t.integer('target_id').notNullable();
    t.text('reason').notNullable();
    t.string('status', 12).notNullable().defaultTo('open'); // open | resolved | dismissed
    t.text('resolution_note').nullable();
    userRef(t, 'resolved_by', 'SET NULL');
    t.timestamp('resolved_at', { useTz: true }).nullable();
    timestamps(t, knex);
    t.index(['status', 'id']);
    t.index(['target_type', 'target_id']);
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id').primary();
    userRef(t, 'actor_id', 'SET NULL');
    t.string('actor_username', 30).nullable(); // kept when the actor's account is gone
    t.string('action', 60).notNullable();
    t.string('target_type', 30).notNullable();
    t.string('target_id', 40).nullable();
    t.text('before').nullable(); // JSON
    t.text('after').nullable(); // JSON
    timestamps(t, knex);
    t.index(['actor_id', 'id']);
    t.index(['target_type', 'target_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('reports');
}
