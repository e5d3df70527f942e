import type { Knex } from 'knex';
import { intColumn, sortedPage, textColumn } from '../../db/keyset';
import sanitizeHtml from 'sanitize-html';
import {
  blogSlug,
  categorySlug,
  DEFAULT_BLOG_CATEGORY_COLOR,
  LIMITS,
  stripHtml,
  TEXTS,
  truncate,
  type CreateBlogPostInput,
  type UpdateBlogPostInput,
} from '@mahalle/shared';
import { errors } from '../../errors';
import { nowIso, toIso, toIsoOrNull } from '../../db/time';
import { AUTHOR_COLUMNS, authorFromJoin, presentAuthor, type UserRow } from '../../presenters/users';
import { isUniqueViolation } from '../accounts';
import { audit } from '../audit';
import { LIKE, likePattern } from '../../db/like';
import { deleteComment, editComment, insertCommentTx } from '../engagement/comments';
import { isLiked as isLikedBy, setLike } from '../engagement/likes';

const B = TEXTS.community;
type Db = Knex | Knex.Transaction;

/**
 * The allowlist for blog HTML: structure and emphasis, links to http(s)/mailto, images from
 * http(s) or our uploads. No script, style, iframe, event handler or javascript: URL survives.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'strong', 'b', 'em', 'i', 'u', 's', 'img', 'br', 'hr', 'figure', 'figcaption', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeBlogHtml(html: string): string {
  // Relative /uploads/ images are ours: let them through by making them look absolute for the check.
  const clean = sanitizeHtml(html.replace(/src="\/uploads\//g, 'src="https://uploads.local/uploads/'), SANITIZE);
  return clean.replace(/src="https:\/\/uploads\.local\/uploads\//g, 'src="/uploads/');
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

function blogQuery(db: Db) {
  return db('blog_posts as b')
    .leftJoin('users as u', 'u.id', 'b.author_id')
    .leftJoin('blog_categories as c', 'c.id', 'b.category_id')
    .select(
      'b.*',
      ...AUTHOR_COLUMNS,
      'u.bio as u_bio',
      'c.name as c_name',
      'c.slug as c_slug',
      'c.color as c_color',
    );
}

function present(r: any, opts: { full: boolean; liked?: boolean }) {
  const author = authorFromJoin(r);
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    ...(opts.full ? { content: r.content } : {}),
    excerpt: r.excerpt || truncate(stripHtml(r.content), LIMITS.blogExcerptCut),
    featuredImage: r.featured_image,
    gallery: parseJson<{ url: string; caption: string }[]>(r.gallery, []),
    categoryId: r.category_id,
    category: r.category_id ? { id: r.category_id, name: r.c_name, slug: r.c_slug, color: r.c_color } : null,
    tags: parseJson<string[]>(r.tags, []),
    published: Boolean(r.published),
    status: r.published ? 'published' : 'draft',
    views: r.views,
    likes: r.likes_count,
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    authorId: r.author_id,
    authorName: author.displayName,
    authorUsername: author.username,
    author: { ...author, bio: r.u_bio ?? '' },
    metaTitle: r.meta_title,
    metaDescription: r.meta_description,
    metaKeywords: r.meta_keywords,
    ogTitle: r.og_title,
    ogDescription: r.og_description,
    ogImage: r.og_image,
    ...(opts.liked !== undefined ? { isLiked: opts.liked } : {}),
    publishedAt: toIsoOrNull(r.published_at),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

export async function listBlogPosts(
  db: Knex,
  q: { limit: number; before?: number; sort: 'latest' | 'trending'; category?: string; search?: string; tag?: string; authorId?: number },
  opts: { includeDrafts: boolean },
) {
  const query = blogQuery(db);
  if (!opts.includeDrafts) query.where('b.published', true);
  if (q.category) query.where((w) => w.where('c.slug', q.category!).orWhere('c.name', q.category!));
  if (q.authorId) query.where('b.author_id', q.authorId);
  if (q.search) {
    // Titles and excerpts are short; fold both sides in SQL's lower() plus the Turkish fold of the needle.
    const pattern = likePattern(q.search);
    query.where((w) => w.whereRaw(`lower(b.title) ${LIKE}`, [pattern]).orWhereRaw(`lower(b.excerpt) ${LIKE}`, [pattern]).orWhereRaw(`lower(b.tags) ${LIKE}`, [pattern]));
  }
  if (q.tag) query.whereRaw(`lower(b.tags) ${LIKE}`, [likePattern(`"${q.tag}"`)]);
  if (q.sort === 'trending') {
    query.orderByRaw('(b.views + 2 * b.likes_count) desc, b.id desc');
  } else {
    if (q.before) query.where('b.id', '<', q.before);
    query.orderBy('b.id', 'desc');
  }
  const rows = await query.limit(q.limit);
  return rows.map((r: any) => present(r, { full: false }));
}

const ADMIN_BLOG_SORT = { createdAt: intColumn('b.id'), title: textColumn('b.title'), views: intColumn('b.views'), likesCount: intColumn('b.likes_count'), commentsCount: intColumn('b.comments_count') };

/** The workspace's blog table: drafts and published posts, sorted and keyset-paged on the server. */
export async function listBlogPostsForAdmin(
  db: Knex,
  q: { limit: number; cursor?: string; sort: keyof typeof ADMIN_BLOG_SORT; direction: 'asc' | 'desc'; search?: string; status: 'all' | 'published' | 'draft' },
) {
  const query = blogQuery(db);
  if (q.status !== 'all') query.where('b.published', q.status === 'published');
  if (q.search) query.whereRaw(`lower(b.title) ${LIKE}`, [likePattern(q.search)]);
  const page = await sortedPage<any>(query, { columns: ADMIN_BLOG_SORT, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: q.limit, idColumn: 'b.id' });
  return { items: page.rows.map((r: any) => present(r, { full: false })), nextCursor: page.nextCursor };
}

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
    await audit(trx, admin, 'blog_post.create', { type: 'blog_post', id: postId }, { after: { title: input.title, slug, published: input.published } });
    return postId;
  });
  return getBlogPostById(db, id, admin);
}

