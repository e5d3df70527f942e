import type { Knex } from 'knex';
import { blogSlug, LIMITS, stripHtml, TEXTS, truncate, type AutosaveBlogPostInput, type CreateBlogPostInput, type UpdateBlogPostInput } from '@mahalle/shared';
import { AUTHOR_COLUMNS, type UserRow } from '../../presenters/users';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import { audit } from '../audit';
import { LIKE, likePattern } from '../../db/like';
import { isLiked as isLikedBy, setLike } from '../engagement/likes';
import { presentBlogPost, presentTopAuthor, parseJson, type BlogPostListRow, type TopAuthorRow } from '../../presenters/blog';
import { sanitizeBlogHtml } from './sanitize';
import { decodeTuple, encodeTuple } from '../../db/keyset';
import { indexRows } from '../../db/search/sources';
import { whereMatches } from '../../db/search/query';
import { blockedEitherWay } from '../blocks';
import { authorize, notFound } from '../../policies/decision';
import * as policy from '../../policies/blog';
import type { BlogPostContext } from '../../policies/blog';

/** Blog posts: reading (lists, by id or slug, related, top authors), writing (admins) and liking. */

const B = TEXTS.community;
type Db = Knex | Knex.Transaction;

export function blogQuery(db: Db) {
  return db('blog_posts as b')
    .leftJoin('users as u', 'u.id', 'b.author_id')
    .leftJoin('blog_categories as c', 'c.id', 'b.category_id')
    .select('b.*', ...AUTHOR_COLUMNS, 'u.bio as u_bio', 'c.name as c_name', 'c.slug as c_slug', 'c.color as c_color');
}

/**
 * A page of posts without their bodies, newest first or trending (views + 2 × likes), by keyset:
 * the cursor is the last post's (id) or (score, id), so deeper pages need no OFFSET; a cursor
 * of the other sort does not fit and is refused.
 */
export async function listBlogPosts(
  db: Knex,
  q: { limit: number; cursor?: string; sort: 'latest' | 'trending'; category?: string; search?: string; tag?: string; authorId?: number },
  opts: { includeDrafts: boolean },
) {
  const trending = q.sort === 'trending';
  const at = trending ? decodeTuple<[number, number]>(q.cursor, ['int', 'int']) : decodeTuple<[number]>(q.cursor, ['int']);
  const query = blogQuery(db);
  if (!opts.includeDrafts) query.where('b.published', true);
  const category = q.category;
  if (category) query.where((w) => w.where('c.slug', category).orWhere('c.name', category));
  if (q.authorId) query.where('b.author_id', q.authorId);
  // Title, excerpt, tags and text, through the search index.
  if (q.search) whereMatches(db, query, 'b.id', ['blog'], q.search);
  if (q.tag) query.whereRaw(`lower(b.tags) ${LIKE}`, [likePattern(`"${q.tag}"`)]);
  if (trending) {
    if (at) query.whereRaw(`(${TRENDING_SCORE}, b.id) < (?, ?)`, at);
    query.orderByRaw(`${TRENDING_SCORE} desc, b.id desc`);
  } else {
    if (at) query.where('b.id', '<', at[0]);
    query.orderBy('b.id', 'desc');
  }
  const rows: BlogPostListRow[] = await query.limit(q.limit);
  const last = rows.at(-1);
  const cursor =
    !last || rows.length < q.limit
      ? null
      : trending
        ? encodeTuple([Number(last.views) + 2 * Number(last.likes_count), Number(last.id)])
        : encodeTuple([Number(last.id)]);
  return { items: rows.map((r) => presentBlogPost(r, { full: false })), nextCursor: cursor };
}

/** The trending rank of a post, as the specification sets it: views plus twice the likes. */
const TRENDING_SCORE = '(b.views + 2 * b.likes_count)';

async function uniqueSlug(trx: Db, wanted: string, exceptId?: number): Promise<string> {
  const base = wanted || 'yazi';
  let slug = base;
  for (let i = 2; ; i++) {
    const q = trx('blog_posts').where({ slug });
    if (exceptId) q.whereNot({ id: exceptId });
    if (!(await q.first('id'))) return slug;
    slug = `${base}-${i}`;
  }
}

async function checkCategory(trx: Db, categoryId: number | undefined) {
  if (categoryId && !(await trx('blog_categories').where({ id: categoryId }).first('id'))) {
    throw errors.badRequest(B.blogCategoryNotFound, 'blog_category_not_found');
  }
}

/** Meta and open-graph fields fall back to the title and excerpt (160 characters for descriptions). */
function seoDefaults(title: string, excerpt: string | null, input: Partial<CreateBlogPostInput>) {
  const description = truncate(excerpt ?? '', LIMITS.metaDescriptionMax);
  return {
    meta_title: input.metaTitle || title,
    meta_description: input.metaDescription || description || null,
    meta_keywords: input.metaKeywords || null,
    og_title: input.ogTitle || title,
    og_description: input.ogDescription || description || null,
    og_image: input.ogImage || input.featuredImage || null,
  };
}

