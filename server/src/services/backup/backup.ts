import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import sqlite3 from 'sqlite3';
import { engineOf } from '../../db/engine';
import { schemaStatus } from '../../db/schema-version';
import { currentSchema, tableCounts } from '../../db/tables';
import { describeFiles, sha256File } from './files';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  PG_DUMP_ENTRY,
  SESSION_SECRET_ENTRY,
  SQLITE_ENTRY,
  VAPID_KEYS_ENTRY,
  type BackupManifest,
} from './manifest';
import { pgTool, runPgTool } from './pg-tools';
import pkg from '../../../package.json';

export interface BackupSource {
  db: Knex;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | null;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  bytes: number;
}

/** `mahalle-backup-20261124-194500-123.tar.gz`: sorts by time, which is how BACKUP_KEEP prunes. */
export function backupFileName(now = new Date()): string {
  const iso = now.toISOString(); // 2026-11-24T19:45:00.123Z
  return `mahalle-backup-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}-${iso.slice(20, 23)}.tar.gz`;
}
export const BACKUP_FILE_PATTERN = /^mahalle-backup-\d{8}-\d{6}-\d{3}\.tar\.gz$/;

/**
 * One consistent archive of the database and the uploads, safe while the server writes:
 * SQLite through VACUUM INTO (a transactionally consistent copy, never the live file), PostgreSQL
 * through pg_dump on a snapshot exported from the transaction that counted the rows, so the
 * manifest's counts are the dump's. Uploads are hard-linked (not copied), hashed, then streamed
 * into the archive. The archive appears under its name only once complete.
 */
