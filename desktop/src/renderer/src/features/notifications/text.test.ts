import { describe, expect, it } from 'vitest';
import { nativeNotification, notificationTarget, notificationText } from './text';
import type { Notification } from '@mahalle/shared';

const base: Notification = {
  id: 1,
  type: 'like',
  title: '',
  message: 'gönderinizi beğendi',
  isRead: false,
  groupCount: 1,
  groupKey: null,
  relatedPostId: 7,
  relatedUserId: 3,
  relatedUser: { username: 'ayse', displayName: 'Ayşe', profileImage: null, profileImageThumb: null },
  link: null,
  contentRemoved: false,
  appeal: null,
  createdAt: new Date().toISOString(),
};

describe('notification texts', () => {
  it('prefixes the actor to the type text', () => {
    expect(notificationText(base)).toBe('Ayşe gönderinizi beğendi');
    expect(notificationText({ ...base, type: 'follow_request' })).toBe('Ayşe size takip isteği gönderdi');
    expect(notificationText({ ...base, type: 'mention' })).toBe('Ayşe sizi bahsetti');
    expect(notificationText({ ...base, relatedUser: { username: 'ayse', displayName: '', profileImage: null, profileImageThumb: null } })).toBe(
      'ayse gönderinizi beğendi',
    );
  });
  it('shows the message of other types', () => {
    expect(notificationText({ ...base, type: 'other', message: 'Ali sorunuza cevap verdi' })).toBe('Ali sorunuza cevap verdi');
  });
  it('navigates to the post or the person', () => {
    expect(notificationTarget(base)).toBe('/posts/7');
    expect(notificationTarget({ ...base, type: 'follow' })).toBe('/profile/ayse');
    expect(notificationTarget({ ...base, type: 'other', link: '/qa/question/4' })).toBe('/qa/question/4');
    expect(notificationTarget({ ...base, type: 'event', link: null })).toBeNull();
  });
  it('says when the content is gone instead of leading to a dead end, and shows a moderation notice as written', () => {
    const removed = { ...base, contentRemoved: true };
    expect(notificationText(removed)).toBe('Ayşe gönderinizi beğendi · Bu içerik kaldırıldı');
    expect(notificationTarget(removed)).toBeNull();
    const notice: Notification = {
      ...base,
      type: 'moderation',
      relatedUser: null,
      relatedPostId: null,
      title: 'Gönderiniz yönetim tarafından kaldırıldı',
      message: 'Gönderiniz yönetim tarafından kaldırıldı: "x". Gerekçe: Spam',
    };
    expect(notificationText(notice)).toBe('Gönderiniz yönetim tarafından kaldırıldı: "x". Gerekçe: Spam');
    expect(notificationTarget(notice)).toBeNull();
  });
  it("shows an appeal's outcome with its title and opens nothing", () => {
    const n = {
      ...base,
      type: 'appeal' as const,
      relatedUser: null,
      relatedUserId: null,
      relatedPostId: null,
      title: 'İtirazınız kabul edildi',
      message: 'Gönderiniz yeniden gösteriliyor.',
    };
    expect(notificationText(n)).toBe('İtirazınız kabul edildi: Gönderiniz yeniden gösteriliyor.');
    expect(notificationTarget(n)).toBeNull();
  });

  it('shows event notices (reminders, waitlist, cancellations) natively as the server wrote them, opening the event', () => {
    for (const type of ['event_reminder', 'event_promoted', 'event_waitlisted', 'event_cancelled', 'event_time_changed', 'event_message'] as const) {
      const n: Notification = { ...base, type, relatedPostId: null, message: 'Bir saat sonra: "Piknik" (10 Haziran 2099 Çarşamba, 18:00)', link: '/events/9' };
      expect(nativeNotification(n)).toEqual({ body: 'Bir saat sonra: "Piknik" (10 Haziran 2099 Çarşamba, 18:00)', route: '/events/9' });
    }
  });
});
