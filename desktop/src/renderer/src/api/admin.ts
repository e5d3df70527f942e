import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@mahalle/shared/contract';
import type {
  AdminBlogPost,
  AdminComment,
  AdminContent,
  AdminEvent,
  AdminGroup,
  AdminQuestion,
  AdminReport,
  AdminStats,
  AdminUser,
  AuditEntry,
  BlogCategory,
  CommentKind,
} from '@mahalle/shared';
import { call, type ApiRoute, type CallInput } from './call';

export type { AdminBlogPost, AdminComment, AdminContent, AdminEvent, AdminGroup, AdminQuestion, AdminReport, AdminStats, AdminUser, AuditEntry };

/** What a workspace table filters and sorts by: its list's query, less the paging the hooks add. */
type TableQuery<R extends ApiRoute> = Omit<NonNullable<CallInput<R>['query']>, 'cursor' | 'limit' | 'before'>;
export type AdminUsersQuery = TableQuery<'GET /api/admin/users'>;
export type AdminGroupsQuery = TableQuery<'GET /api/admin/groups'>;
export type AdminQuestionsQuery = TableQuery<'GET /api/admin/questions'>;
export type AdminBlogQuery = TableQuery<'GET /api/admin/blog'>;
export type AdminCommentsQuery = TableQuery<'GET /api/admin/comments'>;
export type AdminContentQuery = TableQuery<'GET /api/admin/content'>;
export type AdminEventsQuery = TableQuery<'GET /api/admin/events'>;
export type AuditQuery = TableQuery<'GET /api/admin/audit'>;
export type ReportsQuery = TableQuery<'GET /api/admin/reports'>;

type Body<R extends ApiRoute> = NonNullable<CallInput<R>['body']>;
export type BulkUsersAction = Body<'POST /api/admin/users/bulk'>['action'];
export type BulkDeleteType = Body<'POST /api/admin/bulk-delete'>['type'];
export type ContentKind = AdminContent['kind'];
export type EventKind = AdminEvent['kind'];
export type ReportAction = NonNullable<Body<'POST /api/admin/reports/:id/resolve'>['action']>;

/**
 * Query keys of the workspace. Every key starts with 'admin'; a table's key holds its filters and
 * sort, so each view pages on its own. The socket refreshes `adminKeys.reports()` when the queue changes.
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  health: ['admin', 'health'] as const,
  users: (q?: AdminUsersQuery) => (q ? (['admin', 'users', q] as const) : (['admin', 'users'] as const)),
  groups: (q?: AdminGroupsQuery) => (q ? (['admin', 'groups', q] as const) : (['admin', 'groups'] as const)),
  questions: (q?: AdminQuestionsQuery) => (q ? (['admin', 'questions', q] as const) : (['admin', 'questions'] as const)),
  blog: (q?: AdminBlogQuery) => (q ? (['admin', 'blog', q] as const) : (['admin', 'blog'] as const)),
  comments: (q?: AdminCommentsQuery) => (q ? (['admin', 'comments', q] as const) : (['admin', 'comments'] as const)),
  content: (q?: AdminContentQuery) => (q ? (['admin', 'content', q] as const) : (['admin', 'content'] as const)),
  events: (q?: AdminEventsQuery) => (q ? (['admin', 'events', q] as const) : (['admin', 'events'] as const)),
  audit: (q?: AuditQuery) => (q ? (['admin', 'audit', q] as const) : (['admin', 'audit'] as const)),
  reports: (q?: ReportsQuery) => (q ? (['admin', 'reports', q] as const) : (['admin', 'reports'] as const)),
  blogCategories: ['blog', 'categories'] as const,
};

/** The workspace's tables read 100 rows a page (scrolling near the end asks for the next). */
const PAGE = 100;

// ---- fetchers: one page of each table, from the cursor of the page before ----

