// @vitest-environment jsdom
/**
 * The API client and useRealtime against the real server: a desktop-style bearer session, a real socket.io
 * connection, counts and native notifications as another member acts over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { PlatformBridge } from '@mahalle/shared';
import { startTestServer, type Member, type TestServer } from '@mahalle/server/testing';

let server: TestServer;
let receiver: Member;
let sender: Member;
const bridge = {
  kind: 'desktop',
  getServerUrl: async () => server.url,
  setServerUrl: async () => ({ ok: true }),
  getSessionToken: async () => token,
  setSessionToken: async () => undefined,
  setUnreadCounts: vi.fn(),
  notify: vi.fn(),
  onNavigate: () => () => undefined,
  openExternal: () => undefined,
} as unknown as PlatformBridge & { setUnreadCounts: ReturnType<typeof vi.fn>; notify: ReturnType<typeof vi.fn> };
let token: string | null = null;

beforeAll(async () => {
  server = await startTestServer();
  receiver = await server.member({ displayName: 'Alıcı Ayşe' });
  sender = await server.member({ displayName: 'Gönderen Can' });
  const login = await server
    .client()
    .withHeaders({ 'x-mahalle-client': 'desktop' })
    .post('/api/auth/login', { username: receiver.user.username, password: 'Guclu.Sifre1' });
  token = login.body.token;
  window.mahalle = bridge;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('useRealtime', () => {
  it('connects with the session, follows counts live, notifies natively in the background, and resets on sign-out', async () => {
    expect(token).toBeTruthy();
    // Modules read the bridge when they load, so they load after it is in place.
    const { initApi } = await import('./client');
    const { useRealtime } = await import('./socket');
    const { nativeNotification } = await import('../features/notifications/text');
    const { useCounts, useSession } = await import('../stores/session');
    await initApi();
    useSession.setState({ user: { ...receiver.user, role: 'user' } as never });
    const hook = renderHook(() => useRealtime({ describeNotification: nativeNotification }));
    await waitFor(() => expect(useCounts.getState().connected).toBe(true), { timeout: 5000 });

    await sender.client.post('/api/messages', { receiverId: receiver.user.id, content: 'Merhaba Ayşe!', messageType: 'text' });
    await waitFor(() => expect(useCounts.getState().messages).toBe(1));
    expect(bridge.setUnreadCounts).toHaveBeenLastCalledWith(expect.objectContaining({ messages: 1 }));
    await waitFor(() =>
      expect(bridge.notify).toHaveBeenCalledWith({ title: 'Yeni mesaj: Gönderen Can', body: 'Merhaba Ayşe!', route: `/messages?user=${sender.user.id}` }),
    );

    const post = (await receiver.client.post('/api/posts', { content: 'Beğenilecek gönderi' })).body;
    await sender.client.post(`/api/posts/${post.id}/like`);
    await waitFor(() => expect(useCounts.getState().notifications).toBe(1));
    await waitFor(() =>
      expect(bridge.notify).toHaveBeenCalledWith(expect.objectContaining({ body: 'Gönderen Can gönderinizi beğendi', route: `/posts/${post.id}` })),
    );

    // The list as the notifications page holds it: a second like joins the first's group, and its row is replaced
    // (one row, '2 kişi'), not joined by a second; the badge still counts one item.
    const { queryClient } = await import('./query');
    const { notificationKeys } = await import('./notifications');
    queryClient.setQueryData(notificationKeys.list(100), (await receiver.client.get('/api/notifications?limit=100')).body);
    const third = await server.member({ displayName: 'Üçüncü Üye' });
    await third.client.post(`/api/posts/${post.id}/like`);
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.list(100))).toEqual([
        expect.objectContaining({ type: 'like', groupCount: 2, relatedUserId: third.user.id }),
      ]),
    );
    await waitFor(() =>
      expect(bridge.notify).toHaveBeenCalledWith(expect.objectContaining({ body: '2 kişi gönderinizi beğendi', route: `/posts/${post.id}` })),
    );
    expect(useCounts.getState().notifications).toBe(1);

    useSession.setState({ user: null });
    hook.rerender();
    await waitFor(() => expect(useCounts.getState()).toMatchObject({ notifications: 0, messages: 0, connected: false }));
    hook.unmount();
  }, 30_000);
});

describe('the API client', () => {
  it("speaks the shared error rule: the server's Turkish message and code, or the network text", async () => {
    const { ApiError, api, initApi, setToken } = await import('./client');
    const { TEXTS } = await import('@mahalle/shared');
    await initApi();
    const me = await api<{ id: number }>('/api/auth/me');
    expect(me.id).toBe(receiver.user.id);
    const empty = await api('/api/posts', { method: 'POST', json: { content: '   ' } }).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(ApiError);
    expect(empty).toMatchObject({ status: 400, code: 'post_empty', message: TEXTS.social.postTextRequired });
    const missing = await api('/uploads/yok.png').catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    expect((missing as Error).message).toBe('Aradığınız kayıt bulunamadı');
    setToken(null);
    expect(await api('/api/auth/me').catch((e: unknown) => e)).toMatchObject({ status: 401, code: 'unauthorized' });
    // A server that cannot be reached.
    bridge.getServerUrl = async () => 'http://127.0.0.1:9';
    await initApi();
    expect(await api('/api/health').catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'network', message: TEXTS.auth.networkError });
  });
});
