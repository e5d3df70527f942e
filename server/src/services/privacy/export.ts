import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Knex } from 'knex';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { toIso, toIsoOrNull } from '../../db/time';
import { presentDataExport, type DataExportRow } from '../../presenters/privacy';
import type { UserRow } from '../../presenters/users';
import { lockRow } from '../../db/locks';
import { audit } from '../audit';
import { announceNotifications, createNotifications } from '../notifications';
import { storesFor, type StoredObject } from '../storage';
import { uploadStore } from '../uploads';

/**
 * 'Verilerimi indir' (KVKK md. 11): the member asks (once a day), a background job (jobs.ts)
 * writes a ZIP of JSON files and the member's image files into DATA_DIR/exports under a random
 * name, a notification says it is ready, and only that member's session downloads it, for
 * LIMITS.dataExportHours; then the job removes it. Every table is read by keyset pages of BATCH
 * rows and written into the archive page by page, so a member with many posts never sits in memory whole.
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

// ---- building the archive ----

/** fflate's streaming ZIP written to a file, waiting for the disk whenever its buffer is full. */
class ZipFile {
  private readonly out: fs.WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private readonly done: Promise<void>;
  private readonly files = new Set<string>();

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    this.done = new Promise((resolve, reject) => {
      this.out.once('finish', resolve);
      this.out.once('error', reject);
    });
    this.done.catch(() => undefined);
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        return;
      }
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drain() {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  has(name: string) {
    return this.files.has(name);
  }

  async text(name: string, text: string) {
    const f = new ZipDeflate(name, { level: 6 });
    this.zip.add(f);
    f.push(strToU8(text), true);
    await this.drain();
  }

  async json(name: string, value: unknown) {
    await this.text(name, JSON.stringify(value, null, 2));
  }

  /** A JSON array written page by page. */
  async jsonArray<R>(name: string, pages: AsyncIterable<R[]>) {
    const f = new ZipDeflate(name, { level: 6 });
    this.zip.add(f);
    let count = 0;
    f.push(strToU8('['));
    for await (const rows of pages) {
      let text = '';
      for (const row of rows) text += `${count++ === 0 ? '' : ','}\n  ${JSON.stringify(row)}`;
      f.push(strToU8(text));
      await this.drain();
    }
    f.push(strToU8(count ? '\n]\n' : ']\n'), true);
    await this.drain();
  }

  /** A stored file, read in chunks; images are compressed already, so they are stored as they are. */
  async file(name: string, source: string | AsyncIterable<Uint8Array>) {
    this.files.add(name);
    const f = new ZipPassThrough(name);
    this.zip.add(f);
    for await (const chunk of typeof source === 'string' ? fs.createReadStream(source) : source) {
      f.push(chunk as Uint8Array);
      await this.drain();
    }
    f.push(new Uint8Array(0), true);
    await this.drain();
  }

  async close() {
    this.zip.end();
    await this.done;
    if (this.failure) throw this.failure;
  }

  async abort() {
    this.zip.terminate();
    this.out.destroy();
  }
}

/** Rows of `query` in pages of BATCH by an increasing integer key (the index's second column). */
async function* keyset<R extends Record<string, unknown>>(query: () => Knex.QueryBuilder, key: string, keyOf: (row: R) => number): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = (await query().where(key, '>', after).orderBy(key, 'asc').limit(BATCH)) as R[];
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = keyOf(last);
  }
}

/** Rows mapped one by one, page by page. */
async function* mapped<R, T>(pages: AsyncIterable<R[]>, map: (row: R) => T): AsyncGenerator<T[]> {
  for await (const rows of pages) yield rows.map(map);
}

const iso = toIsoOrNull;

/** The uploads a page points at, added under files/ as the pages go by; the JSON names them by that path. */
function uploadsCollector(ctx: AppContext, zipFiles: Set<string>) {
  const wanted: string[] = [];
  return {
    ref(url: unknown): string | null {
      if (typeof url !== 'string' || !url.startsWith('/uploads/')) return typeof url === 'string' ? url : null;
      const name = `files/${path.basename(url)}`;
      if (!zipFiles.has(name) && !wanted.includes(name)) wanted.push(name);
      return name;
    },
    async flush(zip: ZipFile) {
      while (wanted.length) {
        const name = wanted.shift() as string;
        if (zip.has(name)) continue;
        const stored = await uploadStore(ctx).get(path.basename(name));
        if (stored) await zip.file(name, stored.body);
      }
    },
  };
}

