import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../../services/backup/backup';
import { pruneBackups } from '../../services/backup/schedule';
import { CliError, usageError, type CliCommand } from '../types';
import { databaseOf, otherLiveDatabase } from '../../services/operations/live-database';
import { formatBytes } from '../format';

/** `npm run backup`: one archive of the database and uploads, safe while the server runs. */
export const backupCommand: CliCommand = {
  name: 'backup',
  usage: '[--dir KLASÖR] [--keep N]',
  summary: { tr: 'Veritabanının ve yüklenen dosyaların yedeğini alır (.tar.gz)', en: 'Backs up the database and the uploads (.tar.gz)' },
  details: {
    tr: 'Sunucu çalışırken de güvenlidir. Varsayılan klasör BACKUP_DIR (yoksa veri klasörünün yanındaki <DATA_DIR>-backups).\nSunucu başka bir veritabanında çalışıyorsa (live-database.json) reddeder.\n--keep N: en yeni N yedek dışındakileri siler. PostgreSQL için pg_dump gerekir.',
    en: 'Safe while the server runs. The folder is BACKUP_DIR (else <DATA_DIR>-backups beside the data folder).\nRefuses when the server runs on another database (live-database.json).\n--keep N: removes all but the newest N backups. PostgreSQL needs pg_dump.',
  },
  async run(ctx, args) {
    let values: { dir?: string; keep?: string };
    try {
      ({ values } = parseArgs({ args, options: { dir: { type: 'string' }, keep: { type: 'string' } }, strict: true, allowPositionals: false }));
    } catch (e) {
      throw usageError(this, { tr: String((e as Error).message), en: String((e as Error).message) });
    }
    const keep = values.keep === undefined ? null : Number(values.keep);
    if (keep !== null && (!Number.isInteger(keep) || keep < 1)) throw usageError(this, { tr: '--keep en az 1 olmalı', en: '--keep must be at least 1' });
    const dir = values.dir ? path.resolve(ctx.cwd, values.dir) : ctx.config.backup.dir;
    const { config } = ctx;
    const live = otherLiveDatabase(config);
    if (live) {
      throw new CliError({
        tr: `Bu veri klasörünü kullanan sunucu ${live.database} üzerinde çalışıyor, bu komut ise ${databaseOf(config).database} açardı: yedek canlı veriden alınmazdı. Komutu sunucunun ayarlarıyla çalıştırın, örneğin: npm run backup -- --settings /etc/mahalle/mahalle.env`,
        en: `The server that uses this data folder runs on ${live.database}, but this command would open ${databaseOf(config).database}: the backup would not be of the live data. Run it with the server's settings, e.g.: npm run backup -- --settings /etc/mahalle/mahalle.env`,
      });
    }
    ctx.assertDatabaseExists();
    // Any schema this build knows or not: a backup is most wanted just before an upgrade.
    const db = ctx.rawDb();
    const result = await createBackup({ db, dataDir: config.dataDir, uploadsDir: config.uploadsDir, databaseUrl: config.databaseUrl }, dir);
    const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
    ctx.out(`Yedek alındı / Backup written: ${result.file}`);
    ctx.out(
      `  ${formatBytes(result.bytes)}; ${Object.keys(result.manifest.tables).length} tablo/tables, ${rows} satır/rows, ${result.manifest.uploads.length} dosya/files; ${result.manifest.migration ?? '-'}`,
    );
    if (config.storage.kind === 's3')
      ctx.out(
        `  Dosyalar ${config.storage.bucket} kovasında, bu yedekte değil: kovayı ayrıca yedekleyin (docs/deploy.md §11). / The files are in the bucket ${config.storage.bucket}, not in this backup: back the bucket up on its own (docs/deploy.md §11).`,
      );
    if (keep !== null) for (const f of pruneBackups(dir, keep)) ctx.out(`  silindi / removed: ${f}`);
    return 0;
  },
};