export const fetchAdminStats = () => call('GET /api/admin/stats');
export const fetchAdminHealth = () => call('GET /api/admin/health');
export const fetchAdminUsers = (q: AdminUsersQuery, cursor?: string) => call('GET /api/admin/users', { query: { ...q, limit: PAGE, cursor } });
export const fetchAdminGroups = (q: AdminGroupsQuery, cursor?: string) => call('GET /api/admin/groups', { query: { ...q, limit: PAGE, cursor } });
export const fetchAdminQuestions = (q: AdminQuestionsQuery, cursor?: string) => call('GET /api/admin/questions', { query: { ...q, limit: PAGE, cursor } });
export const fetchAdminBlogPosts = (q: AdminBlogQuery, cursor?: string) => call('GET /api/admin/blog', { query: { ...q, limit: PAGE, cursor } });
export const fetchAdminComments = (q: AdminCommentsQuery, cursor?: string) => call('GET /api/admin/comments', { query: { ...q, limit: PAGE, cursor } });
export const fetchAdminContent = (q: AdminContentQuery, cursor?: string) => call('GET /api/admin/content', { query: { ...q, limit: PAGE, cursor } });
export const fetchAdminEvents = (q: AdminEventsQuery, cursor?: string) => call('GET /api/admin/events', { query: { ...q, limit: PAGE, cursor } });
export const fetchAuditLog = (q: AuditQuery, cursor?: string) => call('GET /api/admin/audit', { query: { ...q, limit: PAGE, cursor } });
export const fetchReports = (q: ReportsQuery, cursor?: string) => call('GET /api/admin/reports', { query: { ...q, limit: PAGE, cursor } });

// ---- reads ----

/** What a workspace table needs of its pages: the rows so far, and a way to the next page. */
export interface TablePages<T> {
  rows: T[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  more(): void;
}

function useTablePages<T>(queryKey: readonly unknown[], fetchPage: (cursor?: string) => Promise<Page<T>>): TablePages<T> {
  const q = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    rows: q.data?.pages.flatMap((p) => p.items) ?? [],
    loading: q.isLoading,
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    more: () => {
      if (!q.isFetchingNextPage) void q.fetchNextPage();
    },
  };
}

export const useAdminStats = (enabled = true) => useQuery({ queryKey: adminKeys.stats, queryFn: fetchAdminStats, enabled });
/** Asked again every minute while the panel is open: a mail server can start failing at any time. */
export const useAdminHealth = () => useQuery({ queryKey: adminKeys.health, queryFn: fetchAdminHealth, refetchInterval: 60_000 });
export const useAdminUsers = (q: AdminUsersQuery) => useTablePages(adminKeys.users(q), (c) => fetchAdminUsers(q, c));
export const useAdminGroups = (q: AdminGroupsQuery) => useTablePages(adminKeys.groups(q), (c) => fetchAdminGroups(q, c));
export const useAdminQuestions = (q: AdminQuestionsQuery) => useTablePages(adminKeys.questions(q), (c) => fetchAdminQuestions(q, c));
export const useAdminBlogPosts = (q: AdminBlogQuery) => useTablePages(adminKeys.blog(q), (c) => fetchAdminBlogPosts(q, c));
export const useAdminComments = (q: AdminCommentsQuery) => useTablePages(adminKeys.comments(q), (c) => fetchAdminComments(q, c));
export const useAdminContent = (q: AdminContentQuery) => useTablePages(adminKeys.content(q), (c) => fetchAdminContent(q, c));
export const useAdminEvents = (q: AdminEventsQuery) => useTablePages(adminKeys.events(q), (c) => fetchAdminEvents(q, c));
export const useAuditLog = (q: AuditQuery) => useTablePages(adminKeys.audit(q), (c) => fetchAuditLog(q, c));
export const useReports = (q: ReportsQuery) => useTablePages(adminKeys.reports(q), (c) => fetchReports(q, c));

// ---- changes ----

/**
 * An admin's change reaches lists all over the app (a deleted member's posts, a verified mark, a
 * removed comment's count), so every cached read is refreshed once it succeeds, not only the workspace's.
 */
function useAdminMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void qc.invalidateQueries() });
}

export const useUpdateUser = () =>
  useAdminMutation(({ id, ...body }: { id: number } & Body<'PATCH /api/admin/users/:id'>) => call('PATCH /api/admin/users/:id', { params: { id }, body }));
/** A one-hour, single-use password link for a member (the admin hands it over); nothing to refresh. */
export const createPasswordResetLink = (id: number) => call('POST /api/admin/users/:id/password-reset-link', { params: { id } });
/** A warning: the member is notified with the reason. */
export const useWarnUser = () =>
  useAdminMutation(({ id, reason }: { id: number; reason: string }) => call('POST /api/admin/users/:id/warn', { params: { id }, body: { reason } }));
/** A suspension for 1, 7 or 30 days or until a date: the member's sessions end at once. */
export const useSuspendUser = () =>
  useAdminMutation(({ id, ...body }: { id: number } & Body<'POST /api/admin/users/:id/suspend'>) =>
    call('POST /api/admin/users/:id/suspend', { params: { id }, body }),
  );