/** Writes the member's archive to `file`. */
async function writeArchive(ctx: AppContext, userId: number, file: string): Promise<void> {
  const db = ctx.db;
  const zip = new ZipFile(file);
  const zipFiles = new Set<string>();
  const uploads = uploadsCollector(ctx, zipFiles);
  try {
    const user = (await db('users').where({ id: userId }).first()) as UserRow | undefined;
    if (!user) throw new Error('member gone');
    const profileImage = uploads.ref(user.profile_image);
    await zip.json('profile.json', {
      id: user.id,
      username: user.username,
      displayName: user.display_name,
      email: user.email,
      role: user.role,
      isVerified: Boolean(user.is_verified),
      isPrivate: Boolean(user.is_private),
      bio: user.bio,
      location: user.location,
      website: user.website,
      hobbies: JSON.parse(user.hobbies || '[]') as unknown,
      profileImage,
      emailVerifiedAt: iso(user.email_verified_at),
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
      exportedAt: new Date().toISOString(),
    });
    await uploads.flush(zip);

    const sections: [string, AsyncIterable<Record<string, unknown>[]>][] = [
      [
        'posts.json',
        mapped(
          keyset(
            () => db('posts').where({ author_id: userId }).select('*'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({
            id: r.id,
            content: r.content,
            type: r.type,
            image: uploads.ref(r.image_url),
            video: uploads.ref(r.video_url),
            likes: r.likes_count,
            comments: r.comments_count,
            hidden: Boolean(r.is_hidden),
            createdAt: iso(r.created_at),
            updatedAt: iso(r.updated_at),
          }),
        ),
      ],
      [
        'comments.json',
        mapped(
          keyset(
            () => db('comments').where({ author_id: userId }).select('id', 'post_id', 'content', 'created_at', 'updated_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ id: r.id, postId: r.post_id, content: r.content, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
        ),
      ],
      ['messages.json', messagesOf(db, userId)],
      [
        'bookmarks.json',
        mapped(
          keyset(
            () => db('bookmarks').where({ user_id: userId }).select('id', 'post_id', 'created_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ postId: r.post_id, createdAt: iso(r.created_at) }),
        ),
      ],
      [
        'following.json',
        mapped(
          keyset(
            () => db('follows as f').join('users as u', 'u.id', 'f.following_id').where('f.follower_id', userId).select('f.id', 'u.username', 'f.created_at'),
            'f.id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ username: r.username, since: iso(r.created_at) }),
        ),
      ],
      [
        'followers.json',
        mapped(
          keyset(
            () => db('follows as f').join('users as u', 'u.id', 'f.follower_id').where('f.following_id', userId).select('f.id', 'u.username', 'f.created_at'),
            'f.id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ username: r.username, since: iso(r.created_at) }),
        ),
      ],
      [
        'events_created.json',
        mapped(
          keyset(
            () => db('events').where({ creator_id: userId }).select('*'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({
            id: r.id,
            title: r.title,
            description: r.description,
            date: iso(r.date),
            location: r.location,
            category: r.category,
            image: uploads.ref(r.image_url),
            status: r.status,
            createdAt: iso(r.created_at),
          }),
        ),
      ],
      [
        'events_attending.json',
        mapped(
          keyset(
            () =>
              db('event_attendees as a')
                .join('events as e', 'e.id', 'a.event_id')
                .where('a.user_id', userId)
                .select('a.event_id', 'e.title', 'e.date', 'e.location', 'a.created_at'),
            'a.event_id',
            (r: { event_id: number }) => r.event_id,
          ),
          (r: Record<string, unknown>) => ({ eventId: r.event_id, title: r.title, date: iso(r.date), location: r.location, joinedAt: iso(r.created_at) }),
        ),
      ],
      [
        'questions.json',
        mapped(
          keyset(
            () => db('questions').where({ author_id: userId }).select('id', 'title', 'content', 'category', 'tags', 'created_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({
            id: r.id,
            title: r.title,
            content: r.content,
            category: r.category,
            tags: safeJson(r.tags),
            createdAt: iso(r.created_at),
          }),
        ),
      ],
      [
        'answers.json',
        mapped(
          keyset(
            () => db('answers').where({ author_id: userId }).select('id', 'question_id', 'content', 'created_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ id: r.id, questionId: r.question_id, content: r.content, createdAt: iso(r.created_at) }),
        ),
      ],
      [
        'group_posts.json',
        mapped(
          keyset(
            () =>
              db('group_posts as p')
                .join('hobby_groups as g', 'g.id', 'p.group_id')
                .where('p.author_id', userId)
                .select('p.id', 'g.name as group_name', 'p.content', 'p.image_url', 'p.created_at'),
            'p.id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({
            id: r.id,
            group: r.group_name,
            content: r.content,
            image: uploads.ref(r.image_url),
            createdAt: iso(r.created_at),
          }),
        ),
      ],
      [
        'group_comments.json',
        mapped(
          keyset(
            () => db('group_post_comments').where({ author_id: userId }).select('id', 'post_id', 'content', 'created_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ id: r.id, groupPostId: r.post_id, content: r.content, createdAt: iso(r.created_at) }),
        ),
      ],
      [
        'blog_posts.json',
        mapped(
          keyset(
            () => db('blog_posts').where({ author_id: userId }).select('id', 'title', 'slug', 'content', 'created_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ id: r.id, title: r.title, slug: r.slug, content: r.content, createdAt: iso(r.created_at) }),
        ),
      ],
      [
        'consents.json',
        mapped(
          keyset(
            () => db('consents').where({ user_id: userId }).select('id', 'kind', 'version', 'accepted_at'),
            'id',
            (r: { id: number }) => r.id,
          ),
          (r: Record<string, unknown>) => ({ document: r.kind, version: r.version, acceptedAt: iso(r.accepted_at) }),
        ),
      ],
    ];
    for (const [name, pages] of sections) {
      await zip.jsonArray(name, pages);
      // The images this file named follow it: fflate writes one entry at a time, so one added while
      // a JSON file is open would wait in memory; the list of names waiting is all that is kept.
      await uploads.flush(zip);
    }
    await zip.text(
      'BENIOKU.txt',
      'Mahalle: kişisel verilerinizin kopyası (KVKK md. 11).\nprofile.json dışındaki her dosya bir JSON dizisidir; görseller ve videolar files/ klasöründedir.\n',
    );
    await zip.close();
  } catch (err) {
    await zip.abort();
    await fsp.rm(file, { force: true });
    throw err;
  }
}

function safeJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return [];
  }
}

/** Messages the member sent and received, conversation by conversation, each by keyset. */
async function* messagesOf(db: Knex, userId: number): AsyncGenerator<Record<string, unknown>[]> {
  for (const side of ['user_low_id', 'user_high_id'] as const) {
    for await (const conversations of keyset(
      () => db('conversations').where(side, userId).select('id'),
      'id',
      (r: { id: number }) => r.id,
    )) {
      for (const c of conversations as { id: number }[]) {
        for await (const rows of keyset(
          () =>
            db('messages as m')
              .join('users as s', 's.id', 'm.sender_id')
              .join('users as r', 'r.id', 'm.receiver_id')
              .where('m.conversation_id', c.id)
              .select('m.id', 'm.sender_id', 's.username as sender', 'r.username as receiver', 'm.content', 'm.message_type', 'm.created_at'),
          'm.id',
          (r: { id: number }) => r.id,
        )) {
          yield rows.map((r: Record<string, unknown>) => ({
            id: r.id,
            conversationId: c.id,
            direction: Number(r.sender_id) === userId ? 'sent' : 'received',
            from: r.sender,
            to: r.receiver,
            content: r.content,
            type: r.message_type,
            sentAt: iso(r.created_at),
          }));
        }
      }
    }
  }
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
