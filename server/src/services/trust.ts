import type { Knex } from 'knex';
import { TEXTS, TRUST_DEFAULTS, extractMentions, type TrustLevel, type TrustSettings, type TrustSettingsInput } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso, toIso } from '../db/time';
import type { UserRow } from '../presenters/users';
import { audit } from './audit';
import { authorize } from '../policies/decision';
import { canAdminister } from '../policies/site';
import { canSetTrustLevel } from '../policies/users';
import { userById } from './users/lookup';

const T = TEXTS.trust;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
type Db = Knex | Knex.Transaction;

/**
 * The settings are read on every write of a member below level 2 and on every report, so each
 * node keeps them a few seconds; a change on this node clears them at once, another node's
 * change shows within CACHE_MS.
 */
const CACHE_MS = 10_000;
const cache = new WeakMap<object, { at: number; value: TrustSettings }>();

/** The database the settings live in: a transaction's client is its own, but shares its knex's `config` object. */
function cacheKey(db: Db): object {
  return (db as { client?: { config?: object } }).client?.config ?? db;
}

export async function trustSettings(db: Db): Promise<TrustSettings> {
  const key = cacheKey(db);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const row = (await db('site_settings').where({ key: 'trust' }).first('value')) as { value: string } | undefined;
  // Stored settings over the defaults: a setting added later takes its default until changed.
  const value: TrustSettings = { ...TRUST_DEFAULTS, ...(row ? (JSON.parse(row.value) as Partial<TrustSettings>) : {}) };
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** An admin changes some settings; the rest stay. Audited with what was and what is. */
export async function updateTrustSettings(ctx: AppContext, admin: UserRow, input: TrustSettingsInput): Promise<TrustSettings> {
  authorize(canAdminister(admin));
  const key = cacheKey(ctx.db);
  cache.delete(key);
  const after = await ctx.db.transaction(async (trx) => {
    const before = await trustSettings(trx);
    const next: TrustSettings = { ...before, ...input };
    const now = nowIso();
    const value = JSON.stringify(next);
    const changed = await trx('site_settings').where({ key: 'trust' }).update({ value, updated_by: admin.id, updated_at: now });
    if (!changed) await trx('site_settings').insert({ key: 'trust', value, updated_by: admin.id, created_at: now, updated_at: now });
    await audit(trx, admin, 'settings.update', { type: 'site_settings', id: 'trust' }, { before, after: next });
    return next;
  });
  cache.delete(key);
  return after;
}

/** An admin (or whoever moderates the site: the policy) sets a member's level; promotion leaves it alone from then on. */
export async function setTrustLevel(ctx: AppContext, actor: UserRow, userId: number, level: TrustLevel, reason: string) {
  return ctx.db.transaction(async (trx) => {
    const target = await userById(trx, userId);
    authorize(canSetTrustLevel(actor, target));
    await trx('users').where({ id: userId }).update({ trust_level: level, trust_level_by_hand: true });
    await audit(
      trx,
      actor,
      'user.trust_level',
      { type: 'user', id: userId },
      { before: { trustLevel: Number(target.trust_level ?? 0) }, after: { trustLevel: level, reason } },
    );
    return { id: userId, trustLevel: level };
  });
}

interface Standing {
  ageMs: number;
  items: number;
  upheld: boolean;
}

/** Posts and post comments a member shared, and whether a report about them was ever upheld. */
async function standingOf(db: Db, user: UserRow, now: number): Promise<Standing> {
  const [posts] = await db('posts').where({ author_id: user.id }).count({ n: '*' });
  const [comments] = await db('comments').where({ author_id: user.id }).count({ n: '*' });
  const upheld = await db('reports').where({ subject_user_id: user.id, status: 'resolved' }).first('id');
  return { ageMs: now - Date.parse(toIso(user.created_at)), items: Number(posts?.n ?? 0) + Number(comments?.n ?? 0), upheld: Boolean(upheld) };
}

/** The level a standing earns (never lower than the one held: promotion only goes up). */
function earned(level: number, s: Standing, t: TrustSettings): TrustLevel {
  let next = level;
  if (!s.upheld) {
    if (s.ageMs >= t.level1Days * DAY && s.items >= t.level1Posts) next = Math.max(next, 1);
    if (s.ageMs >= t.level2Days * DAY && s.items >= t.level2Posts) next = Math.max(next, 2);
  }
  return Math.min(next, 2) as TrustLevel;
}

/**
 * Promotion runs when a member writes: nothing for level 2 or a level set by hand, and no query
 * until the account is old enough for the next level, so the usual write costs nothing here.
 */
async function promoteOnWrite(trx: Knex.Transaction, user: UserRow, t: TrustSettings, now: number): Promise<number> {
  const level = Number(user.trust_level ?? 0);
  if (level >= 2 || user.trust_level_by_hand) return level;
  const ageMs = now - Date.parse(toIso(user.created_at));
  if (ageMs < (level === 0 ? t.level1Days : t.level2Days) * DAY) return level;
  const next = earned(level, await standingOf(trx, user, now), t);
  if (next > level) {
    await trx('users').where({ id: user.id }).update({ trust_level: next });
    await audit(
      trx,
      { id: null, username: 'trust' },
      'user.trust_level',
      { type: 'user', id: user.id },
      { before: { trustLevel: level }, after: { trustLevel: next, reason: 'auto' } },
    );
    user.trust_level = next;
  }
  return next;
}

const LINK = /\b(?:https?:\/\/|www\.)\S+/giu;

/** How many links a text holds (what level 0's link limit counts). */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/**
 * What a new member (level 0) may not share yet, checked in the transaction that writes a post or
 * a comment, after promotion had its chance: too many links or mentions (403), an image or video
 * in the first hours (403), more posts and comments in 24 hours than the limit (429). Each
 * refusal says why and what unlocks it.
 */
export async function checkNewMemberWrite(
  trx: Knex.Transaction,
  user: UserRow,
  item: { text: string; media: boolean },
  clock: () => Date = () => new Date(),
): Promise<void> {
  const t = await trustSettings(trx);
  const now = clock().getTime();
  if ((await promoteOnWrite(trx, user, t, now)) > 0) return;
  if (countLinks(item.text) > t.newMemberMaxLinks) throw errors.forbidden(T.tooManyLinks(t.newMemberMaxLinks), 'trust_links');
  if (new Set(extractMentions(item.text).map((m) => m.toLowerCase())).size > t.newMemberMaxMentions) {
    throw errors.forbidden(T.tooManyMentions(t.newMemberMaxMentions), 'trust_mentions');
  }
  if (item.media) {
    const unlocks = Date.parse(toIso(user.created_at)) + t.newMemberImageHours * HOUR;
    if (unlocks > now) throw errors.forbidden(T.noImagesYet(t.newMemberImageHours, Math.ceil((unlocks - now) / HOUR)), 'trust_images');
  }
  const since = new Date(now - DAY).toISOString();
  const recent = await Promise.all(
    ['posts', 'comments'].map((table) =>
      trx(table).where({ author_id: user.id }).where('created_at', '>=', since).select(trx.raw('count(*) as n'), trx.raw('min(created_at) as oldest')).first(),
    ),
  );
  const count = recent.reduce((sum, r) => sum + Number(r?.n ?? 0), 0);
  if (count >= t.newMemberDailyPosts) {
    const oldest = Math.min(...recent.filter((r) => r?.oldest).map((r) => Date.parse(toIso(r.oldest))));
    const waitMs = Math.max(HOUR / 60, oldest + DAY - now);
    throw errors.tooMany(waitMs / 1000, T.dailyPosts(t.newMemberDailyPosts, Math.ceil(waitMs / HOUR)), 'trust_daily_posts');
  }
}

/** The signed-in member's level, what it still limits, and what the next level needs. */
export async function myTrust(db: Knex, user: UserRow, clock: () => Date = () => new Date()) {
  const t = await trustSettings(db);
  const fresh = (await db('users').where({ id: user.id }).first('trust_level', 'created_at')) as { trust_level: number; created_at: unknown };
  const level = Math.min(Number(fresh.trust_level ?? 0), 2) as TrustLevel;
  const restrictions = level === 0 ? T.restrictions(t.newMemberMaxLinks, t.newMemberMaxMentions, t.newMemberImageHours, t.newMemberDailyPosts) : [];
  if (level >= 2) return { level, name: T.levels[level] ?? '', restrictions, next: null };
  const nextLevel = (level + 1) as TrustLevel;
  const days = nextLevel === 1 ? t.level1Days : t.level2Days;
  const posts = nextLevel === 1 ? t.level1Posts : t.level2Posts;
  const now = clock().getTime();
  const s = await standingOf(db, { ...user, created_at: fresh.created_at }, now);
  const nextName = T.levels[nextLevel] ?? '';
  return {
    level,
    name: T.levels[level] ?? '',
    restrictions,
    next: {
      level: nextLevel,
      name: nextName,
      summary: T.nextLevel(nextName, days, posts),
      daysLeft: Math.max(0, Math.ceil((days * DAY - s.ageMs) / DAY)),
      postsLeft: Math.max(0, posts - s.items),
      upheldReport: s.upheld,
      ageMetAt: new Date(Date.parse(toIso(fresh.created_at)) + days * DAY).toISOString(),
    },
  };
}

/**
 * How much each reporter's word weighs: their level's weight, halved (by the factor) for every
 * `dismissedReportsStep` of their reports dismissed in the last `dismissedReportsWindowDays`.
 */
export async function reporterWeights(db: Db, reporterIds: number[], t: TrustSettings, now = Date.now()): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (reporterIds.length === 0) return out;
  const levels: { id: number; trust_level: number }[] = await db('users').whereIn('id', reporterIds).select('id', 'trust_level');
  const since = new Date(now - t.dismissedReportsWindowDays * DAY).toISOString();
  const dismissed: { reporter_id: number; n: number | string }[] = await db('reports')
    .whereIn('reporter_id', reporterIds)
    .where({ status: 'dismissed' })
    .where('resolved_at', '>=', since)
    .groupBy('reporter_id')
    .select('reporter_id', db.raw('count(*) as n'));
  const strikes = new Map(dismissed.map((d) => [d.reporter_id, Math.floor(Number(d.n) / t.dismissedReportsStep)]));
  for (const u of levels) {
    const base = t.reportWeights[Math.min(Number(u.trust_level ?? 0), 2)] ?? 1;
    out.set(u.id, base * t.dismissedReportsFactor ** (strikes.get(u.id) ?? 0));
  }
  return out;
}
