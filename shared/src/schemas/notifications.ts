import { z } from 'zod';
import '../zod-locale';
import { NOTIFICATION_TYPES } from '../limits';
import { notificationAppealSchema } from './appeals';

// ---- answers ----

/** A notification as the list and the socket's new_notification carry it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** Read when every notification it stands for is read. */
  isRead: z.boolean(),
  /**
   * How many notifications this item stands for: likes of one post, or follows, on one day are
   * listed once at the newest ('12 kişi gönderinizi beğendi'); reading or deleting it does all of them.
   */
  groupCount: z.number().int().min(1),
  /**
   * The group it heads (null: none). A grouped notification pushed by the socket carries the group's
   * row as the list shows it (its newest id, size and read state): the client replaces the row with the
   * same key instead of adding one.
   */
  groupKey: z.string().nullable(),
  relatedPostId: z.number().int().nullable(),
  relatedUserId: z.number().int().nullable(),
  /** Who caused it (null for notifications nobody caused, e.g. moderation). */
  relatedUser: z
    .object({ username: z.string(), displayName: z.string(), profileImage: z.string().nullable(), profileImageThumb: z.string().nullable() })
    .nullable(),
  link: z.string().nullable(),
  /** The post it is about was hidden by an admin: the UI says so instead of opening 'not found'. */
  contentRemoved: z.boolean(),
  /** A notice that an item of the recipient's was hidden offers an appeal: what, and how it stands (null: none to offer). */
  appeal: notificationAppealSchema.nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
