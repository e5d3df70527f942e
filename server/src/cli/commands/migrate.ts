import { migrateLatest } from '../../db/knex';
import { schemaStatus } from '../../db/schema-version';
import { CliError, usageError, type CliCommand } from '../types';

/** `npm run migrate`: the schema migrations alone, for those who upgrade by hand. */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  usage: '',
  summary: { tr: 'Veritabanı geçişlerini çalıştırır (sunucuyu başlatmadan)', en: 'Runs the database migrations (without starting the server)' },
  async run(ctx, args) {
    if (args.length > 0) throw usageError(this, { tr: `Beklenmeyen argüman: ${args.join(' ')}`, en: `Unexpected argument: ${args.join(' ')}` });
    const db = ctx.rawDb();
    const status = await schemaStatus(db);
    if (status.unknown.length > 0) {
      throw new CliError({
        tr: `Veritabanı bu Mahalle sürümünden daha yeni (bilinmeyen geçiş: ${status.unknown.join(', ')}). Yeni sürümü kurun.`,
        en: `The database is newer than this Mahalle (unknown migration: ${status.unknown.join(', ')}). Install the newer version.`,
      });
    }
    if (status.pending.length === 0) {
      ctx.out(`Veritabanı güncel (${status.current ?? '-'}). / The database is up to date.`);
      return 0;
    }
    await migrateLatest(db);
    for (const name of status.pending) ctx.out(`  ${name}`);
    ctx.out(`${status.pending.length} geçiş çalıştırıldı. / ${status.pending.length} migrations ran.`);
    return 0;
  },
};