export async function createBackup(source: BackupSource, outDir: string, now = new Date()): Promise<BackupResult> {
  fs.mkdirSync(outDir, { recursive: true });
  const stage = fs.mkdtempSync(path.join(outDir, '.backup-'));
  const finalFile = path.join(outDir, backupFileName(now));
  const partFile = `${finalFile}.part`;
  const cleanups: (() => void)[] = [];
  try {
    fs.mkdirSync(path.join(stage, 'database'));
    const snapshot =
      engineOf(source.db) === 'postgres'
        ? await dumpPostgres(source, path.join(stage, PG_DUMP_ENTRY))
        : await snapshotSqlite(source, path.join(stage, SQLITE_ENTRY));
    const dbFile = path.join(stage, snapshot.entry);
    // Taken after the database: a file a row of the snapshot names was there before it. Hard links
    // (no bytes copied) keep each file as it was even if it is deleted while the archive is written.
    const links = linkUploads(source.uploadsDir, path.dirname(path.resolve(source.uploadsDir)));
    cleanups.push(() => links && fs.rmSync(links, { recursive: true, force: true }));
    const uploadsRoot = links ?? source.uploadsDir;
    const uploads = await describeFiles(uploadsRoot);
    const secretFile = path.join(source.dataDir, SESSION_SECRET_ENTRY);
    let sessionSecret: BackupManifest['sessionSecret'];
    if (fs.existsSync(secretFile)) {
      const staged = path.join(stage, SESSION_SECRET_ENTRY);
      fs.copyFileSync(secretFile, staged);
      sessionSecret = { path: SESSION_SECRET_ENTRY, bytes: fs.statSync(staged).size, sha256: await sha256File(staged) };
    }
    const vapidFile = path.join(source.dataDir, VAPID_KEYS_ENTRY);
    let vapidKeys: BackupManifest['vapidKeys'];
    if (fs.existsSync(vapidFile)) {
      const staged = path.join(stage, VAPID_KEYS_ENTRY);
      fs.copyFileSync(vapidFile, staged);
      vapidKeys = { path: VAPID_KEYS_ENTRY, bytes: fs.statSync(staged).size, sha256: await sha256File(staged) };
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      mahalleVersion: pkg.version,
      engine: snapshot.engine,
      pgSchema: snapshot.pgSchema,
      migration: snapshot.migrations.at(-1) ?? null,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      database: { path: snapshot.entry, bytes: fs.statSync(dbFile).size, sha256: await sha256File(dbFile) },
      uploads,
      ...(sessionSecret ? { sessionSecret } : {}),
      ...(vapidKeys ? { vapidKeys } : {}),
    };
    fs.writeFileSync(path.join(stage, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    // uploads/ in the archive is that folder, through a symbolic link: tar streams each file from there.
    fs.symlinkSync(path.resolve(uploadsRoot), path.join(stage, 'uploads'), 'dir');
    // tar is loaded by the backup itself, not by every node as it starts.
    const { create: createTar } = await import('tar');
    await createTar({ gzip: true, file: partFile, cwd: stage, portable: true, strict: true }, [
      MANIFEST_FILE,
      snapshot.entry,
      ...(sessionSecret ? [SESSION_SECRET_ENTRY] : []),
      ...(vapidKeys ? [VAPID_KEYS_ENTRY] : []),
      ...uploads.map((u) => `uploads/${u.path}`),
    ]);
    fs.renameSync(partFile, finalFile);
    return { file: finalFile, manifest, bytes: fs.statSync(finalFile).size };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    fs.rmSync(partFile, { force: true });
    for (const clean of cleanups) clean();
  }
}

/**
 * Hard links to every file under uploadsDir, in a folder beside it (same file system): the archive
 * reads them, so a file removed meanwhile (a post deleted) is still archived whole. Null when links
 * cannot be made there (another file system, no permission): the archive then reads uploads/ itself.
 */
function linkUploads(uploadsDir: string, besideDir: string): string | null {
  let dir: string | null = null;
  try {
    dir = fs.mkdtempSync(path.join(besideDir, '.backup-uploads-'));
    const walk = (from: string, to: string) => {
      for (const e of fs.readdirSync(from, { withFileTypes: true })) {
        const src = path.join(from, e.name);
        const dst = path.join(to, e.name);
        if (e.isDirectory()) {
          fs.mkdirSync(dst);
          walk(src, dst);
        } else if (e.isFile()) {
          try {
            fs.linkSync(src, dst);
          } catch (err) {
            // Removed since the listing: it was on its way out.
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          }
        }
      }
    };
    if (fs.existsSync(uploadsDir)) walk(uploadsDir, dir);
    return dir;
  } catch {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

interface Snapshot {
  engine: 'sqlite' | 'postgres';
  entry: string;
  pgSchema: string | null;
  migrations: string[];
  tables: Record<string, number>;
}

function sqliteFileOf(db: Knex): string {
  return String((db.client.config.connection as { filename?: string }).filename);
}

/** Opens a SQLite file with knex for reading (the snapshot, or a restored copy). */
export function openSqliteFile(filename: string): Knex {
  return knexFactory({ client: 'sqlite3', connection: { filename }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
}

/**
 * A transactionally consistent copy of a SQLite database, taken on its own connection outside the
 * server's write lock: VACUUM INTO reads one snapshot in a read transaction while writers carry on (WAL).
 */
export function vacuumInto(sqliteFile: string, target: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const conn = new sqlite3.Database(sqliteFile, sqlite3.OPEN_READWRITE, (err) => {
      if (err) return reject(err);
      conn.exec('PRAGMA busy_timeout = 10000', (err2) => {
        if (err2) return conn.close(() => reject(err2));
        conn.run('VACUUM INTO ?', [target], (err3) => conn.close(() => (err3 ? reject(err3) : resolve())));
      });
    });
  });
}

async function snapshotSqlite(source: BackupSource, target: string): Promise<Snapshot> {
  await vacuumInto(sqliteFileOf(source.db), target);
  const copy = openSqliteFile(target);
  try {
    const status = await schemaStatus(copy);
    return { engine: 'sqlite', entry: SQLITE_ENTRY, pgSchema: null, migrations: status.applied, tables: await tableCounts(copy) };
  } finally {
    await copy.destroy();
  }
}

async function dumpPostgres(source: BackupSource, target: string): Promise<Snapshot> {
  const bin = pgTool('pg_dump');
  if (!source.databaseUrl) throw new Error('PostgreSQL without DATABASE_URL');
  const databaseUrl = source.databaseUrl;
  // One snapshot for the counts and the dump: pg_dump --snapshot reads what this transaction sees.
  return source.db.transaction(
    async (trx) => {
      const exported = (await trx.raw('select pg_export_snapshot() as id')) as { rows: { id: string }[] };
      const snapshotId = exported.rows.at(0)?.id;
      if (!snapshotId) throw new Error('pg_export_snapshot returned nothing');
      const schema = await currentSchema(trx);
      const status = await schemaStatus(trx);
      const tables = await tableCounts(trx);
      await runPgTool(
        bin,
        ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--snapshot=${snapshotId}`, `--file=${target}`],
        databaseUrl,
      );
      return { engine: 'postgres' as const, entry: PG_DUMP_ENTRY, pgSchema: schema, migrations: status.applied, tables };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** A random name for staging folders. */
export function randomSuffix(): string {
  return crypto.randomBytes(4).toString('hex');
}
