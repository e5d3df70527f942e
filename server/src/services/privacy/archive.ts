import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { AppContext } from '../../context';
import { toIsoOrNull as iso } from '../../db/time';
import type { UserRow } from '../../presenters/users';
import { ZipFile } from './zip-file';
import { uploadStore } from '../uploads';

/**
 * The member's data archive (KVKK md. 11): profile.json, one JSON array per kind of thing they
 * wrote or did, the images and videos those name under files/, and BENIOKU.txt. Every table is
 * read by keyset pages of BATCH rows and written into the archive page by page, so a member with
 * many posts never sits in memory whole.
 */

const BATCH = 200;
type Row = Record<string, unknown>;
type Pages = AsyncIterable<Row[]>;
/** One JSON array of the archive: its file name and its rows, page by page. */
type Section = [name: string, pages: Pages];
type Uploads = ReturnType<typeof uploadsCollector>;

const README =
  'Mahalle: kişisel verilerinizin kopyası (KVKK md. 11).\nprofile.json dışındaki her dosya bir JSON dizisidir; görseller ve videolar files/ klasöründedir.\n';

/** Writes the member's archive to `file`; on any failure the half-written file is removed. */
export async function writeArchive(ctx: AppContext, userId: number, file: string): Promise<void> {
  const db = ctx.db;
  const zip = new ZipFile(file);
  const uploads = uploadsCollector(ctx, zip);
  try {
    const user = (await db('users').where({ id: userId }).first()) as UserRow | undefined;
    if (!user) throw new Error('member gone');
    await zip.json('profile.json', profileOf(user, uploads));
    await uploads.flush();
    const sections: Section[] = [
      ...feedSections(db, userId, uploads),
      ['messages.json', messagesOf(db, userId)],
      ...followSections(db, userId),
      ...eventSections(db, userId, uploads),
      ...questionSections(db, userId),
      ...groupSections(db, userId, uploads),
      ...blogSections(db, userId),
      ...consentSections(db, userId),
      ...deliverySections(db, userId),
    ];
    for (const [name, pages] of sections) {
      await zip.jsonArray(name, pages);
      // The images this file named follow it: fflate writes one entry at a time, so one added while
      // a JSON file is open would wait in memory; the list of names waiting is all that is kept.
      await uploads.flush();
    }
    await zip.text('BENIOKU.txt', README);
    await zip.close();
  } catch (err) {
    await zip.abort();
    await fsp.rm(file, { force: true });
    throw err;
  }
}

function profileOf(user: UserRow, uploads: Uploads) {
  return {
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
    profileImage: uploads.ref(user.profile_image),
    emailVerifiedAt: iso(user.email_verified_at),
    createdAt: iso(user.created_at),
    updatedAt: iso(user.updated_at),
    exportedAt: new Date().toISOString(),
  };
}

