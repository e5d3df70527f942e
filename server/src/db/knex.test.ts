import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDb } from './knex';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-knex-'));
  dirs.push(dir);
  return dir;
}

/** PRAGMA synchronous's answer on every connection of the pool: 1 is NORMAL, 2 is FULL. */
async function synchronousOnEveryConnection(setting: 'normal' | 'full' | undefined): Promise<Array<number | undefined>> {
  const db = createDb({ dataDir: tempDir(), databaseUrl: null, sqliteSynchronous: setting });
  try {
    // Four reads side by side take the pool's four connections.
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => db.raw('select 1 as one').then(() => db.raw('PRAGMA synchronous') as Promise<Array<{ synchronous: number }>>)),
    );
    const journal = (await db.raw('PRAGMA journal_mode')) as Array<{ journal_mode: string }>;
    expect(journal[0]?.journal_mode).toBe('wal');
    return answers.map((rows) => rows[0]?.synchronous);
  } finally {
    await db.destroy();
  }
}

describe('SQLite durability setting', () => {
  it('is FULL in WAL mode by default, and NORMAL when SQLITE_SYNCHRONOUS=normal', async () => {
    expect(new Set(await synchronousOnEveryConnection(undefined))).toEqual(new Set([2]));
    expect(new Set(await synchronousOnEveryConnection('full'))).toEqual(new Set([2]));
    expect(new Set(await synchronousOnEveryConnection('normal'))).toEqual(new Set([1]));
  });

  it('reads SQLITE_SYNCHRONOUS from the environment, in any case; anything else keeps full', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).sqliteSynchronous).toBe('full');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', SQLITE_SYNCHRONOUS: 'off' }).sqliteSynchronous).toBe('full');
  });
});
