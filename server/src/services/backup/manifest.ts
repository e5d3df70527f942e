import type { FileEntry } from './files';

export const BACKUP_FORMAT = 'mahalle-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_ENTRY = 'database/mahalle.sqlite';
export const PG_DUMP_ENTRY = 'database/mahalle.pgdump';
/** DATA_DIR's session-secret: restored with the data, members stay signed in after a move. */
export const SESSION_SECRET_ENTRY = 'session-secret';
/** DATA_DIR's vapid-keys.json: restored with the data, so members' push subscriptions keep working. */
export const VAPID_KEYS_ENTRY = 'vapid-keys.json';

/** manifest.json, the archive's first entry: what it holds and how to check it came back whole. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  mahalleVersion: string;
  engine: 'sqlite' | 'postgres';
  /** PostgreSQL: the schema the dump was taken from (it is restored under the same name). */
  pgSchema: string | null;
  /** Schema migrations applied in the backed-up database, oldest first; `migration` is the newest. */
  migration: string | null;
  migrations: string[];
  /** Rows per table at the moment of the snapshot (full-text tables excluded, see db/tables.ts). */
  tables: Record<string, number>;
  database: FileEntry;
  uploads: FileEntry[];
  /** The generated session key (absent when SESSION_SECRET came from the environment, and in older backups). */
  sessionSecret?: FileEntry;
  /** The generated Web Push key pair (absent when VAPID_* came from the environment, and in older backups). */
  vapidKeys?: FileEntry;
}

export function parseManifest(text: string): BackupManifest {
  const m = JSON.parse(text) as Partial<BackupManifest>;
  if (m.format !== BACKUP_FORMAT || typeof m.formatVersion !== 'number' || !m.database || !Array.isArray(m.uploads) || !m.tables) {
    throw new Error('not a Mahalle backup manifest');
  }
  return m as BackupManifest;
}