/** Posts on the feed, comments on them, and the posts the member saved. */
function feedSections(db: Knex, userId: number, uploads: Uploads): Section[] {
  return [
    section(
      'posts.json',
      () => db('posts').where({ author_id: userId }).select('*'),
      'id',
      (r) => ({
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
    section(
      'comments.json',
      () => db('comments').where({ author_id: userId }).select('id', 'post_id', 'content', 'created_at', 'updated_at'),
      'id',
      (r) => ({ id: r.id, postId: r.post_id, content: r.content, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
    ),
  ];
}

/** Saved posts, and who the member follows and is followed by. */
function followSections(db: Knex, userId: number): Section[] {
  const follows = (side: 'follower_id' | 'following_id', other: 'follower_id' | 'following_id') => () =>
    db('follows as f').join('users as u', 'u.id', `f.${other}`).where(`f.${side}`, userId).select('f.id', 'u.username', 'f.created_at');
  return [
    section(
      'bookmarks.json',
      () => db('bookmarks').where({ user_id: userId }).select('id', 'post_id', 'created_at'),
      'id',
      (r) => ({ postId: r.post_id, createdAt: iso(r.created_at) }),
    ),
    section('following.json', follows('follower_id', 'following_id'), 'f.id', (r) => ({ username: r.username, since: iso(r.created_at) })),
    section('followers.json', follows('following_id', 'follower_id'), 'f.id', (r) => ({ username: r.username, since: iso(r.created_at) })),
  ];
}

/** Events the member created and those they attend. */
function eventSections(db: Knex, userId: number, uploads: Uploads): Section[] {
  return [
    section(
      'events_created.json',
      () => db('events').where({ creator_id: userId }).select('*'),
      'id',
      (r) => ({
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
    section(
      'events_attending.json',
      () =>
        db('event_attendees as a')
          .join('events as e', 'e.id', 'a.event_id')
          .where('a.user_id', userId)
          .select('a.event_id', 'e.title', 'e.date', 'e.location', 'a.created_at'),
      'a.event_id',
      (r) => ({ eventId: r.event_id, title: r.title, date: iso(r.date), location: r.location, joinedAt: iso(r.created_at) }),
    ),
  ];
}

/** Questions and answers (Soru-Cevap). */
function questionSections(db: Knex, userId: number): Section[] {
  return [
    section(
      'questions.json',
      () => db('questions').where({ author_id: userId }).select('id', 'title', 'content', 'category', 'tags', 'created_at'),
      'id',
      (r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        category: r.category,
        tags: safeJson(r.tags),
        createdAt: iso(r.created_at),
      }),
    ),
    section(
      'answers.json',
      () => db('answers').where({ author_id: userId }).select('id', 'question_id', 'content', 'created_at'),
      'id',
      (r) => ({ id: r.id, questionId: r.question_id, content: r.content, createdAt: iso(r.created_at) }),
    ),
  ];
}

/** Posts and comments in hobby groups. */
function groupSections(db: Knex, userId: number, uploads: Uploads): Section[] {
  return [
    section(
      'group_posts.json',
      () =>
        db('group_posts as p')
          .join('hobby_groups as g', 'g.id', 'p.group_id')
          .where('p.author_id', userId)
          .select('p.id', 'g.name as group_name', 'p.content', 'p.image_url', 'p.created_at'),
      'p.id',
      (r) => ({ id: r.id, group: r.group_name, content: r.content, image: uploads.ref(r.image_url), createdAt: iso(r.created_at) }),
    ),
    section(
      'group_comments.json',
      () => db('group_post_comments').where({ author_id: userId }).select('id', 'post_id', 'content', 'created_at'),
      'id',
      (r) => ({ id: r.id, groupPostId: r.post_id, content: r.content, createdAt: iso(r.created_at) }),
    ),
  ];
}

function blogSections(db: Knex, userId: number): Section[] {
  return [
    section(
      'blog_posts.json',
      () => db('blog_posts').where({ author_id: userId }).select('id', 'title', 'slug', 'content', 'created_at'),
      'id',
      (r) => ({ id: r.id, title: r.title, slug: r.slug, content: r.content, createdAt: iso(r.created_at) }),
    ),
  ];
}

/** Which versions of the legal texts the member accepted, and when. */
function consentSections(db: Knex, userId: number): Section[] {
  return [
    section(
      'consents.json',
      () => db('consents').where({ user_id: userId }).select('id', 'kind', 'version', 'accepted_at'),
      'id',
      (r) => ({ document: r.kind, version: r.version, acceptedAt: iso(r.accepted_at) }),
    ),
  ];
}

/**
 * What reaches the member outside the site: the weekly digest's setting and its weeks, their
 * e-mail choices and the state of their address, their push devices (the push service's address,
 * which their device list shows too, but never the device's keys) and the notifications queued or
 * sent to them by push and e-mail, with what each said.
 */
function deliverySections(db: Knex, userId: number): Section[] {
  return [
    section(
      'digest_settings.json',
      () => db('digest_settings').where({ user_id: userId }).select('*'),
      'user_id',
      (r) => ({
        enabled: Boolean(r.enabled),
        weekday: r.weekday,
        hour: r.hour,
        timeZone: r.time_zone,
        nextDigestAt: iso(r.due_at),
        lastDigestAt: iso(r.last_digest_at),
        updatedAt: iso(r.updated_at),
      }),
    ),
    section(
      'digest_weeks.json',
      () => db('digest_runs').where({ user_id: userId }).select('week', 'status', 'items', 'created_at'),
      'week',
      (r) => ({ week: r.week, status: r.status, items: r.items, at: iso(r.created_at) }),
      '',
    ),
    section(
      'mail_preferences.json',
      () => db('mail_preferences').where({ user_id: userId }).select('*'),
      'user_id',
      (r) => ({ kinds: safeJson(r.kinds), consecutiveFailures: r.consecutive_failures, pausedAt: iso(r.paused_at), updatedAt: iso(r.updated_at) }),
    ),
    section(
      'push_devices.json',
      () => db('push_subscriptions').where({ user_id: userId }).select('id', 'label', 'endpoint', 'created_at', 'last_success_at'),
      'id',
      (r) => ({ id: r.id, label: r.label, endpoint: r.endpoint, createdAt: iso(r.created_at), lastSuccessAt: iso(r.last_success_at) }),
    ),
    section(
      'notification_deliveries.json',
      () =>
        db('notification_deliveries')
          .where({ user_id: userId })
          .select('id', 'channel', 'subscription_id', 'notification_id', 'kind', 'payload', 'state', 'attempts', 'last_error', 'created_at', 'sent_at'),
      'id',
      (r) => ({
        id: Number(r.id),
        channel: r.channel,
        device: r.subscription_id,
        notificationId: r.notification_id,
        kind: r.kind,
        content: r.payload === null ? null : safeJson(r.payload),
        state: r.state,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: iso(r.created_at),
        sentAt: iso(r.sent_at),
      }),
    ),
  ];
}

/** Messages the member sent and received, conversation by conversation, each by keyset. */
async function* messagesOf(db: Knex, userId: number): AsyncGenerator<Row[]> {
  for (const side of ['user_low_id', 'user_high_id'] as const) {
    for await (const conversations of keyset(() => db('conversations').where(side, userId).select('id'), 'id')) {
      for (const c of conversations as { id: number }[]) {
        for await (const rows of keyset(
          () =>
            db('messages as m')
              .join('users as s', 's.id', 'm.sender_id')
              .join('users as r', 'r.id', 'm.receiver_id')
              .where('m.conversation_id', c.id)
              .select('m.id', 'm.sender_id', 's.username as sender', 'r.username as receiver', 'm.content', 'm.message_type', 'm.created_at'),
          'm.id',
        )) {
          yield rows.map((r) => ({
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

/** A section read by keyset on `key` (a unique increasing column, `alias.column` or `column`, from below `start`), each row mapped. */
function section(name: string, query: () => Knex.QueryBuilder, key: string, map: (row: Row) => Row, start: number | string = 0): Section {
  return [name, mapped(keyset(query, key, start), map)];
}

/** Rows of `query` in pages of BATCH by a unique increasing key (an integer from 0, or text from ''). */
async function* keyset(query: () => Knex.QueryBuilder, key: string, start: number | string = 0): AsyncGenerator<Row[]> {
  const column = key.slice(key.lastIndexOf('.') + 1);
  let after: number | string = start;
  for (;;) {
    const rows = (await query().where(key, '>', after).orderBy(key, 'asc').limit(BATCH)) as Row[];
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = last[column] as number | string;
  }
}

/** Rows mapped one by one, page by page. */
async function* mapped(pages: Pages, map: (row: Row) => Row): AsyncGenerator<Row[]> {
  for await (const rows of pages) yield rows.map(map);
}

function safeJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return [];
  }
}

/** The uploads the pages point at, added under files/ as the pages go by; the JSON names them by that path. */
function uploadsCollector(ctx: AppContext, zip: ZipFile) {
  const wanted: string[] = [];
  return {
    ref(url: unknown): string | null {
      if (typeof url !== 'string' || !url.startsWith('/uploads/')) return typeof url === 'string' ? url : null;
      const name = `files/${path.basename(url)}`;
      if (!zip.has(name) && !wanted.includes(name)) wanted.push(name);
      return name;
    },
    async flush() {
      while (wanted.length) {
        const name = wanted.shift() as string;
        if (zip.has(name)) continue;
        const stored = await uploadStore(ctx).get(path.basename(name));
        if (stored) await zip.file(name, stored.body);
      }
    },
  };
}
