import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../logger';
import { BACKUP_FILE_PATTERN, createBackup, type BackupResult, type BackupSource } from './backup';

/** Keeps the newest `keep` archives in dir (by name, which is by time); returns the removed ones. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const archives = fs
    .readdirSync(dir)
    .filter((f) => BACKUP_FILE_PATTERN.test(f))
    .sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const f of removed) fs.rmSync(path.join(dir, f), { force: true });
  return removed;
}

/**
 * One run of the server's own backups (the `backup` job in jobs/, every BACKUP_INTERVAL_HOURS):
 * an archive in `dir`, then only the newest `keep` are kept.
 */
export async function writeScheduledBackup(source: BackupSource, opts: { dir: string; keep: number; logger: Logger }): Promise<BackupResult> {
  const result = await createBackup(source, opts.dir);
  const removed = pruneBackups(opts.dir, opts.keep);
  opts.logger.info({ file: result.file, bytes: result.bytes, removed: removed.length }, 'backup written');
  return result;
}
