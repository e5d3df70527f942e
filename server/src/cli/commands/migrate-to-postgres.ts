import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateSqliteToPostgres } from '../../services/operations/postgres-copy';
import { formatTable } from '../format';
import { usageError, type CliCommand } from '../types';

/** `npm run migrate-to-postgres -- URL [--schema S]`: the SQLite data of DATA_DIR into an empty PostgreSQL database. */
export const migrateToPostgresCommand: CliCommand = {
  name: 'migrate-to-postgres',
  usage: 'postgres://… [--schema ŞEMA]',
  summary: { tr: 'SQLite verisini boş bir PostgreSQL veritabanına kopyalar', en: 'Copies the SQLite data into an empty PostgreSQL database' },
  details: {
    tr: 'Kaynak DATA_DIR içindeki mahalle.sqlite dosyasıdır. Hedef boş değilse reddeder; sonunda her tablonun\nsatır sayısını karşılaştırır. Sonra sunucuyu DATABASE_URL ile başlatın. Tam metin arama dizini kopyalanmaz, yeniden kurulur.',
    en: "The source is mahalle.sqlite in DATA_DIR. Refuses a target that is not empty; compares every table's row count\nat the end. Then start the server with DATABASE_URL. The full-text search index is not copied but rebuilt.",
  },
  async run(ctx, args) {
    let parsed: { values: { schema?: string }; positionals: string[] };
    try {
      parsed = parseArgs({ args, options: { schema: { type: 'string' } }, strict: true, allowPositionals: true });
    } catch (e) {
      throw usageError(this, { tr: String((e as Error).message), en: String((e as Error).message) });
    }
    const url = parsed.positionals.at(0);
    if (!url || parsed.positionals.length > 1 || !/^postgres(ql)?:\/\//.test(url)) {
      throw usageError(this, { tr: 'Bir PostgreSQL adresi verin (postgres://…)', en: 'Give a PostgreSQL URL (postgres://…)' });
    }
    const result = await migrateSqliteToPostgres({
      sqliteFile: path.join(ctx.config.dataDir, 'mahalle.sqlite'),
      targetUrl: url,
      targetSchema: parsed.values.schema ?? null,
      log: (line) => ctx.out(line),
    });
    for (const line of formatTable(
      ['tablo/table', 'SQLite', 'PostgreSQL'],
      result.tables.map((t) => [t.name, String(t.source), String(t.target)]),
    ))
      ctx.out(line);
    ctx.out(
      `${result.tables.length} tablo kopyalandı ve sayılar tuttu. Şimdi sunucuyu DATABASE_URL ile başlatın. / ${result.tables.length} tables copied, counts match. Now start the server with DATABASE_URL.`,
    );
    return 0;
  },
};
