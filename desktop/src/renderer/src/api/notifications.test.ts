// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@mahalle/shared';
import { mergePushedNotification, notificationKeys, pushNotification } from './notifications';
import { notificationFixture } from '../test/notification';

const n = (id: number, over: Partial<Notification> = {}): Notification => notificationFixture({ id, ...over });

describe('a pushed notification in the lists', () => {
  it("replaces its group's row (the group's newest id, its new size) instead of adding one", () => {
    const likes = n(5, { type: 'like', groupKey: 'like:7:2026-11-25', groupCount: 11, isRead: true });
    const list = [n(8), n(6), likes, n(3)];
    const grown = n(9, { type: 'like', groupKey: 'like:7:2026-11-25', groupCount: 12 });
    expect(mergePushedNotification(list, grown, 100).map((x) => [x.id, x.groupCount])).toEqual([
      [9, 12],
      [8, 1],
      [6, 1],
      [3, 1],
    ]);
  });

  it('adds one alone at its place by id, keeps the list to its limit, and replaces the same id', () => {
    const list = [n(8), n(6), n(3)];
    expect(mergePushedNotification(list, n(9), 3).map((x) => x.id)).toEqual([9, 8, 6]);
    // A late push (an older id) goes where the list would have it.
    expect(mergePushedNotification(list, n(7), 10).map((x) => x.id)).toEqual([8, 7, 6, 3]);
    expect(mergePushedNotification(list, n(6, { isRead: true }), 10).find((x) => x.id === 6)?.isRead).toBe(true);
  });

  it("goes into every loaded list (the header's and the page's), each within its own limit", () => {
    const qc = new QueryClient();
    const key = 'follow:2026-11-25';
    qc.setQueryData(notificationKeys.latest(2), [n(4, { type: 'follow', groupKey: key, groupCount: 2 }), n(3)]);
    qc.setQueryData(notificationKeys.list(100), [n(4, { type: 'follow', groupKey: key, groupCount: 2 }), n(3), n(1)]);
    pushNotification(qc, n(10, { type: 'follow', groupKey: key, groupCount: 3 }));
    pushNotification(qc, n(11));
    expect(qc.getQueryData<Notification[]>(notificationKeys.latest(2))?.map((x) => [x.id, x.groupCount])).toEqual([
      [11, 1],
      [10, 3],
    ]);
    expect(qc.getQueryData<Notification[]>(notificationKeys.list(100))?.map((x) => x.id)).toEqual([11, 10, 3, 1]);
  });
});
