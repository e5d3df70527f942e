import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { loadConfig, type Config } from '../config';
import { createDb } from '../db/knex';
import { listTables } from '../db/tables';
import { runCli } from '../cli/run';
import { sha256File, walkFiles } from '../services/backup/files';

/** Runs the admin command line in-process with captured output (the entry's own code path). */
export async function cli(argv: string[], config: Config, input?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const { Readable } = await import('node:stream');
  const code = await runCli(argv, () => config, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    cwd: config.dataDir,
    input: input === undefined ? undefined : Readable.from([input]),
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** A second PostgreSQL database for restores (TEST_DATABASE_URL's name with "2"), or null on SQLite. */
export function secondPgUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  if (process.env.TEST_DATABASE_URL_2) return process.env.TEST_DATABASE_URL_2;
  const u = new URL(url);
  u.pathname = `${u.pathname}2`;
  return u.toString();
}

/**
 * An empty place to restore into: a fresh data folder and, on PostgreSQL, the given schema in the
 * second database (dropped first). Its config opens the same engine as the tests run on.
 */
export async function emptyTarget(pgSchema: string | null): Promise<{ config: Config; cleanUp: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-restore-'));
  const pgUrl = secondPgUrl();
  if (pgUrl && pgSchema) await dropSchema(pgUrl, pgSchema);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      databaseUrl: pgUrl,
      databaseSchema: pgUrl ? pgSchema : null,
      logLevel: 'silent',
      passwordHashCost: 10,
    },
  );
  return {
    config,
    async cleanUp() {
      if (pgUrl && pgSchema) await dropSchema(pgUrl, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: url });
  try {
    await admin.raw('drop schema if exists ?? cascade', [schema]);
  } finally {
    await admin.destroy();
  }
}

export function openConfigDb(config: Config): Knex {
  return createDb({ ...config, log: { warn() {}, error() {}, deprecate() {}, debug() {} } });
}

/** Every row of every table, sorted by its columns' JSON, for an exact comparison of two databases. */
export async function dumpTables(db: Knex): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    if (table === 'rate_limits' || table.startsWith('rate_limit')) continue;
    const rows = (await db(table).select('*')) as Record<string, unknown>[];
    out[table] = rows.map((r) => JSON.stringify(normalizeRow(r))).sort();
  }
  return out;
}

/** Engines differ in how a value comes back (1 vs true); the comparison is of the same engine, but keys are sorted. */
function normalizeRow(r: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(r)
      .sort()
      .map((k) => [k, r[k] instanceof Date ? (r[k] as Date).toISOString() : r[k]]),
  );
}

/** name → sha256 of every file under dir. */
export async function hashFiles(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of await walkFiles(dir)) out[rel] = await sha256File(path.join(dir, rel));
  return out;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

/** The real entry, as `npm run admin -- …` starts it. */
export function spawnCli(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(tsx, ['src/cli/index.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}
