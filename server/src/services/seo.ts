import type { Knex } from 'knex';
import { toIso } from '../db/time';
import { formatEventTime } from './events/time';

/** The sitemaps protocol allows at most 50 000 URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 1000;

export type SitemapKind = 'questions' | 'blog' | 'groups';
export const SITEMAP_KINDS: SitemapKind[] = ['questions', 'blog', 'groups'];

interface KindSpec {
  table: string;
  /** Only what a visitor may see. */
  scope: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
  columns: string[];
  path: (row: Record<string, unknown>) => string;
}

const KINDS: Record<SitemapKind, KindSpec> = {
  questions: { table: 'questions', scope: (q) => q.where('is_hidden', false), columns: ['id', 'updated_at'], path: (r) => `/qa/question/${Number(r.id)}` },
  blog: {
    table: 'blog_posts',
    scope: (q) => q.where('published', true),
    columns: ['id', 'slug', 'updated_at'],
    path: (r) => `/blog/${encodeURIComponent(String(r.slug))}`,
  },
  groups: {
    table: 'hobby_groups',
    scope: (q) => q.where('is_private', false),
    columns: ['id', 'slug', 'updated_at'],
    path: (r) => `/hobby-groups/${encodeURIComponent(String(r.slug))}`,
  },
};

/** Public list pages always in the sitemap. */
export const SITEMAP_STATIC_PATHS = ['/', '/qa', '/blog', '/hobby-groups', '/discover'];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

export const escapeHtml = escapeXml;

/**
 * Highest id per kind (one index lookup each). Ids are unique, so an id range of SITEMAP_MAX_URLS
 * holds at most that many URLs: the sitemap is cut into id ranges without counting or OFFSET.
 */
export async function sitemapPlan(db: Knex): Promise<Record<SitemapKind, number>> {
  const out = {} as Record<SitemapKind, number>;
  for (const kind of SITEMAP_KINDS) {
    const row = await db(KINDS[kind].table).max({ m: 'id' }).first();
    out[kind] = Number(row?.m ?? 0);
  }
  return out;
}

/** Calls `write` with the path and last change of each public item of `kind` with fromId < id <= toId, by keyset pages. */
export async function eachSitemapEntry(
  db: Knex,
  kind: SitemapKind,
  fromId: number,
  toId: number,
  write: (path: string, lastmod: string) => Promise<void> | void,
): Promise<void> {
  const spec = KINDS[kind];
  let after = fromId;
  for (;;) {
    const rows: Record<string, unknown>[] = await spec
      .scope(db(spec.table).select(spec.columns).where('id', '>', after).andWhere('id', '<=', toId))
      .orderBy('id')
      .limit(BATCH);
    for (const row of rows) await write(spec.path(row), toIso(row.updated_at));
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    after = Number(last.id);
  }
}

export interface OpenGraph {
  title: string;
  description: string;
  image: string | null;
  type: 'article' | 'website';
  /** What the page itself shows first (its h1 and the start of its text), for the first paint (`firstPaintHtml`). */
  page: { kind: 'question' | 'blog' | 'group' | 'event'; heading: string; lead: string };
}

function plain(text: string | null | undefined, max = 200): string {
  const s = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? s.slice(0, max - 1).trimEnd() + '…' : s;
}

/**
 * Open Graph data for a client route a link preview may ask for; null for anything not public. `timeZone` is the
 * community's (config.timeZone): an event's preview says its date and time there.
 */
