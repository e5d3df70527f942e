import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answer, Question, QuestionPage } from '@mahalle/shared';
import { call, callPage, type CallInput } from './call';

export type { Answer, Question, QuestionPage };
/** The Q&A list's filters and pager position (search, category, page, cursor, dir, sort, pageSize). */
export type QuestionListQuery = NonNullable<CallInput<'GET /api/questions'>['query']>;
export type AskQuestionInput = NonNullable<CallInput<'POST /api/questions'>['body']>;

/**
 * Query keys of questions and their answers. Everything sits under `questions` so one
 * invalidation after a change refreshes the lists, the question, its answers and the sidebar count.
 */
export const questionKeys = {
  all: ['questions'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (q: QuestionListQuery) => [...questionKeys.lists(), q] as const,
  detail: (id: number) => [...questionKeys.all, 'one', id] as const,
  answers: (id: number) => [...questionKeys.detail(id), 'answers'] as const,
};

export const fetchQuestions = (query: QuestionListQuery) => call('GET /api/questions', { query });
export const fetchQuestion = (id: number) => call('GET /api/questions/:id', { params: { id } });

/** One page of the Q&A list (ten, with the pager's cursors). */
export const useQuestions = (query: QuestionListQuery) => useQuery({ queryKey: questionKeys.list(query), queryFn: () => fetchQuestions(query) });

export const useQuestion = (id: number) =>
  useQuery({ queryKey: questionKeys.detail(id), queryFn: () => fetchQuestion(id), enabled: Number.isInteger(id) && id > 0 });

/** A question's answers (accepted first), page after page by the X-Next-Cursor header. */
export const useAnswers = (questionId: number, enabled = true) =>
  useInfiniteQuery({
    queryKey: questionKeys.answers(questionId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => callPage('GET /api/questions/:id/answers', { params: { id: questionId }, query: { cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });

/** After any change to a question or an answer: lists, counts and the open question refresh. */
export function useRefreshQuestions() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: questionKeys.all });
}

export function useAskQuestion() {
  const refresh = useRefreshQuestions();
  return useMutation({ mutationFn: (body: AskQuestionInput) => call('POST /api/questions', { body }), onSuccess: refresh });
}

export function useDeleteQuestion() {
  const refresh = useRefreshQuestions();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/questions/:id', { params: { id } }), onSuccess: refresh });
}

export function useUpvoteQuestion() {
  const refresh = useRefreshQuestions();
  return useMutation({ mutationFn: (id: number) => call('POST /api/questions/:id/upvote', { params: { id } }), onSuccess: refresh });
}

export function useAnswerQuestion(questionId: number) {
  const refresh = useRefreshQuestions();
  return useMutation({
    mutationFn: (content: string) => call('POST /api/questions/:id/answers', { params: { id: questionId }, body: { content } }),
    onSuccess: refresh,
  });
}
