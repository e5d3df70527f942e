import { MODERATED_TARGETS, type AppealStatus, type Notification, type NotificationType } from '@mahalle/shared';
import { toIso } from '../db/time';

/** A notification joined with the person and the post it is about. */
export interface NotificationRow {
  id: number;
  user_id: number;
  type: NotificationType;
  title: string;
  message: string;
  is_read: boolean | number;
  related_post_id: number | null;
  related_user_id: number | null;
  link: string | null;
  /** Likes of one post, or follows, on one day (services/notifications groupKeyFor); null: ungrouped. */
  group_key?: string | null;
  created_at: unknown;
  ru_username: string | null;
  ru_display_name: string | null;
  ru_profile_image: string | null;
  ru_profile_image_thumb: string | null;
  rp_hidden: boolean | number | null;
  /** `post:12`: what this notice offers to appeal; `ap_status` how that appeal stands (null: none sent). */
  appeal_key?: string | null;
  ap_status?: AppealStatus | null;
}

/** `group`: the size of the group the row heads and how many of it are unread (absent: the row alone). */
export function presentNotification(r: NotificationRow, group?: { count: number; unread: number }): Notification {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    message: r.message,
    isRead: group ? group.unread === 0 : Boolean(r.is_read),
    groupCount: group?.count ?? 1,
    groupKey: r.group_key ?? null,
    relatedPostId: r.related_post_id,
    relatedUserId: r.related_user_id,
    relatedUser: r.related_user_id
      ? { username: r.ru_username ?? '', displayName: r.ru_display_name ?? '', profileImage: r.ru_profile_image, profileImageThumb: r.ru_profile_image_thumb }
      : null,
    link: r.link,
    /** The post it is about was hidden by an admin: the UI says so instead of opening 'not found'. */
    contentRemoved: Boolean(r.rp_hidden),
    appeal: appealOf(r),
    createdAt: toIso(r.created_at),
  };
}

/** The appeal a moderation notice offers, from its key (`<kind>:<id>`). */
function appealOf(r: NotificationRow): Notification['appeal'] {
  const [type, id] = (r.appeal_key ?? '').split(':');
  const targetType = MODERATED_TARGETS.find((t) => t === type);
  if (!targetType || !id) return null;
  return { targetType, targetId: Number(id), status: r.ap_status ?? null };
}
