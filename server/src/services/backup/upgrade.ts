import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { migrateLatest } from '../../db/knex';
import { NewerSchemaError, schemaStatus } from '../../db/schema-version';
import { createBackup } from './backup';

/** A start or `npm run migrate` that must not go on; `message` says why in Turkish and English. */
export class UpgradeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpgradeRefused';
  }
}

/**
 * Migrations, at start and from `npm run migrate`: refused on a database a newer Mahalle migrated
 * (a migration this build does not know), and preceded by a backup when an existing database has
 * migrations pending (BACKUP_BEFORE_MIGRATE, on by default), so an upgrade that goes wrong can be
 * undone. Returns the migrations that ran and the backup taken, if any.
 */
export async function migrateWithBackup(ctx: {
  db: Knex;
  config: Pick<Config, 'dataDir' | 'uploadsDir' | 'databaseUrl' | 'backup'>;
  logger: Pick<Logger, 'info'>;
}): Promise<{ ran: string[]; backupFile: string | null }> {
  const { db, config, logger } = ctx;
  const status = await schemaStatus(db);
  if (status.unknown.length > 0) throw new UpgradeRefused(new NewerSchemaError(status.unknown).message);
  let backupFile: string | null = null;
  if (status.pending.length > 0 && status.applied.length > 0 && config.backup.beforeMigrate) {
    const result = await createBackup({ db, dataDir: config.dataDir, uploadsDir: config.uploadsDir, databaseUrl: config.databaseUrl }, config.backup.dir).catch(
      (err: unknown) => {
        // No backup, no migration: the organiser decides (BACKUP_BEFORE_MIGRATE=false skips it).
        const reason = err instanceof Error ? err.message : String(err);
        throw new UpgradeRefused(
          `Geçişlerden önce yedek alınamadı: ${reason} (yedeksiz sürdürmek için BACKUP_BEFORE_MIGRATE=false) / ` +
            `The backup before migrating failed: ${reason} (to go on without one, set BACKUP_BEFORE_MIGRATE=false)`,
        );
      },
    );
    backupFile = result.file;
    logger.info({ file: result.file, pending: status.pending }, 'backup taken before migrating');
  }
  await migrateLatest(db);
  return { ran: status.pending, backupFile };
}
