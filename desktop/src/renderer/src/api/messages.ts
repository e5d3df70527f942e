import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@mahalle/shared';
import { call, callPage } from './call';

/** Query keys of private messages; the socket refreshes `all` when one arrives. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (userId: number) => ['messages', 'conversation', userId] as const,
};

export const fetchConversations = (limit: number, cursor?: string) => callPage('GET /api/messages', { query: { limit, cursor } });
export const fetchConversation = (userId: number, limit: number, cursor?: string) =>
  callPage('GET /api/messages/conversation/:userId', { params: { userId }, query: { limit, cursor } });

/** The latest conversations (one page of up to 100). */
export const useConversations = (limit = LIMITS.conversationsPage) =>
  useQuery({ queryKey: messageKeys.conversations, queryFn: async () => (await fetchConversations(limit)).items });
/** The latest messages with one member, oldest first. */
export const useConversation = (userId: number, limit = 100) =>
  useQuery({ queryKey: messageKeys.conversation(userId), queryFn: async () => (await fetchConversation(userId, limit)).items });

function useMessageMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.all }) });
}

export const useSendMessage = () =>
  useMessageMutation(({ receiverId, content }: { receiverId: number; content: string }) =>
    call('POST /api/messages', { body: { receiverId, content, messageType: 'text' } }),
  );
export const useDeleteMessage = () => useMessageMutation((id: number) => call('DELETE /api/messages/:id', { params: { id } }));
export const useMarkConversationRead = () =>
  useMessageMutation((userId: number) => call('PATCH /api/messages/conversation/:userId/read', { params: { userId } }));
