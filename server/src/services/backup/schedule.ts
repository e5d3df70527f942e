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

export interface BackupSchedule {
  /** One scheduled run now (the timer calls this); never two at once. */
  tick(): Promise<BackupResult | null>;
  stop(): Promise<void>;
}

/**
 * The server's own backups every `intervalHours` (off at 0), keeping the newest `keep`. A failed
 * run is logged and the next one tried at its time; stopping waits for a run in progress.
 */
export function startBackupSchedule(source: BackupSource, opts: { dir: string; intervalHours: number; keep: number; logger: Logger }): BackupSchedule {
  let running: Promise<BackupResult | null> | null = null;
  const tick = () => {
    running ??= createBackup(source, opts.dir)
      .then((result) => {
        const removed = pruneBackups(opts.dir, opts.keep);
        opts.logger.info({ file: result.file, bytes: result.bytes, removed: removed.length }, 'backup written');
        return result;
      })
      .catch((err: unknown) => {
        opts.logger.error({ err }, 'scheduled backup failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = opts.intervalHours > 0 ? setInterval(() => void tick(), opts.intervalHours * 3_600_000) : null;
  timer?.unref();
  return {
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
