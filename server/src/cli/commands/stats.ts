import fs from 'node:fs';
import path from 'node:path';
import { stats } from '../../services/admin/stats';
import { storesFor } from '../../services/storage';
import { schemaStatus } from '../../db/schema-version';
import { engineOf } from '../../db/engine';
import { formatBytes, formatTable } from '../format';
import { usageError, type CliCommand } from '../types';

/** The workspace's counts, plus what an organiser watches on the machine: database and uploads size. */
export const statsCommand: CliCommand = {
  name: 'stats',
  usage: '',
  summary: { tr: 'Topluluğun sayıları, veritabanı ve dosyaların boyutu', en: 'Community counts, database and uploads size' },
  async run(ctx, args) {
    if (args.length > 0) throw usageError(this, { tr: `Beklenmeyen argüman: ${args.join(' ')}`, en: `Unexpected argument: ${args.join(' ')}` });
    const db = await ctx.db();
    const s = await stats(db);
    const rows: [string, string][] = [
      ['Üyeler / Members', String(s.totalUsers)],
      ['Gönderiler / Posts', String(s.totalPosts)],
      ['Blog yazıları / Blog posts', String(s.totalBlogs)],
      ['Yorumlar ve cevaplar / Comments and answers', String(s.totalComments)],
      ['Sorular / Questions', String(s.totalQuestions)],
      ['Etkinlikler / Events', String(s.totalEvents)],
      ['Kategoriler / Categories', String(s.totalCategories)],
      ['Açık şikayetler / Open reports', String(s.openReports)],
    ];
    let fileCount = 0;
    let uploadBytes = 0;
    for await (const o of storesFor(ctx.config).uploads.list()) {
      fileCount++;
      uploadBytes += o.size;
    }
    rows.push(['Yüklenen dosyalar / Uploaded files', `${fileCount} (${formatBytes(uploadBytes)})`]);
    if (engineOf(db) === 'postgres') {
      const size = (await db.raw('select pg_database_size(current_database()) as n')) as { rows: { n: number }[] };
      rows.push(['Veritabanı / Database (PostgreSQL)', formatBytes(Number(size.rows.at(0)?.n ?? 0))]);
    } else {
      const file = path.join(ctx.config.dataDir, 'mahalle.sqlite');
      const bytes = ['', '-wal'].reduce((sum, suffix) => sum + (fs.statSync(file + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
      rows.push(['Veritabanı / Database (SQLite)', formatBytes(bytes)]);
    }
    rows.push(['Şema / Schema', (await schemaStatus(db)).current ?? '-']);
    for (const line of formatTable(['', ''], rows).slice(2)) ctx.out(line);
    return 0;
  },
};
