import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
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
