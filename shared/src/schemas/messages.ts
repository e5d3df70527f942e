import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { authorSummarySchema, idSchema } from './common';

const S = TEXTS.social;

export const sendMessageSchema = z.object({
  receiverId: idSchema,
  content: z
    .string({ error: S.messageRequired })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: S.messageRequired })
    .refine((v) => charCount(v) <= LIMITS.messageMax, { message: S.messageTooLong }),
  messageType: z.literal('text').optional().default('text'),
});

// ---- answers ----

export const messageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  sender: authorSummarySchema,
  receiver: authorSummarySchema,
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  messageType: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** One conversation in the inbox: the other person, the last message and the viewer's unread count in it. */
export const conversationSchema = z.object({
  id: z.number().int(),
  otherUser: authorSummarySchema,
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** An unread counter (messages or notifications). */
export const unreadCountSchema = z.object({ count: z.number().int() });
/** How many rows a bulk mark-as-read changed. */
export const updatedCountSchema = z.object({ updated: z.number().int() });
