import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../../services/backup/restore';
import { usageError, type CliCommand } from '../types';

/** `npm run restore -- FILE [--force]`: into an empty data folder / database, verified by counts and hashes. */
export const restoreCommand: CliCommand = {
  name: 'restore',
  usage: 'DOSYA [--force]',
  summary: { tr: 'Bir yedeği boş veri klasörüne / veritabanına geri yükler', en: 'Restores a backup into an empty data folder / database' },
  details: {
    tr: 'Dolu bir hedefi yalnızca --force ile (sunucu durdurulmuşken) siler ve üzerine yazar.\nDaha yeni bir sürümün yedeğini reddeder. Sonunda satır sayılarını ve dosya özetlerini doğrular.',
    en: 'Overwrites a target that has data only with --force (stop the server first).\nRefuses a backup from a newer version. Verifies row counts and file hashes at the end.',
  },
  async run(ctx, args) {
    let parsed: { values: { force?: boolean }; positionals: string[] };
    try {
      parsed = parseArgs({ args, options: { force: { type: 'boolean' } }, strict: true, allowPositionals: true });
    } catch (e) {
      throw usageError(this, { tr: String((e as Error).message), en: String((e as Error).message) });
    }
    const file = parsed.positionals.at(0);
    if (!file || parsed.positionals.length > 1) throw usageError(this, { tr: 'Bir yedek dosyası verin', en: 'Give one backup file' });
    const { config } = ctx;
    const manifest = await restoreBackup(
      path.resolve(ctx.cwd, file),
      { db: ctx.rawDb(), dataDir: config.dataDir, uploadsDir: config.uploadsDir, databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema },
      { force: Boolean(parsed.values.force), log: (line) => ctx.out(line) },
    );
    ctx.out(`Geri yüklendi / Restored: ${file} (${manifest.createdAt}, ${manifest.migration ?? '-'})`);
    return 0;
  },
};
