import { describe, expect, it } from 'vitest';
import type { Notification } from '@mahalle/shared';
import { notificationText } from './text';
import { notificationFixture } from '../../test/notification';

const n = (over: Partial<Notification>): Notification => notificationFixture({ type: 'like', isRead: true, ...over });

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
