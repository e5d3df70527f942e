import path from 'node:path';
import type { Knex } from 'knex';
import { engineOf } from '../../db/engine';
import { currentSchema, KNEX_TABLES, listTables } from '../../db/tables';
import { audit, type AuditActor } from '../audit';
import { thumbUrlOf } from '../uploads';
import type { ObjectInfo, ObjectStore } from '../storage';

/**
 * Files in uploads/ that no row refers to: the leftovers of deleted groups, blog posts and the
 * like. Which columns refer to uploads is not listed by hand: every text column of every table
 * is searched for `/uploads/<name>` (cover and profile images, post media and thumbnails, images
 * inside blog HTML, galleries, and whatever a later migration adds), so a reference is never
 * missed and a file still in use never removed. A file's thumbnail is kept with it.
 */
const REFERENCE = /\/uploads\/([A-Za-z0-9._-]+)/g;
const PAGE = 1000;

async function textColumns(db: Knex, table: string): Promise<string[]> {
  if (engineOf(db) === 'postgres') {
    return (await db('information_schema.columns')
      .where({ table_schema: await currentSchema(db), table_name: table })
      .whereIn('data_type', ['text', 'character varying', 'json', 'jsonb', 'character'])
      .pluck('column_name')) as string[];
  }
  const cols = (await db.raw('select name, type from pragma_table_info(?)', [table])) as { name: string; type: string }[];
  return cols.filter((c) => c.type === '' || /char|text|clob|json/i.test(c.type)).map((c) => c.name);
}

export interface UploadReferences {
  names: Set<string>;
  /** `table.column` of every column that holds at least one reference. */
  columns: string[];
}

export async function referencedUploads(db: Knex): Promise<UploadReferences> {
  const names = new Set<string>();
  const columns: string[] = [];
  for (const table of await listTables(db)) {
    if (KNEX_TABLES.includes(table)) continue;
    const cols = await textColumns(db, table);
    if (cols.length === 0) continue;
    const hasId = await db.schema.hasColumn(table, 'id');
    for (const col of cols) {
      let found = false;
      const add = (value: unknown) => {
        if (typeof value !== 'string') return;
        for (const m of value.matchAll(REFERENCE)) {
          const name = m[1];
          if (!name) continue;
          found = true;
          names.add(name);
          names.add(path.basename(thumbUrlOf(`/uploads/${name}`)));
        }
      };
      const like = engineOf(db) === 'postgres' ? db.raw('??::text like ?', [col, '%/uploads/%']) : db.raw('?? like ?', [col, '%/uploads/%']);
      if (hasId) {
        // Keyset pages by id: a big table is read a thousand matching rows at a time.
        for (let after: unknown = undefined; ;) {
          const q = db(table).select('id', col).where(like).orderBy('id').limit(PAGE);
          if (after !== undefined) q.where('id', '>', after as string | number);
          const rows = (await q) as Record<string, unknown>[];
          for (const r of rows) add(r[col]);
          const last = rows.at(-1);
          if (rows.length < PAGE || !last) break;
          after = last.id;
        }
      } else {
        for (const r of (await db(table).select(col).where(like)) as Record<string, unknown>[]) add(r[col]);
      }
      if (found) columns.push(`${table}.${col}`);
    }
  }
  return { names, columns };
}

export interface OrphanFile {
  name: string;
  bytes: number;
  modifiedAt: string;
}

/** Stored uploads no row names, older than `minAgeHours` (a fresh upload may be about to be attached). */
export async function findOrphanUploads(
  db: Knex,
  store: ObjectStore,
  minAgeHours: number,
  now = Date.now(),
): Promise<{ orphans: OrphanFile[]; refs: UploadReferences }> {
  // Files first, references second: a file uploaded and attached in between is referenced by then.
  const files: ObjectInfo[] = [];
  for await (const o of store.list()) files.push(o);
  const refs = await referencedUploads(db);
  const orphans: OrphanFile[] = [];
  for (const o of files) {
    if (refs.names.has(o.key)) continue;
    if (now - o.modified.getTime() < minAgeHours * 3_600_000) continue;
    orphans.push({ name: o.key, bytes: o.size, modifiedAt: o.modified.toISOString() });
  }
  return { orphans, refs };
}

/** Removes the orphans and logs it (what and how much) in the audit log. */
export async function removeOrphanUploads(db: Knex, store: ObjectStore, orphans: OrphanFile[], actor: AuditActor): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const o of orphans) {
    await store.delete(o.name);
    files++;
    bytes += o.bytes;
  }
  await audit(db, actor, 'uploads.cleanup', { type: 'uploads', id: null }, { after: { files, bytes, names: orphans.slice(0, 200).map((o) => o.name) } });
  return { files, bytes };
}
