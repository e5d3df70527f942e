import type { Notification } from '@mahalle/shared';

/** A notification as the server sends it, for renderer tests: a single unread comment by 'Üye 2' unless `over` says otherwise. */
export function notificationFixture(over: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    type: 'comment',
    title: '',
    message: '',
    isRead: false,
    groupCount: 1,
    groupKey: null,
    relatedPostId: 7,
    relatedUserId: 2,
    relatedUser: { username: 'u2', displayName: 'Üye 2', profileImage: null, profileImageThumb: null },
    link: null,
    contentRemoved: false,
    appeal: null,
    createdAt: new Date().toISOString(),
    ...over,
  };
}