export const useLiftSuspension = () => useAdminMutation((id: number) => call('DELETE /api/admin/users/:id/suspension', { params: { id } }));
export const useDeleteUser = () => useAdminMutation((id: number) => call('DELETE /api/admin/users/:id', { params: { id } }));
export const useBulkUsers = () => useAdminMutation((body: { ids: number[]; action: BulkUsersAction }) => call('POST /api/admin/users/bulk', { body }));

export const useDeleteGroup = () => useAdminMutation((id: number) => call('DELETE /api/admin/groups/:id', { params: { id } }));

export const useEditComment = () =>
  useAdminMutation(({ kind, id, content }: { kind: CommentKind; id: number; content: string }) =>
    call('PATCH /api/admin/comments/:kind/:id', { params: { kind, id }, body: { content } }),
  );
export const useDeleteComment = () =>
  useAdminMutation(({ kind, id }: { kind: CommentKind; id: number }) => call('DELETE /api/admin/comments/:kind/:id', { params: { kind, id } }));
export const useBulkDeleteComments = () =>
  useAdminMutation((items: { kind: CommentKind; id: number }[]) => call('POST /api/admin/comments/bulk-delete', { body: { items } }));

/** The author is told their content went, with the admin's reason when one is given. */
export const useDeleteContent = () =>
  useAdminMutation(({ kind, id, reason }: { kind: ContentKind; id: number; reason?: string }) =>
    call('DELETE /api/admin/content/:kind/:id', { params: { kind, id }, query: { reason } }),
  );
export const useBulkDeleteContent = () =>
  useAdminMutation((body: { kind: ContentKind; ids: number[]; reason?: string }) => call('POST /api/admin/content/bulk-delete', { body }));

export const useDeleteEvent = () =>
  useAdminMutation(({ kind, id }: { kind: EventKind; id: number }) => call('DELETE /api/admin/events/:kind/:id', { params: { kind, id } }));

/** Deletes the selected rows of one table in one transaction on the server: all, or none. */
export const useBulkDelete = () => useAdminMutation((body: { type: BulkDeleteType; ids: number[] }) => call('POST /api/admin/bulk-delete', { body }));

/** Resolves (acting on the content as asked) or dismisses one report. */
export const useCloseReport = () =>
  useAdminMutation(({ id, outcome, note, action }: { id: number; outcome: 'resolve' | 'dismiss'; note: string; action: ReportAction }) =>
    outcome === 'resolve'
      ? call('POST /api/admin/reports/:id/resolve', { params: { id }, body: { note, action } })
      : call('POST /api/admin/reports/:id/dismiss', { params: { id }, body: { note, action } }),
  );
export const useBulkReports = () =>
  useAdminMutation((body: { ids: number[]; outcome: 'resolved' | 'dismissed'; note: string }) => call('POST /api/admin/reports/bulk', { body }));

// ---- the panel's calls outside /api/admin ----
// Questions, blog posts and blog categories belong to their own resources (api/questions.ts,
// api/blog.ts); the panel's writes to them stay here because an admin change refreshes everything.

export type BlogCategoryRow = BlogCategory;
export type BlogCategoryInput = Body<'POST /api/blog/categories'>;

export { useBlogCategories } from './blog';
export const useSaveBlogCategory = () =>
  useAdminMutation(({ id, ...body }: BlogCategoryInput & { id?: number }) =>
    id ? call('PATCH /api/blog/categories/:id', { params: { id }, body }) : call('POST /api/blog/categories', { body }),
  );
export const useDeleteBlogCategory = () => useAdminMutation((id: number) => call('DELETE /api/blog/categories/:id', { params: { id } }));

export const useSetBlogPostPublished = () =>
  useAdminMutation(({ id, published }: { id: number; published: boolean }) => call('PATCH /api/blog/posts/:id', { params: { id }, body: { published } }));
export const useDeleteBlogPost = () => useAdminMutation((id: number) => call('DELETE /api/blog/posts/:id', { params: { id } }));

export const useEditQuestion = () =>
  useAdminMutation(({ id, ...body }: { id: number } & Body<'PATCH /api/questions/:id'>) => call('PATCH /api/questions/:id', { params: { id }, body }));
export const useDeleteQuestionAsAdmin = () => useAdminMutation((id: number) => call('DELETE /api/questions/:id', { params: { id } }));
