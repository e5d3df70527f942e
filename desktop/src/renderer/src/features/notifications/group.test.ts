import { describe, expect, it } from 'vitest';
import type { Notification } from '@mahalle/shared';
import { notificationText } from './text';

function n(over: Partial<Notification>): Notification {
  return {
    id: 1,
    type: 'like',
    title: '',
    message: '',
    isRead: true,
    groupCount: 1,
    groupKey: null,
    relatedPostId: 7,
    relatedUserId: 2,
    relatedUser: { username: 'u2', displayName: 'Üye 2', profileImage: null, profileImageThumb: null },
    link: null,
    contentRemoved: false,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

describe('notifications the server grouped', () => {
  it('say how many liked or followed; a single one names the person', () => {
    expect(notificationText(n({ groupCount: 12 }))).toBe('12 kişi gönderinizi beğendi');
    expect(notificationText(n({ type: 'follow', groupCount: 3 }))).toBe('3 kişi sizi takip etmeye başladı');
    expect(notificationText(n({}))).toBe('Üye 2 gönderinizi beğendi');
  });

  it('say a removed post was removed rather than counting its likes', () => {
    expect(notificationText(n({ groupCount: 4, contentRemoved: true }))).toBe('Üye 2 gönderinizi beğendi · Bu içerik kaldırıldı');
  });
});
