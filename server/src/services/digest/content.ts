import type { Knex } from 'knex';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { toIso } from '../../db/time';
import { formatEventTime } from '../events/time';

type Db = Knex | Knex.Transaction;

/** One line of a digest section: what it is, a second line, and the page it opens (a path). */
export interface DigestItem {
  title: string;
  detail: string;
  link: string;
}

export interface DigestMember {
  id: number;
  username: string;
  displayName: string;
  email: string;
}

/** A member's weekly digest: four sections, each at most LIMITS.digestItems lines. */
export interface Digest {
  member: DigestMember;
  neighbourhood: string | null;
  events: DigestItem[];
  posts: DigestItem[];
  questions: DigestItem[];
  newMembers: DigestItem[];
}

const DAY = 86_400_000;
/** Rows read per district, neighbourhood, group or category: enough for five after a member's blocks. */
const CANDIDATES = 40;
const EXCERPT = 90;

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
};

interface EventCandidate {
  id: number;
  title: string;
  date: unknown;
  location: string;
  creator_id: number | null;
}
interface PostCandidate {
  id: number;
  author_id: number;
  author: string;
  content: string;
  likes_count: number;
  group?: { name: string; slug: string };
}
interface QuestionCandidate {
  id: number;
  author_id: number | null;
  title: string;
  category: string;
}
interface JoinCandidate {
  user_id: number;
  name: string;
}

/**
 * What a run of the digest job reads once and shares between members: a district's events, a
 * neighbourhood's, a group's and a category's week, keyed by the place, group or category. Ten
 * thousand members live in a few dozen districts and a few hundred neighbourhoods and groups, so
 * most of a member's digest is a lookup here; only their own place, blocks, groups and
 * categories are read per page of members (memberContexts). One cache is for one `now` (the job makes one per tick).
 */
export class DigestCache {
  private readonly memo = new Map<string, Promise<unknown>>();
  constructor(readonly now: Date) {}

  private readonly computed = new Map<string, unknown>();

  /** A value worked out once per run (an event's time in a zone: formatting one costs about a millisecond). */
  once<T>(key: string, compute: () => T): T {
    if (!this.computed.has(key)) this.computed.set(key, compute());
    return this.computed.get(key) as T;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      this.memo.set(key, hit);
    }
    return hit;
  }
}

interface MemberRow {
  id: number;
  username: string;
  display_name: string;
  email: string;
  neighbourhood_id: number | null;
  district_id: number | null;
  neighbourhood: string | null;
  time_zone: string | null;
}

/** Upcoming public, scheduled events of the next 7 days: in one district, or anywhere in the city (district null). */
function upcomingEvents(db: Db, cache: DigestCache, districtId: number | null): Promise<EventCandidate[]> {
  return cache.get(`events:${districtId ?? 'city'}`, async () => {
    const from = cache.now.toISOString();
    const to = new Date(cache.now.getTime() + 7 * DAY).toISOString();
    const q = db('events as e')
      .where('e.status', 'scheduled')
      .andWhere('e.is_private', false)
      .andWhere('e.is_hidden', false)
      .andWhere('e.date', '>', from)
      .andWhere('e.date', '<=', to);
    // (district_id, date, id) for a district; (date, id) for the city.
    if (districtId !== null) q.where('e.district_id', districtId);
    return q
      .orderBy([
        { column: 'e.date', order: 'asc' },
        { column: 'e.id', order: 'asc' },
      ])
      .limit(CANDIDATES)
      .select('e.id', 'e.title', 'e.date', 'e.location', 'e.creator_id');
  });
}

