import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogAuthor, BlogCategory, BlogComment, BlogPost, BlogPostSummary } from '@mahalle/shared';
import { call, callPage, type CallInput } from './call';

export type { BlogAuthor, BlogCategory, BlogComment, BlogPost, BlogPostSummary };
/** Filters of the blog's post lists (sort, category, search, tag, authorId, limit). */
export type BlogPostsQuery = NonNullable<CallInput<'GET /api/blog/posts'>['query']>;
export type BlogPostInput = NonNullable<CallInput<'POST /api/blog/posts'>['body']>;

/**
 * Query keys of the blog. Everything sits under `blog` so one invalidation after a change
 * refreshes the lists, the open post, its comments and the categories' counts; the categories'
 * key is the one the admin panel's category tab reads too.
 */
export const blogKeys = {
  all: ['blog'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (q: BlogPostsQuery) => [...blogKeys.lists(), q] as const,
  bySlug: (slug: string) => [...blogKeys.all, 'slug', slug] as const,
  byId: (id: number) => [...blogKeys.all, 'one', id] as const,
  comments: (postId: number) => [...blogKeys.byId(postId), 'comments'] as const,
  related: (postId: number) => [...blogKeys.byId(postId), 'related'] as const,
  categories: ['blog', 'categories'] as const,
  authors: ['blog', 'authors'] as const,
};

export const fetchBlogPosts = (query: BlogPostsQuery) => call('GET /api/blog/posts', { query });

/** A top list of published posts (the blog's trending and latest tabs, the home page's latest): one call, no further pages. */
export const useBlogPosts = (query: BlogPostsQuery) => useQuery({ queryKey: blogKeys.list(query), queryFn: () => fetchBlogPosts(query) });

/** One post by its slug, with its body (the server counts the view). */
export const useBlogPost = (slug: string) =>
  useQuery({ queryKey: blogKeys.bySlug(slug), queryFn: () => call('GET /api/blog/posts/slug/:slug', { params: { slug } }) });

/** One post by id, for the editor (drafts too: admins only). */
export const useBlogPostById = (id: number, enabled = true) =>
  useQuery({ queryKey: blogKeys.byId(id), queryFn: () => call('GET /api/blog/posts/:id', { params: { id } }), enabled });

export const useRelatedBlogPosts = (postId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: blogKeys.related(postId ?? 0),
    queryFn: () => call('GET /api/blog/posts/:id/related', { params: { id: postId! } }),
    enabled: enabled && Boolean(postId),
  });

/** A post's comments, newest first, page after page by the X-Next-Cursor header. */
export const useBlogComments = (postId: number | undefined) =>
  useInfiniteQuery({
    queryKey: blogKeys.comments(postId ?? 0),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => callPage('GET /api/blog/posts/:id/comments', { params: { id: postId! }, query: { limit: 100, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(postId),
  });

export const useBlogCategories = () => useQuery({ queryKey: blogKeys.categories, queryFn: () => call('GET /api/blog/categories') });
export const useBlogAuthors = () => useQuery({ queryKey: blogKeys.authors, queryFn: () => call('GET /api/blog/authors') });

function useRefreshBlog() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: blogKeys.all });
}

export function useLikeBlogPost() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: (id: number) => call('POST /api/blog/posts/:id/like', { params: { id } }), onSuccess: refresh });
}

export function useCommentOnBlogPost(postId: number) {
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: (content: string) => call('POST /api/blog/posts/:id/comments', { params: { id: postId }, body: { content } }),
    onSuccess: refresh,
  });
}

export function useDeleteBlogComment() {
  const refresh = useRefreshBlog();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/blog/comments/:id', { params: { id } }), onSuccess: refresh });
}

/** Writes a new post, or saves the one with `id`; answers the saved post (its slug leads to it). */
export function useSaveBlogPost() {
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BlogPostInput }) =>
      id ? call('PATCH /api/blog/posts/:id', { params: { id }, body }) : call('POST /api/blog/posts', { body }),
    onSuccess: refresh,
  });
}

/** Uploads an image for the editor (featured image or gallery); answers its URL. */
export const uploadBlogImage = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('image', file);
  return (await call('POST /api/blog/uploads', { form })).url;
};
