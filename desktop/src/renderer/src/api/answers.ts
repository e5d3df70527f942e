import { useMutation } from '@tanstack/react-query';
import { call } from './call';
import { useRefreshQuestions } from './questions';

/** One answer's actions; each refreshes the questions (counts, the answered badge, the answers list). */
export function useUpvoteAnswer() {
  const refresh = useRefreshQuestions();
  return useMutation({ mutationFn: (id: number) => call('POST /api/answers/:id/upvote', { params: { id } }), onSuccess: refresh });
}

/** Only the question's author may; the question is then answered (closed). */
export function useAcceptAnswer() {
  const refresh = useRefreshQuestions();
  return useMutation({ mutationFn: (id: number) => call('POST /api/answers/:id/accept', { params: { id } }), onSuccess: refresh });
}

export function useDeleteAnswer() {
  const refresh = useRefreshQuestions();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/answers/:id', { params: { id } }), onSuccess: refresh });
}
