import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { engineOf } from '../../db/engine';
import { knownMigrations } from '../../db/schema-version';
import { listTables, tableCounts } from '../../db/tables';
import { openSqliteFile, randomSuffix } from './backup';
import { OpsError } from './errors';
import { sha256File, walkFiles } from './files';
import { MANIFEST_FILE, SESSION_SECRET_ENTRY, VAPID_KEYS_ENTRY, parseManifest, type BackupManifest } from './manifest';
import { pgTool, runPgTool } from './pg-tools';

export const SQLITE_FILE = 'mahalle.sqlite';

/** Reads manifest.json from an archive without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new OpsError({ tr: `Yedek dosyası yok: ${file}`, en: `No such backup file: ${file}` });
  let text: string | null = null;
  const { list: listTar } = await import('tar');
  try {
    await listTar({
      file,
      onReadEntry(entry) {
        if (entry.path !== MANIFEST_FILE) return entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch {
    text = null;
  }
  if (text === null) throw new OpsError({ tr: `Bu bir Mahalle yedeği değil: ${file}`, en: `Not a Mahalle backup: ${file}` });
  try {
    return parseManifest(text);
  } catch {
    throw new OpsError({ tr: `Yedeğin içerik listesi okunamadı: ${file}`, en: `The backup's manifest cannot be read: ${file}` });
  }
}

/** Refuses an archive taken from a newer Mahalle (a migration this build does not know). */
export async function assertRestorable(manifest: BackupManifest): Promise<void> {
  const known = new Set(await knownMigrations());
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new OpsError({
      tr: `Bu yedek daha yeni bir Mahalle sürümünden (bilinmeyen geçiş: ${unknown.join(', ')}). Önce Mahalle'yi güncelleyin, sonra geri yükleyin.`,
      en: `This backup comes from a newer Mahalle (unknown migration: ${unknown.join(', ')}). Upgrade Mahalle first, then restore.`,
    });
  }
}

export interface RestoreTarget {
  /** The target database; on SQLite its file is dataDir/mahalle.sqlite and is replaced. */
  db: Knex;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: DATABASE_SCHEMA (null: public); it may not exist yet. */
  databaseSchema: string | null;
}

/** What is in the way of a restore: the non-empty tables and the files in uploads/. */
export async function targetContents(target: RestoreTarget): Promise<{ tables: string[]; uploads: number }> {
  const uploads = (await walkFiles(target.uploadsDir)).length;
  if (engineOf(target.db) === 'sqlite' && !fs.existsSync(path.join(target.dataDir, SQLITE_FILE))) return { tables: [], uploads };
  const tables = await listTables(target.db);
  return { tables, uploads };
}

/**
 * Restores an archive into an empty data folder / database; with `force`, over what is there
 * (the server must be stopped). Everything is unpacked into a staging folder and checked against
 * the manifest (file hashes, then row counts) before it takes the place of the old data.
 */
