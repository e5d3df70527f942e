import { schemaStatus } from '../../db/schema-version';
import { migrateWithBackup, UpgradeRefused } from '../../services/backup/upgrade';
import { CliError, usageError, type CliCommand } from '../types';

/** `npm run migrate`: the schema migrations alone, for those who upgrade by hand (after a backup, as at start). */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  usage: '',
  summary: { tr: 'Veritabanı geçişlerini çalıştırır (sunucuyu başlatmadan)', en: 'Runs the database migrations (without starting the server)' },
  details: {
    tr: 'Verisi olan bir veritabanında önce BACKUP_DIR içine yedek alır (BACKUP_BEFORE_MIGRATE=false kapatır).',
    en: 'On a database with data it first takes a backup into BACKUP_DIR (BACKUP_BEFORE_MIGRATE=false turns that off).',
  },
  async run(ctx, args) {
    if (args.length > 0) throw usageError(this, { tr: `Beklenmeyen argüman: ${args.join(' ')}`, en: `Unexpected argument: ${args.join(' ')}` });
    const db = ctx.rawDb();
    const status = await schemaStatus(db);
    if (status.unknown.length === 0 && status.pending.length === 0) {
      ctx.out(`Veritabanı güncel (${status.current ?? '-'}). / The database is up to date.`);
      return 0;
    }
    const result = await migrateWithBackup({ db, config: ctx.config, logger: { info: () => undefined } }).catch((err: unknown) => {
      if (!(err instanceof UpgradeRefused)) throw err;
      const [tr, en] = err.message.split(' / ');
      throw new CliError({ tr: tr ?? err.message, en: en ?? err.message });
    });
    if (result.backupFile) ctx.out(`Önce yedek alındı / Backup taken first: ${result.backupFile}`);
    for (const name of result.ran) ctx.out(`  ${name}`);
    ctx.out(`${result.ran.length} geçiş çalıştırıldı. / ${result.ran.length} migrations ran.`);
    return 0;
  },
};