export async function updateBlogPost(db: Knex, admin: UserRow, id: number, input: UpdateBlogPostInput) {
  await db.transaction(async (trx) => {
    const before = await trx('blog_posts').where({ id }).first();
    if (!before) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
    await checkCategory(trx, input.categoryId);
    const title = input.title ?? before.title;
    const content = input.content !== undefined ? sanitizeBlogHtml(input.content) : before.content;
    const excerpt = input.excerpt !== undefined ? input.excerpt || truncate(stripHtml(content), LIMITS.blogExcerptCut) : before.excerpt;
    const patch: Record<string, unknown> = { title, content, excerpt, updated_at: nowIso() };
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
      ['metaTitle', 'meta_title'], ['metaDescription', 'meta_description'], ['metaKeywords', 'meta_keywords'],
      ['ogTitle', 'og_title'], ['ogDescription', 'og_description'], ['ogImage', 'og_image'],
    ] as const) {
      if (input[field] !== undefined) patch[column] = input[field] || null;
    }
    await trx('blog_posts').where({ id }).update(patch);
    await audit(trx, admin, 'blog_post.update', { type: 'blog_post', id }, {
      before: { title: before.title, slug: before.slug, published: Boolean(before.published), excerpt: before.excerpt },
      after: { title, slug: patch.slug ?? before.slug, published: patch.published ?? Boolean(before.published), excerpt },
    });
  });
  return getBlogPostById(db, id, admin);
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
  const row = await blogQuery(db).where('b.id', id).first();
  if (!row || (!row.published && viewer?.role !== 'admin')) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
  return present(row, { full: true, liked: await isLiked(db, id, viewer) });
}

/** A reader opening a post by its slug counts a view. Drafts only for admins. */
export async function getBlogPostBySlug(db: Knex, slug: string, viewer: UserRow | undefined) {
  const row = await blogQuery(db).where('b.slug', slug).first();
  if (!row || (!row.published && viewer?.role !== 'admin')) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
  if (row.published) {
    await db('blog_posts').where({ id: row.id }).increment('views', 1);
    row.views += 1;
  }
  return present(row, { full: true, liked: await isLiked(db, row.id, viewer) });
}

