import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDb } from '../db/knex';
import { migrationSource } from '../db/migrations';

/**
 * An empty database of its own for a migration test: a fresh SQLite file, or a fresh schema in
 * TEST_DATABASE_URL's PostgreSQL database. `cleanUp` closes it and drops the schema and the folder.
 */
export async function freshDb(): Promise<{ db: Knex; cleanUp: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-mig-'));
  const pgUrl = process.env.TEST_DATABASE_URL || null;
  const schema = pgUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : null;
  const admin = async (sql: string) => {
    if (!pgUrl) return;
    const conn = knexFactory({ client: 'pg', connection: pgUrl });
    try {
      await conn.raw(sql);
    } finally {
      await conn.destroy();
    }
  };
  await admin(`create schema "${schema}"`);
  const db = createDb({ dataDir, databaseUrl: pgUrl, databaseSchema: schema });
  const cleanUp = async () => {
    await db.destroy();
    await admin(`drop schema "${schema}" cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, cleanUp };
}

/** What a migration test's describe hands its tests: its database, open from its beforeAll to its afterAll. */
export interface MigrationTest {
  readonly db: Knex;
}

/**
 * A describe named after the migration under test, with a fresh database of its own (`freshDb`)
 * opened before its tests and cleaned up after them. `db` is there once the tests run, so read it
 * inside a test or a helper a test calls, not while the describe is being collected.
 */
export function describeMigration(name: string, fn: (mig: MigrationTest) => void): void {
  describe(name, () => {
    let fresh: Awaited<ReturnType<typeof freshDb>> | undefined;
    beforeAll(async () => {
      fresh = await freshDb();
    });
    afterAll(async () => {
      await fresh?.cleanUp();
    });
    fn({
      get db() {
        if (!fresh) throw new Error(`${name}: the database opens in beforeAll; read db inside a test`);
        return fresh.db;
      },
    });
  });
}

/**
 * A users row as a migration test inserts it, column by column, since a migration test runs on an
 * older schema than the code that registers members knows. The username also makes the display
 * name and the address, and its lower case is each folded key (true of the plain ASCII names tests
 * use); there is no password, as for a demo account. `overrides` replace or add columns.
 */
export function memberRow(username: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const key = username.toLowerCase();
  return {
    username,
    username_key: key,
    display_name: username,
    display_name_key: key,
    email: `${username}@ornek.com`,
    email_key: `${key}@ornek.com`,
    password_hash: null,
    hobbies: '[]',
    ...overrides,
  };
}

/** Migrates up to (not including) the named migration: the state a migration under test starts from. */
export async function migrateBefore(db: Knex, name: string): Promise<void> {
  await db.migrate.latest({
    migrationSource: { ...migrationSource, getMigrations: async () => (await migrationSource.getMigrations([])).filter((m) => m < name) },
  });
}

/** Migrates the rest of the way. */
export async function migrateRest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}
