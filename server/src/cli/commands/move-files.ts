import path from 'node:path';
import { parseArgs } from 'node:util';
import { s3ConfigFromEnv } from '../../config';
import { audit } from '../../services/audit';
import { DiskStore, S3Store, s3Client, StorageUnavailable, type ObjectStore } from '../../services/storage';
import { ChecksumMismatch, copyObjects } from '../../services/storage/move';
import { formatBytes } from '../format';
import { CliError, usageError, type CliCommand } from '../types';

/** `move-files --to s3|disk [--delete-source]`: copies uploads and data exports between DATA_DIR and the bucket. */
export const moveFilesCommand: CliCommand = {
  name: 'move-files',
  usage: '--to s3|disk [--delete-source]',
  summary: {
    tr: 'Yüklenen dosyaları ve veri arşivlerini diskten S3 kovasına (ya da geri) taşır',
    en: 'Moves uploads and data exports from disk to the S3 bucket (or back)',
  },
  details: {
    tr: [
      'Kova S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY ve S3_FORCE_PATH_STYLE ile verilir',
      '(STORAGE henüz disk olabilir). Her dosya SHA-256 ile doğrulanarak kopyalanır; yarıda kalırsa aynı komut',
      'kaldığı yerden sürer. --delete-source kaynaktaki dosyaları ancak hepsi doğrulandıktan sonra siler.',
      'Sıra: komutu çalıştırın, sunucuyu durdurun, komutu yeniden çalıştırın (yalnızca yeni dosyalar kopyalanır),',
      'STORAGE=s3 (ya da disk) ayarlayıp sunucuyu başlatın.',
    ].join('\n'),
    en: [
      'The bucket is given by S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE',
      '(STORAGE may still be disk). Every file is copied and verified by SHA-256; a run cut short resumes where it',
      'stopped. --delete-source removes the source files only after every one was verified.',
      'Order: run it, stop the server, run it again (only new files are copied), set STORAGE=s3 (or disk), start.',
    ].join('\n'),
  },
  async run(ctx, args) {
    let values: { to?: string; 'delete-source'?: boolean };
    try {
      ({ values } = parseArgs({ args, options: { to: { type: 'string' }, 'delete-source': { type: 'boolean' } }, strict: true, allowPositionals: false }));
    } catch (e) {
      throw usageError(this, { tr: String((e as Error).message), en: String((e as Error).message) });
    }
    const to = values.to;
    if (to !== 's3' && to !== 'disk') throw usageError(this, { tr: '--to s3 ya da --to disk verin', en: 'Give --to s3 or --to disk' });
    const s3 = ctx.config.storage.kind === 's3' ? ctx.config.storage : s3ConfigFromEnv(process.env);
    if (!s3)
      throw new CliError({
        tr: 'S3_BUCKET ayarlı değil: hangi kovaya taşınacağı bilinmiyor.',
        en: 'S3_BUCKET is not set: there is no bucket to move to or from.',
      });
    const client = s3Client(s3);
    const disk = { uploads: new DiskStore(ctx.config.uploadsDir), exports: new DiskStore(path.join(ctx.config.dataDir, 'exports')) };
    const bucket = { uploads: new S3Store(client, s3.bucket, 'uploads'), exports: new S3Store(client, s3.bucket, 'exports') };
    const totals = { copied: 0, alreadyThere: 0, bytes: 0, deleted: 0 };
    for (const ns of ['uploads', 'exports'] as const) {
      const [from, target]: [ObjectStore, ObjectStore] = to === 's3' ? [disk[ns], bucket[ns]] : [bucket[ns], disk[ns]];
      try {
        const p = await copyObjects(from, target, {
          tmpDir: ctx.config.uploadTmpDir,
          journal: path.join(ctx.config.dataDir, `move-files-to-${to}-${ns}.journal`),
          deleteSource: values['delete-source'],
        });
        ctx.out(
          `${ns}: ${p.copied} kopyalandı / copied (${formatBytes(p.bytes)}), ${p.alreadyThere} zaten doğrulanmış / already verified, ${p.deleted} kaynaktan silindi / removed from the source`,
        );
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += p[k];
      } catch (err) {
        if (err instanceof ChecksumMismatch)
          throw new CliError({
            tr: `${err.key} doğrulanamadı (SHA-256 farklı); kopyası silindi. Komutu yeniden çalıştırın.`,
            en: `${err.key} did not verify (SHA-256 differs); its copy was removed. Run the command again.`,
          });
        if (err instanceof StorageUnavailable)
          throw new CliError({
            tr: `Kovaya ulaşılamıyor (${s3.endpoint ?? 'AWS'} / ${s3.bucket}): ${err.message}. Kaldığı yerden sürdürmek için komutu yeniden çalıştırın.`,
            en: `The bucket cannot be reached (${s3.endpoint ?? 'AWS'} / ${s3.bucket}): ${err.message}. Run the command again to resume.`,
          });
        throw err;
      }
    }
    const db = await ctx.db();
    await audit(db, { id: null, username: ctx.actorLabel }, 'storage.move', { type: 'storage', id: null }, { after: { to, bucket: s3.bucket, ...totals } });
    ctx.out(
      to === 's3'
        ? "Tamam. Sunucunun ortamına STORAGE=s3 yazıp yeniden başlatın. / Done. Set STORAGE=s3 in the server's environment and restart it."
        : "Tamam. Sunucunun ortamından STORAGE=s3 satırını kaldırıp yeniden başlatın. / Done. Remove STORAGE=s3 from the server's environment and restart it.",
    );
    return 0;
  },
};
