import { describe, expect, it } from 'vitest';
import type { Notification } from '@mahalle/shared';
import { groupNotifications, groupText } from './text';

let id = 100;
function n(over: Partial<Notification>): Notification {
  id -= 1;
  return {
    id,
    type: 'like',
    title: '',
    message: '',
    isRead: true,
    relatedPostId: 7,
    relatedUserId: id,
    relatedUser: { username: `u${id}`, displayName: `Üye ${id}`, profileImage: null, profileImageThumb: null },
    link: null,
    contentRemoved: false,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

describe('like notifications grouped by post', () => {
  it("collapse a post's likes into the newest row, keep other kinds and other posts apart", () => {
    const list = [...Array.from({ length: 11 }, (_, i) => n({ isRead: i !== 3 })), n({ type: 'comment' }), n({ relatedPostId: 8 }), n({})];
    const rows = groupNotifications(list);
    expect(rows.map((r) => [r.head.type, r.head.relatedPostId, r.all.length])).toEqual([
      ['like', 7, 12],
      ['comment', 7, 1],
      ['like', 8, 1],
    ]);
    const [likes, , single] = rows;
    expect(likes?.head).toBe(list[0]);
    expect(likes?.isRead).toBe(false);
    expect(likes && groupText(likes)).toBe('12 kişi gönderinizi beğendi');
    expect(single && groupText(single)).toBe(`${single?.head.relatedUser?.displayName} gönderinizi beğendi`);
  });

  it('leave likes of a removed post one row each', () => {
    const rows = groupNotifications([n({ contentRemoved: true }), n({ contentRemoved: true })]);
    expect(rows).toHaveLength(2);
  });
});
