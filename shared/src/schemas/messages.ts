import { z } from 'zod';
import '../zod-locale';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { charCount } from '../rules/text';
import { idSchema } from './common';

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
