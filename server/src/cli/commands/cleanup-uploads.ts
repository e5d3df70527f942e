import { parseArgs } from 'node:util';
import { findOrphanUploads, removeOrphanUploads } from '../../services/operations/uploads-cleanup';
import { storesFor } from '../../services/storage';
import { formatBytes } from '../format';
import { usageError, type CliCommand } from '../types';

/** `cleanup-uploads [--dry-run] [--min-age-hours N]`: removes the files in uploads/ that no row refers to. */
export const cleanupUploadsCommand: CliCommand = {
  name: 'cleanup-uploads',
  usage: '[--dry-run] [--min-age-hours 24]',
  summary: { tr: 'uploads/ içinde hiçbir kaydın kullanmadığı dosyaları siler', en: 'Removes files in uploads/ that no row refers to' },
  details: {
    tr: 'Önce --dry-run ile listeyi ve boyutları görün. Son 24 saatte yüklenen dosyalara dokunulmaz\n(yüklenip henüz gönderiye eklenmemiş olabilirler); --min-age-hours ile değiştirilebilir.',
    en: 'See the list and sizes with --dry-run first. Files uploaded in the last 24 hours are left alone\n(they may be about to be attached); --min-age-hours changes that.',
  },
  async run(ctx, args) {
    let values: { 'dry-run'?: boolean; 'min-age-hours'?: string };
    try {
      ({ values } = parseArgs({
        args,
        options: { 'dry-run': { type: 'boolean' }, 'min-age-hours': { type: 'string' } },
        strict: true,
        allowPositionals: false,
      }));
    } catch (e) {
      throw usageError(this, { tr: String((e as Error).message), en: String((e as Error).message) });
    }
    const minAge = values['min-age-hours'] === undefined ? 24 : Number(values['min-age-hours']);
    if (!Number.isFinite(minAge) || minAge < 0) throw usageError(this, { tr: '--min-age-hours bir sayı olmalı', en: '--min-age-hours must be a number' });
    const db = await ctx.db();
    const { orphans, refs } = await findOrphanUploads(db, storesFor(ctx.config).uploads, minAge);
    const total = orphans.reduce((sum, o) => sum + o.bytes, 0);
    ctx.out(`Dosyalara başvuran sütunlar / Columns referring to uploads: ${refs.columns.join(', ') || '-'}`);
    for (const o of orphans) ctx.out(`  ${formatBytes(o.bytes).padStart(9)}  ${o.modifiedAt.slice(0, 10)}  ${o.name}`);
    if (values['dry-run']) {
      ctx.out(
        `${orphans.length} kullanılmayan dosya, ${formatBytes(total)} (hiçbir şey silinmedi) / ${orphans.length} unused files, ${formatBytes(total)} (nothing removed)`,
      );
      return 0;
    }
    if (orphans.length === 0) {
      ctx.out('Kullanılmayan dosya yok. / No unused files.');
      return 0;
    }
    const removed = await removeOrphanUploads(db, storesFor(ctx.config).uploads, orphans, { id: null, username: ctx.actorLabel });
    ctx.out(`${removed.files} dosya silindi, ${formatBytes(removed.bytes)} boşaldı / ${removed.files} files removed, ${formatBytes(removed.bytes)} freed`);
    return 0;
  },
};
