import type { Knex } from 'knex';
import { userRef } from './helpers';

/**
 * Notifications that leave the site: a member's push subscriptions (one per device), their e-mail
 * choices and the state of their address, and one queue of deliveries (push and mail) that a job
 * drains with retries. The queue lives in the database so a restart loses nothing and several
 * nodes share it (each row is claimed by one node: FOR UPDATE SKIP LOCKED on PostgreSQL).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id').primary();
    userRef(t, 'user_id', 'CASCADE');
    // The push service's URL for this device; the same device subscribing again replaces its row.
    t.string('endpoint', 1000).notNullable().unique();
    t.string('p256dh', 200).notNullable();
    t.string('auth', 100).notNullable();
    // What the member sees in the device list ("Chrome, Linux"), from the browser's user agent.
    t.string('label', 100).notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_success_at', { useTz: true }).nullable();
    t.index(['user_id', 'id']);
  });

  await knex.schema.createTable('mail_preferences', (t) => {
    userRef(t, 'user_id', 'CASCADE').primary();
    // JSON text { "<kind>": bool }; a kind it does not name has its default (only messages on).
    t.text('kinds').notNullable().defaultTo('{}');
    // Failed sends to the address in a row; at the limit the address is paused until the member resumes it.
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('paused_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('notification_deliveries', (t) => {
    t.bigIncrements('id').primary();
    t.string('channel', 10).notNullable(); // push | mail
    userRef(t, 'user_id', 'CASCADE');
    t.integer('subscription_id').unsigned().nullable().references('push_subscriptions.id').onDelete('CASCADE');
    // The notification it announces (its text and group size are read when sent), or null with `payload`.
    t.integer('notification_id').unsigned().nullable().references('notifications.id').onDelete('CASCADE');
    // What the member switches (a notification group, or 'digest'): the unsubscribe link names it.
    t.string('kind', 40).notNullable();
    // Grouping key: a pending delivery with the same tag is updated instead of queued again.
    t.string('tag', 120).notNullable();
    // JSON: a push's { title, body, url, tag } or a mail's { subject, text, html }, when not read from a notification.
    t.text('payload').nullable();
    t.string('state', 10).notNullable().defaultTo('pending'); // pending | sending | sent | failed | dropped
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.string('last_error', 300).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.index(['state', 'next_attempt_at']);
    t.index(['user_id', 'channel', 'tag', 'state']);
    t.index(['subscription_id']);
    t.index(['notification_id']);
  });

  // What every node's mail did (notifications and password help alike): one row, counted in place,
  // so the admin panel sees the community's mail and not the node that answered.
  await knex.schema.createTable('mail_health', (t) => {
    t.string('id', 20).primary();
    t.bigInteger('sent').notNullable().defaultTo(0);
    t.bigInteger('failed').notNullable().defaultTo(0);
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('last_failure_at', { useTz: true }).nullable();
    t.string('last_error', 300).nullable();
  });
  await knex('mail_health').insert({ id: 'smtp' });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_health');
  await knex.schema.dropTable('notification_deliveries');
  await knex.schema.dropTable('mail_preferences');
  await knex.schema.dropTable('push_subscriptions');
}
