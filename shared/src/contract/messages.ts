import { idParamsSchema, cursorPageQuerySchema } from '../schemas/common';
import { conversationSchema, messageSchema, sendMessageSchema, unreadCountSchema, updatedCountSchema } from '../schemas/messages';
import { userIdParamsSchema } from '../schemas/users';
import { cursorList, endpoint, okSchema } from './endpoint';

/** Private messages between two members. */
export const messagesEndpoints = {
  'messages.conversations': endpoint({
    route: 'GET /api/messages',
    summary: 'Own conversations, the latest first, each with the other person, its last message and the unread count; a bare list, next page in X-Next-Cursor',
    access: 'member',
    query: cursorPageQuerySchema,
    response: cursorList(conversationSchema),
    cursorHeader: true,
  }),
  'messages.send': endpoint({
    route: 'POST /api/messages',
    summary: 'Send a message to a member',
    access: 'member',
    body: sendMessageSchema,
    status: 201,
    response: messageSchema,
  }),
  'messages.unreadCount': endpoint({
    route: 'GET /api/messages/unread-count',
    summary: 'How many messages to the signed-in member are unread',
    access: 'member',
    response: unreadCountSchema,
  }),
  'messages.conversation': endpoint({
    route: 'GET /api/messages/conversation/:userId',
    summary: 'The messages with one member, oldest first within a page, pages going back in time; a bare list, next page in X-Next-Cursor',
    access: 'member',
    params: userIdParamsSchema,
    query: cursorPageQuerySchema,
    response: cursorList(messageSchema),
    cursorHeader: true,
  }),
  'messages.readConversation': endpoint({
    route: 'PATCH /api/messages/conversation/:userId/read',
    summary: 'Mark every message from one member read',
    access: 'member',
    params: userIdParamsSchema,
    response: updatedCountSchema,
  }),
  'messages.read': endpoint({
    route: 'PATCH /api/messages/:id/read',
    summary: 'Mark one received message read',
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
  'messages.delete': endpoint({
    route: 'DELETE /api/messages/:id',
    summary: 'Delete a message one sent',
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
};
