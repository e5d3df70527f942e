import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { SQLITE_FILE_NAME } from '../../config';
import { describeDatabase } from '../../db/faults';

/** In DATA_DIR: which database the server that uses this folder runs on, written at each start. */
export const LIVE_DATABASE_FILE = 'live-database.json';

export interface LiveDatabase {
  engine: 'sqlite' | 'postgres';
  /** describeDatabase's label (no password), plus the schema on PostgreSQL. */
  database: string;
  startedAt: string;
}

/** The database this configuration opens, as the marker names it. */
export function databaseOf(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Omit<LiveDatabase, 'startedAt'> {
  const label = describeDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, SQLITE_FILE_NAME) });
  return config.databaseUrl
    ? { engine: 'postgres', database: config.databaseSchema ? `${label} (schema ${config.databaseSchema})` : label }
    : { engine: 'sqlite', database: label };
}

/**
 * Written by a starting server: commands run later with other settings (a backup after a move to
 * PostgreSQL with the old environment) can then tell that they are not looking at the live data.
 * A failure to write it never stops a start.
 */
export function recordLiveDatabase(config: Config, now = new Date()): void {
  const marker: LiveDatabase = { ...databaseOf(config), startedAt: now.toISOString() };
  try {
    const file = path.join(config.dataDir, LIVE_DATABASE_FILE);
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(marker, null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // A read-only data folder: the commands then simply have no marker to compare with.
  }
}

export function readLiveDatabase(dataDir: string): LiveDatabase | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, LIVE_DATABASE_FILE), 'utf8')) as Partial<LiveDatabase>;
    if ((parsed.engine === 'sqlite' || parsed.engine === 'postgres') && typeof parsed.database === 'string') {
      return { engine: parsed.engine, database: parsed.database, startedAt: String(parsed.startedAt ?? '') };
    }
  } catch {
    // No marker (no server has started on this folder) or an unreadable one: nothing to compare.
  }
  return null;
}

/**
 * Null when this configuration opens the database the server last started on (or no server has
 * started on this data folder); else the live database's marker.
 */
export function otherLiveDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): LiveDatabase | null {
  const live = readLiveDatabase(config.dataDir);
  if (!live) return null;
  const mine = databaseOf(config);
  return live.engine === mine.engine && live.database === mine.database ? null : live;
}