export async function openGraphFor(db: Knex, pathname: string, timeZone = 'Europe/Istanbul'): Promise<OpenGraph | null> {
  const blog = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (blog?.[1]) {
    let slug: string;
    try {
      slug = decodeURIComponent(blog[1]);
    } catch {
      return null;
    }
    if (slug === 'create') return null;
    const row = await db('blog_posts')
      .select('title', 'excerpt', 'content', 'featured_image', 'meta_title', 'meta_description', 'og_title', 'og_description', 'og_image')
      .where({ slug, published: true })
      .first();
    if (!row) return null;
    return {
      title: row.og_title || row.meta_title || row.title,
      description: plain(row.og_description || row.meta_description || row.excerpt || row.content),
      image: row.og_image || row.featured_image || null,
      type: 'article',
      page: { kind: 'blog', heading: row.title, lead: plain(row.content || row.excerpt, 300) },
    };
  }
  const question = /^\/qa\/question\/(\d{1,12})\/?$/.exec(pathname);
  if (question) {
    // A hidden or held question gives no preview: to a visitor it is not there.
    const row = await db('questions')
      .select('title', 'content')
      .where({ id: Number(question[1]), is_hidden: false })
      .first();
    if (!row) return null;
    return {
      title: row.title,
      description: plain(row.content),
      image: null,
      type: 'article',
      page: { kind: 'question', heading: row.title, lead: plain(row.content, 300) },
    };
  }
  const group = /^\/(?:hobby-groups|groups)\/([^/]+)\/?$/.exec(pathname);
  if (group?.[1]) {
    let slug: string;
    try {
      slug = decodeURIComponent(group[1]);
    } catch {
      return null;
    }
    const row = await db('hobby_groups').select('name', 'description').where({ slug, is_private: false }).first();
    if (!row) return null;
    return {
      title: row.name,
      description: plain(row.description),
      image: null,
      type: 'website',
      page: { kind: 'group', heading: row.name, lead: plain(row.description, 300) },
    };
  }
  const event = /^\/events\/(\d{1,12})\/?$/.exec(pathname);
  if (event) {
    // A private event is seen only by its organiser and attendees, a hidden or held one by its organiser: no preview, as for a draft.
    const row = await db('events as e')
      .leftJoin('neighbourhoods as n', 'n.id', 'e.neighbourhood_id')
      .select('e.title', 'e.description', 'e.date', 'e.location', 'e.image_url', 'e.status', 'n.name as neighbourhood')
      .where({ 'e.id': Number(event[1]), 'e.is_private': false, 'e.is_hidden': false })
      .first();
    if (!row) return null;
    const when = formatEventTime(toIso(row.date), timeZone);
    const where = [row.location, row.neighbourhood].filter(Boolean).join(', ');
    const facts = [when, where, row.status === 'cancelled' ? 'İptal edildi' : ''].filter(Boolean).join(' · ');
    return {
      title: row.title,
      description: plain(`${facts}. ${row.description ?? ''}`),
      image: row.image_url || null,
      type: 'website',
      page: { kind: 'event', heading: row.title, lead: plain(`${facts}. ${row.description ?? ''}`, 300) },
    };
  }
  return null;
}

/**
 * The first paint of a public page, put into index.html's boot area: its heading and the start of its text in a card
 * sized as the page draws them (the `boot-*` styles in index.html), so a phone shows the content before the scripts
 * have run; React replaces it on mount. Every value HTML-escaped.
 */
export function firstPaintHtml(page: OpenGraph['page'], back: { href: string; label: string }): string {
  return [
    `<div class="boot-page boot-${page.kind}">`,
    `<a class="boot-back" href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a>`,
    `<div class="boot-card"><h1 class="boot-h1">${escapeHtml(page.heading)}</h1>${page.lead ? `<p class="boot-lead">${escapeHtml(page.lead)}</p>` : ''}</div>`,
    '</div>',
  ].join('');
}

/** The tags for `<head>`, every value HTML-escaped; `origin` makes relative image URLs absolute. */
export function openGraphTags(og: OpenGraph, origin: string, url: string, siteName: string, fallbackImage: string): string {
  const image = og.image ? (/^https?:\/\//i.test(og.image) ? og.image : origin + (og.image.startsWith('/') ? '' : '/') + og.image) : origin + fallbackImage;
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(og.title)} · ${escapeHtml(siteName)}</title>`,
    meta('name', 'description', og.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', og.type),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', 'tr_TR'),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', og.title),
    meta('name', 'twitter:description', og.description),
    meta('name', 'twitter:image', image),
  ].join('\n    ');
}

/** A post's own text (plain, its line breaks kept) cut at `max` characters. */
function clip(text: string, max: number): string {
  const s = text.trim();
  return s.length > max ? s.slice(0, max - 1).trimEnd() + '…' : s;
}

/** How many of the trending posts the first paint of Discover shows (the rest comes with the app). */
export const DISCOVER_PAINT_POSTS = 3;

/**
 * The first paint of Discover for a visitor: its heading and the first trending posts (most liked first, as
 * `GET /api/posts?sort=popular` lists them; only posts a visitor may see), author and text, HTML-escaped. The text
 * is drawn a little larger than the app's card draws it, so the page's largest paint is this one.
 */
export async function discoverPaintHtml(db: Knex): Promise<string> {
  const rows: { content: string; display_name: string }[] = await db('posts as p')
    .join('users as u', 'u.id', 'p.author_id')
    .where('p.is_hidden', false)
    .andWhere('u.is_private', false)
    .select('p.content', 'u.display_name')
    .orderBy([
      { column: 'p.likes_count', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])
    .limit(DISCOVER_PAINT_POSTS);
  return [
    '<div class="boot-page boot-discover">',
    '<h1 class="boot-h1">Keşfet</h1>',
    '<p class="boot-sub">Şehrindeki gündem konularını ve popüler içerikleri keşfet.</p>',
    ...rows.map(
      (r) =>
        `<div class="boot-card boot-post"><strong>${escapeHtml(r.display_name)}</strong><p class="boot-lead">${escapeHtml(clip(r.content, 300))}</p></div>`,
    ),
    '</div>',
  ].join('');
}