/** A neighbourhood's most liked posts of the week, by members with public accounts (a mail goes outside the app). */
function neighbourhoodPosts(db: Db, cache: DigestCache, neighbourhoodId: number): Promise<PostCandidate[]> {
  return cache.get(`posts:${neighbourhoodId}`, () =>
    db('posts as p')
      .join('users as u', 'u.id', 'p.author_id')
      .where('p.neighbourhood_id', neighbourhoodId)
      .andWhere('p.created_at', '>=', new Date(cache.now.getTime() - 7 * DAY).toISOString())
      .andWhere('p.is_hidden', false)
      .andWhere('u.is_private', false)
      .andWhere('p.likes_count', '>', 0)
      .orderBy([
        { column: 'p.likes_count', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(CANDIDATES)
      .select('p.id', 'p.author_id', 'u.display_name as author', 'p.content', 'p.likes_count'),
  );
}

/** A group's most liked posts of the week. */
function groupPosts(db: Db, cache: DigestCache, group: { id: number; name: string; slug: string }): Promise<PostCandidate[]> {
  return cache.get(`group-posts:${group.id}`, async () => {
    const rows: PostCandidate[] = await db('group_posts as p')
      .join('users as u', 'u.id', 'p.author_id')
      .where('p.group_id', group.id)
      .andWhere('p.created_at', '>=', new Date(cache.now.getTime() - 7 * DAY).toISOString())
      .andWhere('p.is_hidden', false)
      .andWhere('p.likes_count', '>', 0)
      .orderBy([
        { column: 'p.likes_count', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(CANDIDATES)
      .select('p.id', 'p.author_id', 'u.display_name as author', 'p.content', 'p.likes_count');
    return rows.map((r) => ({ ...r, group: { name: group.name, slug: group.slug } }));
  });
}

/** A category's questions of the week that nobody has answered yet, newest first. */
function openQuestions(db: Db, cache: DigestCache, category: string): Promise<QuestionCandidate[]> {
  return cache.get(`questions:${category}`, () =>
    db('questions as q')
      .where('q.category', category)
      .andWhere('q.is_hidden', false)
      .andWhere('q.created_at', '>=', new Date(cache.now.getTime() - 7 * DAY).toISOString())
      .andWhere('q.answers_count', 0)
      .orderBy('q.id', 'desc')
      .limit(CANDIDATES)
      .select('q.id', 'q.author_id', 'q.title', 'q.category'),
  );
}

/** Who joined a group this week, newest first. */
function newJoiners(db: Db, cache: DigestCache, groupId: number): Promise<JoinCandidate[]> {
  return cache.get(`joins:${groupId}`, () =>
    db('group_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.group_id', groupId)
      .andWhere('m.created_at', '>=', new Date(cache.now.getTime() - 7 * DAY).toISOString())
      .orderBy('m.id', 'desc')
      .limit(CANDIDATES)
      .select('m.user_id', 'u.display_name as name'),
  );
}

/** Keeps the first `max` rows of each member (`partition`), in `order`: one query for a page of members (a window over each member's index range). */
function firstPerMember(db: Db, inner: Knex.QueryBuilder, partition: string, order: string, max: number) {
  return db
    .select('*')
    .from(inner.select(db.raw(`row_number() over (partition by ${partition} order by ${order}) as rn`)).as('t'))
    .where('t.rn', '<=', max)
    .orderBy([
      { column: 't.member_id', order: 'asc' },
      { column: 't.rn', order: 'asc' },
    ]);
}

/** What a page of members' digests need of each member, read in five queries for the whole page. */
interface MemberContext {
  member: MemberRow;
  blocked: Set<number>;
  groups: { id: number; name: string; slug: string }[];
  categories: string[];
}

const groupBy = <R extends { member_id: number }>(rows: R[]) => {
  const out = new Map<number, R[]>();
  for (const r of rows) {
    const id = Number(r.member_id);
    const list = out.get(id);
    if (list) list.push(r);
    else out.set(id, [r]);
  }
  return out;
};

/**
 * The members' own part of their digests, for a page of them at once: their place and zone, their
 * blocks either way, their latest groups (LIMITS.digestGroupsMax) and the categories of their
 * latest questions and answers (LIMITS.digestCategoriesMax; Q&A has no "follow a category", so a
 * member's categories are those they take part in now). Five queries whatever the page's size,
 * each an index range per member: (user_id), (blocker_id), (blocked_id), (user_id, group_id),
 * (author_id, id) of questions and of answers.
 */
async function memberContexts(db: Db, ids: number[]): Promise<Map<number, MemberContext>> {
  if (ids.length === 0) return new Map();
  // One after another: a page's reads hold one pooled connection at a time, leaving the rest to page requests.
  const members = await (db('users as u')
    .leftJoin('neighbourhoods as n', 'n.id', 'u.neighbourhood_id')
    .leftJoin('digest_settings as d', 'd.user_id', 'u.id')
    .whereIn('u.id', ids)
    .select('u.id', 'u.username', 'u.display_name', 'u.email', 'u.neighbourhood_id', 'n.district_id', 'n.name as neighbourhood', 'd.time_zone') as Promise<
    MemberRow[]
  >);
  const blocks = await (db('user_blocks')
    .whereIn('blocker_id', ids)
    .select('blocker_id as member_id', 'blocked_id as other_id')
    .unionAll((u) => u.from('user_blocks').whereIn('blocked_id', ids).select('blocked_id as member_id', 'blocker_id as other_id')) as Promise<
    { member_id: number; other_id: number }[]
  >);
  const groups = await (firstPerMember(
    db,
    db('group_members as m')
      .join('hobby_groups as g', 'g.id', 'm.group_id')
      .whereIn('m.user_id', ids)
      .select('m.user_id as member_id', 'g.id', 'g.name', 'g.slug'),
    'm.user_id',
    'm.group_id desc',
    LIMITS.digestGroupsMax,
  ) as Promise<{ member_id: number; id: number; name: string; slug: string }[]>);
  const asked = await (firstPerMember(
    db,
    db('questions as q').whereIn('q.author_id', ids).select('q.author_id as member_id', 'q.category'),
    'q.author_id',
    'q.id desc',
    LIMITS.digestCategoriesMax,
  ) as Promise<{ member_id: number; category: string }[]>);
  const answered = await (firstPerMember(
    db,
    db('answers as a').join('questions as q', 'q.id', 'a.question_id').whereIn('a.author_id', ids).select('a.author_id as member_id', 'q.category'),
    'a.author_id',
    'a.id desc',
    LIMITS.digestCategoriesMax,
  ) as Promise<{ member_id: number; category: string }[]>);
  const blocksOf = groupBy(blocks);
  const groupsOf = groupBy(groups);
  const askedOf = groupBy(asked);
  const answeredOf = groupBy(answered);
  const out = new Map<number, MemberContext>();
  for (const member of members) {
    const id = Number(member.id);
    const categories = [...new Set([...(askedOf.get(id) ?? []), ...(answeredOf.get(id) ?? [])].map((r) => r.category))];
    out.set(id, {
      member: { ...member, id },
      blocked: new Set((blocksOf.get(id) ?? []).map((b) => Number(b.other_id))),
      groups: (groupsOf.get(id) ?? []).map((g) => ({ id: Number(g.id), name: g.name, slug: g.slug })),
      categories: categories.slice(0, LIMITS.digestCategoriesMax),
    });
  }
  return out;
}

/**
 * Members' weekly digests at `now`, for a page of them: each one's digest, or null when there is
 * nothing new for them (no section has a line) or the member is gone. Per member: the next 7
 * days' events of their district then the rest of the city, the week's most liked posts of their
 * neighbourhood and groups, the week's unanswered questions in their categories, and who joined
 * their groups this week. Nothing by or about a member with a block either way; nothing hidden
 * by moderation; not their own things. Each section at most LIMITS.digestItems.
 *
 * The members' own part is five queries for the page (memberContexts); the rest is read once
 * per district, neighbourhood, group and category for the whole run (DigestCache), so a page
 * costs a few queries plus the keys no earlier member needed.
 */
export async function buildDigests(db: Db, memberIds: number[], now: Date, cache = new DigestCache(now)): Promise<Map<number, Digest | null>> {
  const contexts = await memberContexts(db, memberIds);
  const out = new Map<number, Digest | null>();
  for (const id of memberIds) {
    const c = contexts.get(id);
    out.set(id, c ? await digestOf(db, cache, c) : null);
    // A member whose keys are all cached resolves in microtasks only: let timers and I/O (page requests) in between members.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return out;
}

/** One member's digest at `now` (see buildDigests). */
export async function buildDigest(db: Db, memberId: number, now: Date, cache = new DigestCache(now)): Promise<Digest | null> {
  return (await buildDigests(db, [memberId], now, cache)).get(memberId) ?? null;
}

async function digestOf(db: Db, cache: DigestCache, { member, blocked, groups, categories }: MemberContext): Promise<Digest | null> {
  const memberId = member.id;
  const n = LIMITS.digestItems;
  const fromOthers = (id: number | null) => id !== memberId && (id === null || !blocked.has(Number(id)));
  const zone = member.time_zone ?? 'Europe/Istanbul';

  // Events: the district's first, then the city's; the same event once.
  const eventRows = [...(member.district_id !== null ? await upcomingEvents(db, cache, member.district_id) : []), ...(await upcomingEvents(db, cache, null))];
  const seenEvents = new Set<number>();
  const events = eventRows
    .filter((e) => !seenEvents.has(e.id) && seenEvents.add(e.id) && fromOthers(e.creator_id))
    .slice(0, n)
    .map((e) => ({
      title: e.title,
      detail: [cache.once(`time:${e.id}:${zone}`, () => formatEventTime(toIso(e.date), zone)), e.location].filter(Boolean).join(' · '),
      link: `/events/${e.id}`,
    }));

  // Keys one after another (not side by side): a key no earlier member needed is one query at a time.
  const postRows = member.neighbourhood_id !== null ? [...(await neighbourhoodPosts(db, cache, member.neighbourhood_id))] : [];
  for (const g of groups) postRows.push(...(await groupPosts(db, cache, g)));
  const posts = postRows
    .filter((p) => fromOthers(p.author_id))
    .sort((a, b) => b.likes_count - a.likes_count || b.id - a.id)
    .slice(0, n)
    .map((p) => ({
      title: `${p.author}: ${excerpt(p.content)}`,
      detail: p.group ? `${TEXTS.digest.likes(p.likes_count)} · ${TEXTS.digest.inGroup(p.group.name)}` : TEXTS.digest.likes(p.likes_count),
      link: p.group ? `/hobby-groups/${p.group.slug}` : `/posts/${p.id}`,
    }));

  const questionRows: QuestionCandidate[] = [];
  for (const c of categories) questionRows.push(...(await openQuestions(db, cache, c)));
  const questions = questionRows
    .filter((q) => fromOthers(q.author_id))
    .sort((a, b) => b.id - a.id)
    .slice(0, n)
    .map((q) => ({ title: q.title, detail: q.category, link: `/qa/question/${q.id}` }));

  const newMembers: DigestItem[] = [];
  for (const g of groups) {
    if (newMembers.length >= n) break;
    const joined = (await newJoiners(db, cache, g.id)).filter((j) => fromOthers(j.user_id));
    if (!joined.length) continue;
    const names = joined.slice(0, 3).map((j) => j.name);
    const more = joined.length > 3 ? ', …' : '';
    newMembers.push({ title: TEXTS.digest.groupNewMembers(g.name, joined.length, names.join(', ') + more), detail: '', link: `/hobby-groups/${g.slug}` });
  }

  if (!events.length && !posts.length && !questions.length && !newMembers.length) return null;
  return {
    member: { id: member.id, username: member.username, displayName: member.display_name, email: member.email },
    neighbourhood: member.neighbourhood,
    events,
    posts,
    questions,
    newMembers,
  };
}
