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
 * categories are read per member. One cache is for one `now` (the job makes one per tick).
 */
export class DigestCache {
  private readonly memo = new Map<string, Promise<unknown>>();
  constructor(readonly now: Date) {}

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
    const q = db('events as e').where('e.status', 'scheduled').andWhere('e.is_private', false).andWhere('e.date', '>', from).andWhere('e.date', '<=', to);
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

/**
 * The categories a member's question news comes from. Q&A has no "follow a category"; the
 * member's categories are those they asked or answered in, their latest few (the ones they
 * take part in now), each read through (author_id, id).
 */
async function categoriesOf(db: Db, memberId: number): Promise<string[]> {
  const asked: string[] = await db('questions').where('author_id', memberId).orderBy('id', 'desc').limit(LIMITS.digestCategoriesMax).pluck('category');
  const answered: string[] = await db('answers as a')
    .join('questions as q', 'q.id', 'a.question_id')
    .where('a.author_id', memberId)
    .orderBy('a.id', 'desc')
    .limit(LIMITS.digestCategoriesMax)
    .pluck('q.category');
  return [...new Set([...asked, ...answered])].slice(0, LIMITS.digestCategoriesMax);
}

/** Members with a block either way with this one (both directions, two index ranges). */
async function blockedEitherWay(db: Db, memberId: number): Promise<Set<number>> {
  const rows: { id: number }[] = await db('user_blocks')
    .where('blocker_id', memberId)
    .select('blocked_id as id')
    .unionAll((u) => u.from('user_blocks').where('blocked_id', memberId).select('blocker_id as id'));
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * A member's weekly digest at `now`, or null when there is nothing new (no section has a line):
 * the next 7 days' events of their district then the rest of the city, the week's most liked
 * posts of their neighbourhood and groups, the week's unanswered questions in their categories,
 * and who joined their groups this week. Nothing by or about a member with a block either way;
 * nothing hidden by moderation; not their own things. Each section at most LIMITS.digestItems.
 */
export async function buildDigest(db: Db, memberId: number, now: Date, cache = new DigestCache(now)): Promise<Digest | null> {
  const member = (await db('users as u')
    .leftJoin('neighbourhoods as n', 'n.id', 'u.neighbourhood_id')
    .leftJoin('digest_settings as d', 'd.user_id', 'u.id')
    .where('u.id', memberId)
    .first('u.id', 'u.username', 'u.display_name', 'u.email', 'u.neighbourhood_id', 'n.district_id', 'n.name as neighbourhood', 'd.time_zone')) as
    MemberRow | undefined;
  if (!member) return null;
  const n = LIMITS.digestItems;
  const blocked = await blockedEitherWay(db, memberId);
  const fromOthers = (id: number | null) => id !== memberId && (id === null || !blocked.has(Number(id)));
  const groups: { id: number; name: string; slug: string }[] = await db('group_members as m')
    .join('hobby_groups as g', 'g.id', 'm.group_id')
    .where('m.user_id', memberId)
    .orderBy('m.group_id', 'desc')
    .limit(LIMITS.digestGroupsMax)
    .select('g.id', 'g.name', 'g.slug');
  const categories = await categoriesOf(db, memberId);
  const zone = member.time_zone ?? 'Europe/Istanbul';

  // Events: the district's first, then the city's; the same event once.
  const eventRows = [...(member.district_id !== null ? await upcomingEvents(db, cache, member.district_id) : []), ...(await upcomingEvents(db, cache, null))];
  const seenEvents = new Set<number>();
  const events = eventRows
    .filter((e) => !seenEvents.has(e.id) && seenEvents.add(e.id) && fromOthers(e.creator_id))
    .slice(0, n)
    .map((e) => ({ title: e.title, detail: [formatEventTime(toIso(e.date), zone), e.location].filter(Boolean).join(' · '), link: `/events/${e.id}` }));

  const postRows = [
    ...(member.neighbourhood_id !== null ? await neighbourhoodPosts(db, cache, member.neighbourhood_id) : []),
    ...(await Promise.all(groups.map((g) => groupPosts(db, cache, g)))).flat(),
  ];
  const posts = postRows
    .filter((p) => fromOthers(p.author_id))
    .sort((a, b) => b.likes_count - a.likes_count || b.id - a.id)
    .slice(0, n)
    .map((p) => ({
      title: `${p.author}: ${excerpt(p.content)}`,
      detail: p.group ? `${TEXTS.digest.likes(p.likes_count)} · ${TEXTS.digest.inGroup(p.group.name)}` : TEXTS.digest.likes(p.likes_count),
      link: p.group ? `/hobby-groups/${p.group.slug}` : `/posts/${p.id}`,
    }));

  const questions = (await Promise.all(categories.map((c) => openQuestions(db, cache, c))))
    .flat()
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
