import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { uniqueTags } from '../rules/text';
import { charCount } from '../rules/text';
import { authorSummarySchema, cursorPageQuerySchema, formBoolean, idSchema } from './common';
import { isoTime } from '../contract/endpoint';

const B = TEXTS.community;
const S = TEXTS.social;

const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|\/uploads\/)/.test(v), { message: B.imageUrlInvalid });

const optionalText = (max: number) => z.string().trim().max(max).optional();

const tagList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => uniqueTags(Array.isArray(v) ? v : v.split(',')))
  .refine((v) => v.length <= LIMITS.tagsMax && v.every((t) => t.length <= LIMITS.tagMax), { message: B.tagsInvalid });

const galleryItem = z.union([
  imageUrl.transform((url) => ({ url, caption: '' })),
  z.object({ url: imageUrl, caption: z.string().trim().max(200).optional().default('') }),
]);

const blogFields = {
  title: z
    .string({ error: B.blogTitleContentRequired })
    .trim()
    .min(1, { error: B.blogTitleContentRequired })
    .max(LIMITS.blogTitleMax, { error: B.titleTooLong }),
  slug: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), { message: B.slugInvalid })
    .optional(),
  excerpt: optionalText(LIMITS.blogExcerptMax),
  content: z
    .string({ error: B.blogTitleContentRequired })
    .trim()
    .min(1, { error: B.blogTitleContentRequired })
    .max(LIMITS.blogContentMax, { error: B.contentTooLong }),
  featuredImage: imageUrl.optional(),
  gallery: z.array(galleryItem).max(LIMITS.galleryMax, { error: B.galleryTooMany }).optional().default([]),
  categoryId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  tags: tagList.optional().default([]),
  published: formBoolean.optional().default(false),
  metaTitle: optionalText(200),
  metaDescription: optionalText(300),
  metaKeywords: optionalText(300),
  ogTitle: optionalText(200),
  ogDescription: optionalText(300),
  ogImage: imageUrl.optional(),
};

export const createBlogPostSchema = z.object(blogFields);
export const updateBlogPostSchema = z.object({
  ...blogFields,
  title: blogFields.title.optional(),
  content: blogFields.content.optional(),
  gallery: z.array(galleryItem).max(LIMITS.galleryMax, { error: B.galleryTooMany }).optional(),
  tags: tagList.optional(),
  published: formBoolean.optional(),
});
/** What the editor saves by itself while an admin writes a draft: any field but the published state. */
export const autosaveBlogPostSchema = updateBlogPostSchema.omit({ published: true });
export type CreateBlogPostInput = z.infer<typeof createBlogPostSchema>;
export type AutosaveBlogPostInput = z.infer<typeof autosaveBlogPostSchema>;
export type UpdateBlogPostInput = z.infer<typeof updateBlogPostSchema>;

/** Newest first, or trending (views + 2 × likes); paged by the cursor of the X-Next-Cursor header. */
export const listBlogPostsQuerySchema = cursorPageQuerySchema.extend({
  sort: z.enum(['latest', 'trending']).optional().default('latest'),
  category: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(60).optional(),
  authorId: idSchema.optional(),
});

/** A post's comments, newest first, paged by the cursor of the X-Next-Cursor header. */
export const listBlogCommentsQuerySchema = cursorPageQuerySchema;

export const blogCommentSchema = z.object({
  content: z
    .string({ error: S.commentRequired })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: S.commentRequired })
    .refine((v) => charCount(v) <= LIMITS.commentMax, { message: S.commentTooLong }),
});

export const blogCategorySchema = z.object({
  name: z.string({ error: B.blogCategoryNameRequired }).trim().min(1, { error: B.blogCategoryNameRequired }).max(80),
  description: z.string().trim().max(500).optional(),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: B.colorInvalid })
    .optional(),
});
export const updateBlogCategorySchema = blogCategorySchema.partial();

export const slugParamsSchema = z.object({ slug: z.string().trim().min(1).max(220) });

// ---- answers (what services/blog presents) ----

export const blogGalleryImageSchema = z.object({ url: z.string(), caption: z.string() });

/**
 * A blog post as lists show it: everything but the HTML body. `likes` repeats `likesCount` and
 * `authorName`/`authorUsername` repeat the author's, as the specification's entity names them.
 */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The stored excerpt, or the body's text cut at 120 characters. */
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  gallery: z.array(blogGalleryImageSchema),
  categoryId: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), color: z.string() }).nullable(),
  tags: z.array(z.string()),
  published: z.boolean(),
  status: z.enum(['published', 'draft']),
  views: z.number().int(),
  likes: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** null once the author's account is deleted (the post stays). */
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  authorUsername: z.string(),
  author: authorSummarySchema.extend({ bio: z.string() }),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  ogTitle: z.string().nullable(),
  ogDescription: z.string().nullable(),
  ogImage: z.string().nullable(),
  /** When it was first published; null for a draft never published. */
  publishedAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** One blog post read alone: with its sanitised HTML body and whether the viewer likes it. */
export const blogPostSchema = blogPostSummarySchema.extend({
  /** HTML, sanitised with an allowlist when stored. */
  content: z.string(),
  isLiked: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogCommentItemSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  authorName: z.string(),
  authorUsername: z.string(),
  author: authorSummarySchema,
  postTitle: z.string(),
  postSlug: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** The viewer blocked this item's author: the UI collapses it ('Engellediğin bir üye') with a show link. */
  blockedAuthor: z.boolean().optional(),
  /** Only its author (and moderators) see it while a watched word holds it for approval: shown marked 'Onay bekliyor'. */
  pendingApproval: z.boolean().optional(),
});
export type BlogComment = z.infer<typeof blogCommentItemSchema>;

/** A blog category with its count of posts (published ones; drafts too for an admin). */
export const blogCategoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  color: z.string(),
  postCount: z.number().int(),
  createdAt: isoTime,
});
export type BlogCategory = z.infer<typeof blogCategoryItemSchema>;

/** An author of the blog's top list: ranked by views + 2 × likes over their published posts. */
export const blogAuthorSchema = authorSummarySchema.extend({
  posts: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  score: z.number().int(),
});
export type BlogAuthor = z.infer<typeof blogAuthorSchema>;

export const blogLikeResultSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export const blogIsLikedSchema = z.object({ isLiked: z.boolean() });

/** A draft saved by the editor on its own: enough to know what the server now holds. */
export const blogAutosaveResultSchema = z.object({ id: z.number().int(), slug: z.string(), updatedAt: isoTime });
export type BlogAutosaveResult = z.infer<typeof blogAutosaveResultSchema>;

/** An image uploaded for the editor: its URL, stored size and WebP thumbnail. */
export const blogUploadSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), thumbUrl: z.string() });
export type BlogUpload = z.infer<typeof blogUploadSchema>;
