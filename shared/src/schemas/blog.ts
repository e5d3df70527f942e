import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { uniqueTags } from '../rules/text';
import { charCount } from '../rules/text';
import { formBoolean, idSchema, pageQuerySchema } from './common';

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

const galleryItem = z.union([imageUrl.transform((url) => ({ url, caption: '' })), z.object({ url: imageUrl, caption: z.string().trim().max(200).optional().default('') })]);

const blogFields = {
  title: z.string({ error: B.blogTitleContentRequired }).trim().min(1, { error: B.blogTitleContentRequired }).max(LIMITS.blogTitleMax, { error: B.titleTooLong }),
  slug: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), { message: B.slugInvalid })
    .optional(),
  excerpt: optionalText(LIMITS.blogExcerptMax),
  content: z.string({ error: B.blogTitleContentRequired }).trim().min(1, { error: B.blogTitleContentRequired }).max(LIMITS.blogContentMax, { error: B.contentTooLong }),
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
export type CreateBlogPostInput = z.infer<typeof createBlogPostSchema>;
export type UpdateBlogPostInput = z.infer<typeof updateBlogPostSchema>;

export const listBlogPostsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['latest', 'trending']).optional().default('latest'),
  category: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(60).optional(),
  authorId: idSchema.optional(),
});

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