export async function createBlogPost(db: Knex, admin: UserRow, input: CreateBlogPostInput) {
  const id = await db.transaction(async (trx) => {
    await checkCategory(trx, input.categoryId);
    const content = sanitizeBlogHtml(input.content);
    if (!stripHtml(content) && !/<img/.test(content)) throw errors.badRequest(B.blogTitleContentRequired, 'validation_failed');
    const excerpt = input.excerpt || truncate(stripHtml(content), LIMITS.blogExcerptCut);
    const now = nowIso();
    const slug = await uniqueSlug(trx, blogSlug(input.slug || input.title));
    const [row] = await trx('blog_posts')
      .insert({
        author_id: admin.id,
        title: input.title,
        slug,
        content,
        excerpt,
        featured_image: input.featuredImage || null,
        gallery: JSON.stringify(input.gallery),
        category_id: input.categoryId ?? null,
        tags: JSON.stringify(input.tags),
        published: input.published,
        published_at: input.published ? now : null,
        ...seoDefaults(input.title, excerpt, input),
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const postId = (typeof row === 'object' ? row.id : row) as number;
    await indexRows(trx, 'blog', [postId]);
    await audit(trx, admin, 'blog_post.create', { type: 'blog_post', id: postId }, { after: { title: input.title, slug, published: input.published } });
    return postId;
  });
  return getBlogPostById(db, id, admin);
}

/** The columns a save changes, from the fields it sent (a field left out keeps its value). */
async function patchOf(
  trx: Db,
  id: number,
  before: { title: string; content: string; excerpt: string | null; published_at: unknown },
  input: UpdateBlogPostInput,
) {
  await checkCategory(trx, input.categoryId);
  const title = input.title ?? before.title;
  const content = input.content !== undefined ? sanitizeBlogHtml(input.content) : before.content;
  const excerpt = input.excerpt !== undefined ? input.excerpt || truncate(stripHtml(content), LIMITS.blogExcerptCut) : before.excerpt;
  const patch: Record<string, unknown> & { title: string; excerpt: string | null; updated_at: string } = { title, content, excerpt, updated_at: nowIso() };
  if (input.slug !== undefined && input.slug) patch.slug = await uniqueSlug(trx, blogSlug(input.slug), id);
  if (input.featuredImage !== undefined) patch.featured_image = input.featuredImage || null;
  if (input.gallery !== undefined) patch.gallery = JSON.stringify(input.gallery);
  if (input.categoryId !== undefined) patch.category_id = input.categoryId;
  if (input.tags !== undefined) patch.tags = JSON.stringify(input.tags);
  if (input.published !== undefined) {
    patch.published = input.published;
    if (input.published && !before.published_at) patch.published_at = nowIso();
  }
  for (const [field, column] of [
    ['metaTitle', 'meta_title'],
    ['metaDescription', 'meta_description'],
    ['metaKeywords', 'meta_keywords'],
    ['ogTitle', 'og_title'],
    ['ogDescription', 'og_description'],
    ['ogImage', 'og_image'],
  ] as const) {
    if (input[field] !== undefined) patch[column] = input[field] || null;
  }
  return patch;
}

export async function updateBlogPost(db: Knex, admin: UserRow, id: number, input: UpdateBlogPostInput) {
  await db.transaction(async (trx) => {
    const before = await trx('blog_posts').where({ id }).first();
    if (!before) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
    const patch = await patchOf(trx, id, before, input);
    const { title, excerpt } = patch;
    await trx('blog_posts').where({ id }).update(patch);
    await indexRows(trx, 'blog', [id]);
    await audit(
      trx,
      admin,
      'blog_post.update',
      { type: 'blog_post', id },
      {
        before: { title: before.title, slug: before.slug, published: Boolean(before.published), excerpt: before.excerpt },
        after: { title, slug: patch.slug ?? before.slug, published: patch.published ?? Boolean(before.published), excerpt },
      },
    );
  });
  return getBlogPostById(db, id, admin);
}

/**
 * The editor's own save of a draft, every few seconds while an admin writes: the same fields, sanitising and slug rules
 * as an edit, but never the published state, and no audit entry each time (creating and publishing a post are audited;
 * a draft is seen by admins only). A published post is not changed under its readers' eyes: 409 blog_post_published.
 */
export async function autosaveBlogPost(db: Knex, id: number, input: AutosaveBlogPostInput) {
  return db.transaction(async (trx) => {
    const before = await trx('blog_posts').where({ id }).first();
    if (!before) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
    if (before.published) throw errors.conflict(B.blogAutosavePublished, 'blog_post_published');
    const patch = await patchOf(trx, id, before, input);
    await trx('blog_posts').where({ id }).update(patch);
    await indexRows(trx, 'blog', [id]);
    return { id, slug: (patch.slug as string | undefined) ?? (before.slug as string), updatedAt: patch.updated_at };
  });
}

export async function deleteBlogPost(db: Knex, admin: UserRow, id: number) {
  await db.transaction(async (trx) => {
    const before = await trx('blog_posts').where({ id }).first('id', 'title', 'slug', 'published');
    if (!before) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
    await trx('blog_posts').where({ id }).delete();
    await audit(trx, admin, 'blog_post.delete', { type: 'blog_post', id }, { before });
  });
}

async function isLiked(db: Db, postId: number, viewer: UserRow | undefined) {
  return isLikedBy(db, 'blog_post', postId, viewer?.id);
}

export async function getBlogPostById(db: Db, id: number, viewer: UserRow | undefined) {
  const row: BlogPostListRow | undefined = await blogQuery(db).where('b.id', id).first();
  if (!row) throw notFound('blog_post');
  authorize(policy.canView(viewer, { published: Boolean(row.published) }));
  return presentBlogPost(row, { full: true, liked: await isLiked(db, id, viewer) });
}

/** A reader opening a post by its slug counts a view (not the server drawing its page: see countBlogPostView). Drafts only for admins. */
export async function getBlogPostBySlug(db: Knex, slug: string, viewer: UserRow | undefined, countView = true) {
  const row: BlogPostListRow | undefined = await blogQuery(db).where('b.slug', slug).first();
  if (!row) throw notFound('blog_post');
  authorize(policy.canView(viewer, { published: Boolean(row.published) }));
  if (row.published && countView) {
    await countBlogPostView(db, slug);
    row.views += 1;
  }
  return presentBlogPost(row, { full: true, liked: await isLiked(db, row.id, viewer) });
}

/** A visitor shown the post's page drawn by the server (ssr/pages.ts): the view its own fetch would have counted. */
export async function countBlogPostView(db: Knex, slug: string): Promise<void> {
  await db('blog_posts').where({ slug, published: true }).increment('views', 1);
}

/** Up to 3 published posts of the same category or sharing a tag, newest first. */
export async function relatedPosts(db: Knex, id: number) {
  const post = await db('blog_posts').where({ id, published: true }).first('id', 'category_id', 'tags');
  if (!post) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
  const tags = new Set(parseJson<string[]>(post.tags, []).map((t) => t.toLocaleLowerCase('tr')));
  const candidates: BlogPostListRow[] = await blogQuery(db).where('b.published', true).whereNot('b.id', id).orderBy('b.id', 'desc').limit(200);
  return candidates
    .filter((r) => (post.category_id && r.category_id === post.category_id) || parseJson<string[]>(r.tags, []).some((t) => tags.has(t.toLocaleLowerCase('tr'))))
    .slice(0, LIMITS.relatedPosts)
    .map((r) => presentBlogPost(r, { full: false }));
}

/** Authors ranked by views + 2 × likes over their published posts. */
export async function topAuthors(db: Knex, limit = 5) {
  const rows = (await db('blog_posts as b')
    .join('users as u', 'u.id', 'b.author_id')
    .where('b.published', true)
    .groupBy('u.id', 'u.username', 'u.display_name', 'u.profile_image', 'u.profile_image_thumb', 'u.role')
    .select('u.id', 'u.username', 'u.display_name', 'u.profile_image', 'u.profile_image_thumb', 'u.role')
    .count({ posts: '*' })
    .sum({ views: 'b.views', likes: 'b.likes_count' })
    .orderByRaw('(sum(b.views) + 2 * sum(b.likes_count)) desc')
    .limit(limit)) as TopAuthorRow[];
  return rows.map(presentTopAuthor);
}

/**
 * What the blog policy needs about one post for one actor: whether it is published, its author
 * and a block between them (null: no such post).
 */
export async function blogPostContext(db: Db, id: number, me: UserRow): Promise<BlogPostContext | null> {
  const post = await db('blog_posts').where({ id }).first('published', 'author_id');
  if (!post) return null;
  const authorId = (post.author_id as number | null) ?? null;
  return { published: Boolean(post.published), authorId, blocked: authorId !== null && (await blockedEitherWay(db, me.id, authorId)) };
}

export async function toggleBlogLike(db: Knex, me: UserRow, id: number) {
  return setLike(db, 'blog_post', id, me.id, 'toggle', {
    check: async (trx, adding) => {
      const post = await blogPostContext(trx, id, me);
      if (!post) throw notFound('blog_post');
      authorize(policy.canLike(me, post, adding));
    },
  });
}

export async function blogIsLiked(db: Knex, me: UserRow | undefined, id: number) {
  return { isLiked: await isLiked(db, id, me) };
}