export async function restoreBackup(file: string, target: RestoreTarget, opts: { force: boolean; log?: (line: string) => void }): Promise<BackupManifest> {
  const log = opts.log ?? (() => undefined);
  const manifest = await readManifest(file);
  await assertRestorable(manifest);
  const engine = engineOf(target.db);
  if (manifest.engine !== engine) {
    throw new OpsError({
      tr: `Bu yedek ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} veritabanından; bu sunucu ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} kullanıyor. (SQLite'tan PostgreSQL'e geçmek için: önce SQLite'a geri yükleyin, sonra npm run migrate-to-postgres.)`,
      en: `This backup is of a ${manifest.engine} database; this server uses ${engine}. (To move from SQLite to PostgreSQL: restore to SQLite, then npm run migrate-to-postgres.)`,
    });
  }
  const present = await targetContents(target);
  if ((present.tables.length > 0 || present.uploads > 0) && !opts.force) {
    throw new OpsError({
      tr: `Hedef boş değil (${present.tables.length} tablo, uploads/ içinde ${present.uploads} dosya). Üzerine yazmak için sunucuyu durdurup --force ile çalıştırın.`,
      en: `The target is not empty (${present.tables.length} tables, ${present.uploads} files in uploads/). To overwrite it, stop the server and run with --force.`,
    });
  }

  const stage = fs.mkdtempSync(path.join(target.dataDir, `.restore-${randomSuffix()}-`));
  try {
    const { extract: extractTar } = await import('tar');
    await extractTar({ file, cwd: stage, strict: true, preserveOwner: false });
    const entries = [
      manifest.database,
      ...(manifest.sessionSecret ? [manifest.sessionSecret] : []),
      ...(manifest.vapidKeys ? [manifest.vapidKeys] : []),
      ...manifest.uploads.map((u) => ({ ...u, path: `uploads/${u.path}` })),
    ];
    for (const entry of entries) {
      const full = path.join(stage, entry.path);
      if (!fs.existsSync(full) || (await sha256File(full)) !== entry.sha256) {
        throw new OpsError({ tr: `Yedek bozuk: ${entry.path} eksik ya da değişmiş.`, en: `The backup is damaged: ${entry.path} is missing or altered.` });
      }
    }
    if (engine === 'sqlite') {
      const staged = path.join(stage, manifest.database.path);
      const check = openSqliteFile(staged);
      try {
        compareCounts(manifest.tables, await tableCounts(check));
      } finally {
        await check.destroy();
      }
      // The pool's connections hold the old file open: close them, then swap the file in.
      await target.db.destroy();
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(path.join(target.dataDir, SQLITE_FILE + suffix), { force: true });
      fs.renameSync(staged, path.join(target.dataDir, SQLITE_FILE));
    } else {
      await restorePostgres(target, manifest, path.join(stage, manifest.database.path), opts.force);
      compareCounts(manifest.tables, await tableCounts(target.db));
    }
    fs.rmSync(target.uploadsDir, { recursive: true, force: true });
    const stagedUploads = path.join(stage, 'uploads');
    if (fs.existsSync(stagedUploads)) fs.renameSync(stagedUploads, target.uploadsDir);
    else fs.mkdirSync(target.uploadsDir, { recursive: true });
    if (manifest.sessionSecret) {
      // The target's own key was generated when its configuration was first read: the community's is the one to keep.
      const secret = path.join(target.dataDir, SESSION_SECRET_ENTRY);
      fs.copyFileSync(path.join(stage, manifest.sessionSecret.path), `${secret}.tmp`);
      fs.chmodSync(`${secret}.tmp`, 0o600);
      fs.renameSync(`${secret}.tmp`, secret);
      log('Oturum anahtarı geri yüklendi (SESSION_SECRET ayarlıysa o geçerlidir). / Session key restored (SESSION_SECRET, when set, takes precedence).');
    }
    if (manifest.vapidKeys) {
      // Like the session key: the devices subscribed with the community's push keys, not the target's new ones.
      const keys = path.join(target.dataDir, VAPID_KEYS_ENTRY);
      fs.copyFileSync(path.join(stage, manifest.vapidKeys.path), `${keys}.tmp`);
      fs.chmodSync(`${keys}.tmp`, 0o600);
      fs.renameSync(`${keys}.tmp`, keys);
      log('Web Push anahtarları geri yüklendi. / Web Push keys restored.');
    }
    log(
      `${Object.keys(manifest.tables).length} tablo ve ${manifest.uploads.length} dosya doğrulandı. / ${Object.keys(manifest.tables).length} tables and ${manifest.uploads.length} files verified.`,
    );
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const wrong = Object.entries(expected).filter(([t, n]) => actual[t] !== n);
  if (wrong.length > 0) {
    const list = wrong.map(([t, n]) => `${t}: ${actual[t] ?? '-'} ≠ ${n}`).join(', ');
    throw new OpsError({ tr: `Geri yüklenen satır sayıları yedekle uyuşmuyor: ${list}`, en: `Restored row counts differ from the backup: ${list}` });
  }
}

async function restorePostgres(target: RestoreTarget, manifest: BackupManifest, dump: string, force: boolean): Promise<void> {
  const bin = pgTool('pg_restore');
  if (!target.databaseUrl) throw new Error('PostgreSQL without DATABASE_URL');
  const schema = target.databaseSchema ?? 'public';
  if (manifest.pgSchema && manifest.pgSchema !== schema) {
    throw new OpsError({
      tr: `Yedek "${manifest.pgSchema}" şemasından alınmış; hedef şema "${schema}". DATABASE_SCHEMA=${manifest.pgSchema} ile geri yükleyin.`,
      en: `The backup was taken from schema "${manifest.pgSchema}"; the target schema is "${schema}". Restore with DATABASE_SCHEMA=${manifest.pgSchema}.`,
    });
  }
  if (force) {
    await target.db.raw('drop schema if exists ?? cascade', [schema]);
  }
  await target.db.raw('create schema if not exists ??', [schema]);
  // The schema itself exists already: restore everything in it but its CREATE SCHEMA and COMMENT.
  const listFile = `${dump}.list`;
  await runPgToolToFile(bin, ['--list', dump], listFile);
  const lines = fs
    .readFileSync(listFile, 'utf8')
    .split('\n')
    .filter((l) => !/^\d+;\s+\d+\s+\d+\s+(SCHEMA|COMMENT) - /.test(l));
  fs.writeFileSync(listFile, lines.join('\n'));
  await runPgTool(bin, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, dump], target.databaseUrl);
}

/** pg_restore --list writes to stdout; -f sends it to a file. */
async function runPgToolToFile(bin: string, args: string[], out: string): Promise<void> {
  const { spawnSync } = await import('node:child_process');
  const res = spawnSync(bin, [...args, '-f', out], { encoding: 'utf8' });
  if (res.status !== 0) throw new OpsError({ tr: `${bin} başarısız: ${res.stderr}`, en: `${bin} failed: ${res.stderr}` });
}