/** Up to 3 published posts of the same category or sharing a tag, newest first. */
export async function relatedPosts(db: Knex, id: number) {
  const post = await db('blog_posts').where({ id, published: true }).first('id', 'category_id', 'tags');
  if (!post) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
  const tags = new Set(parseJson<string[]>(post.tags, []).map((t) => t.toLocaleLowerCase('tr')));
  const candidates = await blogQuery(db).where('b.published', true).whereNot('b.id', id).orderBy('b.id', 'desc').limit(200);
  return candidates
    .filter((r: any) => (post.category_id && r.category_id === post.category_id) || parseJson<string[]>(r.tags, []).some((t) => tags.has(t.toLocaleLowerCase('tr'))))
    .slice(0, LIMITS.relatedPosts)
    .map((r: any) => present(r, { full: false }));
}

/** Authors ranked by views + 2 × likes over their published posts. */
export async function topAuthors(db: Knex, limit = 5) {
  const rows = await db('blog_posts as b')
    .join('users as u', 'u.id', 'b.author_id')
    .where('b.published', true)
    .groupBy('u.id', 'u.username', 'u.display_name', 'u.profile_image', 'u.profile_image_thumb', 'u.role')
    .select('u.id', 'u.username', 'u.display_name', 'u.profile_image', 'u.profile_image_thumb', 'u.role')
    .count({ posts: '*' })
    .sum({ views: 'b.views', likes: 'b.likes_count' })
    .orderByRaw('(sum(b.views) + 2 * sum(b.likes_count)) desc')
    .limit(limit);
  return rows.map((r: any) => ({
    ...presentAuthor(r),
    posts: Number(r.posts),
    views: Number(r.views ?? 0),
    likes: Number(r.likes ?? 0),
    score: Number(r.views ?? 0) + 2 * Number(r.likes ?? 0),
  }));
}

export async function toggleBlogLike(db: Knex, me: UserRow, id: number) {
  return setLike(db, 'blog_post', id, me.id, 'toggle', {
    check: async (trx) => {
      if (!(await trx('blog_posts').where({ id, published: true }).first('id'))) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
    },
  });
}

export async function blogIsLiked(db: Knex, me: UserRow | undefined, id: number) {
  return { isLiked: await isLiked(db, id, me) };
}

function commentsQuery(db: Db) {
  return db('blog_comments as bc')
    .join('users as u', 'u.id', 'bc.author_id')
    .join('blog_posts as b', 'b.id', 'bc.post_id')
    .select('bc.*', ...AUTHOR_COLUMNS, 'b.title as post_title', 'b.slug as post_slug');
}

