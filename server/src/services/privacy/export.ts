import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { toIso, toIsoOrNull } from '../../db/time';
import { presentDataExport, type DataExportRow } from '../../presenters/privacy';
import type { UserRow } from '../../presenters/users';
import { lockRow } from '../../db/locks';
import { audit } from '../audit';
import { announceNotifications, createNotifications } from '../notifications';
import { writeArchive } from './archive';
import { storesFor, type StoredObject } from '../storage';

/**
 * 'Verilerimi indir' (KVKK md. 11): the member asks (once a day), a background job (jobs.ts)
 * writes a ZIP of JSON files and the member's image files (archive.ts) into DATA_DIR/exports
 * under a random name, a notification says it is ready, and only that member's session downloads
 * it, for LIMITS.dataExportHours; then the job removes it.
 */

const P = TEXTS.privacy;
const HOUR = 3_600_000;
const BATCH = 200;
/** One request per member in this window (the latest request's time decides). */
const REQUEST_EVERY_MS = 24 * HOUR;

/** Where archives are kept (DATA_DIR/exports, or `exports/` in the bucket). */
const exportStore = (ctx: AppContext) => storesFor(ctx.config).exports;

async function latestExport(db: Knex, userId: number): Promise<DataExportRow | undefined> {
  return db('data_exports').where({ user_id: userId }).orderBy('id', 'desc').first();
}

/** The settings page's view: the latest export still on record and when another may be asked for. */
export async function exportState(db: Knex, userId: number, now: Date) {
  const latest = await latestExport(db, userId);
  const next = latest ? new Date(toIso(latest.requested_at)).getTime() + REQUEST_EVERY_MS : 0;
  return {
    latest: latest ? presentDataExport(latest) : null,
    nextRequestAt: next > now.getTime() ? new Date(next).toISOString() : null,
  };
}

/** Records the request (rate limited to one a day, audited) and wakes the background job. */
export async function requestExport(ctx: AppContext, user: UserRow, now: Date) {
  await ctx.db.transaction(async (trx) => {
    // Two requests at once: the member's row lock puts them one after the other, the second sees the first.
    await lockRow(trx, 'users', user.id);
    const latest = (await trx('data_exports').where({ user_id: user.id }).orderBy('id', 'desc').first()) as DataExportRow | undefined;
    if (latest) {
      const wait = new Date(toIso(latest.requested_at)).getTime() + REQUEST_EVERY_MS - now.getTime();
      if (wait > 0) throw errors.tooMany(wait / 1000, P.exportTooSoon);
    }
    const [row] = (await trx('data_exports').insert({ user_id: user.id, status: 'pending', requested_at: now.toISOString() }).returning('id')) as (
      { id: number } | number
    )[];
    const id = typeof row === 'object' ? row.id : row;
    await audit(trx, user, 'privacy.export_request', { type: 'data_export', id: id ?? null }, { after: { userId: user.id } });
  });
  ctx.bus.emit('privacy:work', {});
  return exportState(ctx.db, user.id, now);
}

/** The archive, opened for its owner while it is ready and in date; anything else is a 404, whoever asks. */
export async function openExport(ctx: AppContext, userId: number, id: number, now: Date): Promise<{ archive: StoredObject; name: string }> {
  const row = (await ctx.db('data_exports').where({ id, user_id: userId }).first()) as DataExportRow | undefined;
  const notFound = () => errors.notFound(P.exportNotFound, 'data_export_not_found');
  if (!row || row.status !== 'ready' || !row.file_name) throw notFound();
  const expires = toIsoOrNull(row.expires_at);
  if (!expires || new Date(expires).getTime() <= now.getTime()) throw notFound();
  const archive = await exportStore(ctx).get(path.basename(row.file_name));
  if (!archive) throw notFound();
  const day = toIso(row.requested_at).slice(0, 10);
  return { archive, name: `mahalle-verilerim-${day}.zip` };
}

/**
 * Claims one pending export (a conditional update, so two nodes never build the same one), builds
 * it and announces it. Answers whether there was one.
 */
export async function buildNextExport(ctx: AppContext, now: Date): Promise<boolean> {
  const db = ctx.db;
  // One left 'building' by a node that stopped half-way is taken again after ten minutes.
  const stale = new Date(now.getTime() - 10 * 60_000).toISOString();
  const candidate = (await db('data_exports')
    .where({ status: 'pending' })
    .orWhere((w) => w.where({ status: 'building' }).andWhere('claimed_at', '<', stale))
    .orderBy('id', 'asc')
    .first()) as DataExportRow | undefined;
  if (!candidate) return false;
  const claimed = await db('data_exports')
    .where({ id: candidate.id, status: candidate.status })
    .andWhere((w) => (candidate.claimed_at ? w.where('claimed_at', candidate.claimed_at as Knex.Value) : w.whereNull('claimed_at')))
    .update({ status: 'building', claimed_at: now.toISOString() });
  if (!claimed) return true;
  const fileName = `${crypto.randomBytes(24).toString('base64url')}.zip`;
  // Written on this machine's disk first, then stored whole (a rename on disk, one upload to a bucket).
  await fsp.mkdir(ctx.config.uploadTmpDir, { recursive: true });
  const file = path.join(ctx.config.uploadTmpDir, `export-${fileName}`);
  let size: number;
  try {
    await writeArchive(ctx, candidate.user_id, file);
    size = (await fsp.stat(file)).size;
    await exportStore(ctx).putFile(fileName, file, 'application/zip');
  } catch (err) {
    ctx.logger.error({ err, exportId: candidate.id }, 'data export failed');
    await db('data_exports').where({ id: candidate.id }).update({ status: 'failed' });
    return true;
  } finally {
    await fsp.rm(file, { force: true });
  }
  const readyAt = now.toISOString();
  const created = await db.transaction(async (trx) => {
    await trx('data_exports')
      .where({ id: candidate.id })
      .update({
        status: 'ready',
        file_name: fileName,
        size,
        ready_at: readyAt,
        expires_at: new Date(now.getTime() + LIMITS.dataExportHours * HOUR).toISOString(),
      });
    return createNotifications(trx, [
      { userId: candidate.user_id, type: 'data_export', actorId: null, title: P.exportReadyNotice, message: P.exportReadyNotice, link: '/profile?tab=privacy' },
    ]);
  });
  announceNotifications(ctx.bus, created);
  return true;
}

/** Removes archives past their day (file and row) and files no row knows; answers how many went. */
export async function removeExpiredExports(ctx: AppContext, now: Date): Promise<number> {
  const db = ctx.db;
  let removed = 0;
  for (;;) {
    const rows = (await db('data_exports').where('expires_at', '<=', now.toISOString()).orderBy('expires_at').limit(BATCH)) as DataExportRow[];
    for (const row of rows) {
      if (row.file_name) await exportStore(ctx).delete(path.basename(row.file_name));
      // The row stays (without its file) so the once-a-day rule still sees the request; it no longer downloads.
      await db('data_exports').where({ id: row.id }).update({ status: 'expired', file_name: null, expires_at: null, size: null });
      removed += 1;
    }
    if (rows.length < BATCH) break;
  }
  return removed + (await removeOrphanFiles(ctx, now));
}

/**
 * Archives no row names any more (their member was deleted, so the row went with the account)
 * are removed too; one younger than an hour may still be being written by a build.
 */
async function removeOrphanFiles(ctx: AppContext, now: Date): Promise<number> {
  const store = exportStore(ctx);
  const modified = new Map<string, Date>();
  for await (const o of store.list()) if (o.key.endsWith('.zip')) modified.set(o.key, o.modified);
  const names = [...modified.keys()];
  let removed = 0;
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const known = new Set<string>(await ctx.db('data_exports').whereIn('file_name', batch).pluck('file_name'));
    for (const name of batch) {
      if (known.has(name)) continue;
      if (now.getTime() - (modified.get(name)?.getTime() ?? now.getTime()) < HOUR) continue;
      await store.delete(name);
      removed += 1;
    }
  }
  return removed;
}