export function presentBlogComment(r: any) {
  const author = authorFromJoin(r);
  return {
    id: r.id,
    postId: r.post_id,
    content: r.content,
    authorName: author.displayName,
    authorUsername: author.username,
    author,
    postTitle: r.post_title,
    postSlug: r.post_slug,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

export async function listBlogComments(db: Knex, postId: number, viewer: UserRow | undefined, page: { limit: number; before?: number }) {
  await getBlogPostById(db, postId, viewer);
  const q = commentsQuery(db).where('bc.post_id', postId).andWhere('bc.is_hidden', false);
  if (page.before) q.where('bc.id', '<', page.before);
  return (await q.orderBy('bc.id', 'desc').limit(page.limit)).map(presentBlogComment);
}

export async function addBlogComment(db: Knex, me: UserRow, postId: number, content: string) {
  const id = await db.transaction(async (trx) => {
    const post = await trx('blog_posts').where({ id: postId, published: true }).first('id');
    if (!post) throw errors.notFound(B.blogNotFound, 'blog_post_not_found');
    return insertCommentTx(trx, 'blog', postId, me.id, content);
  });
  return presentBlogComment(await commentsQuery(db).where('bc.id', id).first());
}

const blogCommentNotFound = () => errors.notFound(B.blogCommentNotFound, 'comment_not_found');

export async function editBlogComment(db: Knex, admin: UserRow, id: number, content: string) {
  await editComment(db, admin, 'blog', id, content, { notFound: blogCommentNotFound });
  return presentBlogComment(await commentsQuery(db).where('bc.id', id).first());
}

/** Admins only (the route checks). */
export async function deleteBlogComment(db: Knex, admin: UserRow, id: number) {
  await deleteComment(db, admin, 'blog', id, { audit: 'always', notFound: blogCommentNotFound });
}

// ---- categories ----

export async function listBlogCategories(db: Knex, opts: { includeDrafts: boolean }) {
  const counts = db('blog_posts').select('category_id').count({ n: '*' }).groupBy('category_id').as('pc');
  if (!opts.includeDrafts) counts.where('published', true);
  const rows = await db('blog_categories as c').leftJoin(counts, 'pc.category_id', 'c.id').select('c.*', 'pc.n');
  return rows
    .map((r: any) => ({ id: r.id, name: r.name, slug: r.slug, description: r.description ?? '', color: r.color, postCount: Number(r.n ?? 0), createdAt: toIso(r.created_at) }))
    .sort((a: { postCount: number; name: string }, b: { postCount: number; name: string }) => b.postCount - a.postCount || a.name.localeCompare(b.name, 'tr'));
}

export async function createBlogCategory(db: Knex, admin: UserRow, input: { name: string; description?: string; color?: string }) {
  try {
    return await db.transaction(async (trx) => {
      const slug = categorySlug(input.name) || 'kategori';
      if (await trx('blog_categories').where({ slug }).first('id')) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
      const now = nowIso();
      const [row] = await trx('blog_categories')
        .insert({ name: input.name, slug, description: input.description ?? null, color: input.color ?? DEFAULT_BLOG_CATEGORY_COLOR, created_at: now, updated_at: now })
        .returning('*');
      await audit(trx, admin, 'blog_category.create', { type: 'blog_category', id: row.id }, { after: { name: row.name, slug, color: row.color } });
      return { id: row.id, name: row.name, slug: row.slug, description: row.description ?? '', color: row.color, postCount: 0, createdAt: toIso(row.created_at) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
    throw err;
  }
}

export async function updateBlogCategory(db: Knex, admin: UserRow, id: number, input: { name?: string; description?: string; color?: string }) {
  try {
    await db.transaction(async (trx) => {
      const before = await trx('blog_categories').where({ id }).first();
      if (!before) throw errors.notFound(B.blogCategoryNotFound, 'blog_category_not_found');
      const patch: Record<string, unknown> = { updated_at: nowIso() };
      if (input.name !== undefined) {
        patch.name = input.name;
        patch.slug = categorySlug(input.name) || before.slug;
        if (await trx('blog_categories').where({ slug: patch.slug }).whereNot({ id }).first('id')) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
      }
      if (input.description !== undefined) patch.description = input.description;
      if (input.color !== undefined) patch.color = input.color;
      await trx('blog_categories').where({ id }).update(patch);
      await audit(trx, admin, 'blog_category.update', { type: 'blog_category', id }, {
        before: { name: before.name, description: before.description, color: before.color },
        after: { name: patch.name ?? before.name, description: patch.description ?? before.description, color: patch.color ?? before.color },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict(B.blogCategoryExists, 'blog_category_exists');
    throw err;
  }
  return (await listBlogCategories(db, { includeDrafts: true })).find((c: { id: number }) => c.id === id);
}

/** Posts of a deleted category stay, without a category. */
export async function deleteBlogCategory(db: Knex, admin: UserRow, id: number) {
  await db.transaction(async (trx) => {
    const before = await trx('blog_categories').where({ id }).first('id', 'name', 'slug');
    if (!before) throw errors.notFound(B.blogCategoryNotFound, 'blog_category_not_found');
    await trx('blog_categories').where({ id }).delete();
    await audit(trx, admin, 'blog_category.delete', { type: 'blog_category', id }, { before });
  });
}

