import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, TEXTS, type ClientToServerEvents, type Message, type Notification, type ServerToClientEvents } from '@mahalle/shared';
import { queryClient } from './query';
import { serverBase } from './client';
import { platform } from '../platform';
import { useCounts, useSession } from '../stores/session';
import { useConnection } from '../stores/connection';
import { pushNotification } from './notifications';
import { messageKeys } from './messages';
import { shouldRaiseNative } from './native-notice';
import { queueKeys } from './review-queue';

type RealtimeSocket = Socket<ServerToClientEvents<Notification, Message>, ClientToServerEvents>;

export interface RealtimeOptions {
  /** A native notification's text and where clicking it goes (the notifications feature decides; api/ never imports features/). */
  describeNotification: (n: Notification) => { body: string; route: string };
}

/** The real-time connection: open only while signed in; counts reset on sign-out. */
export function useRealtime({ describeNotification }: RealtimeOptions) {
  const describe = useRef(describeNotification);
  describe.current = describeNotification;
  const user = useSession((s) => s.user);
  const setCounts = useCounts((s) => s.set);
  useEffect(() => {
    if (!user) {
      setCounts({ notifications: 0, messages: 0, reports: 0, connected: false });
      return;
    }
    let cancelled = false;
    let socket: RealtimeSocket | null = null;
    // The client library loads only for members (a visitor's page never opens the socket).
    void Promise.all([platform.getSessionToken(), import('socket.io-client')]).then(([token, { io }]) => {
      if (cancelled) return;
      socket = io(serverBase() || undefined, { path: SOCKET_PATH, withCredentials: true, auth: token ? { token } : {} });
      socket.on('connect', () => {
        setCounts({ connected: true });
        useConnection.getState().set({ socketDown: false });
      });
      socket.on('disconnect', (reason) => {
        setCounts({ connected: false });
        // Our own disconnect (sign-out, unmount) is not an outage.
        if (reason !== 'io client disconnect') useConnection.getState().set({ socketDown: true });
      });
      socket.on(SOCKET_EVENTS.notificationCount, ({ count }) => {
        setCounts({ notifications: count });
        platform.setUnreadCounts({ ...useCounts.getState(), notifications: count });
      });
      socket.on(SOCKET_EVENTS.messageCount, ({ count }) => {
        setCounts({ messages: count });
        platform.setUnreadCounts({ ...useCounts.getState(), messages: count });
      });
      socket.on(SOCKET_EVENTS.reportCount, ({ count }) => {
        setCounts({ reports: count });
        platform.setUnreadCounts({ ...useCounts.getState(), reports: count });
      });
      socket.on(SOCKET_EVENTS.newNotification, (payload) => {
        const { notification } = payload;
        // The row as the list shows it: a like joining a group replaces the group's row rather than adding one.
        if (notification) pushNotification(queryClient, notification);
        // The count (and the tray badge) moved with notification_count, which counts the list's items (a group once); a
        // native notice only when the server allows it.
        if (notification && shouldRaiseNative(payload, document.hidden)) {
          // Clicking it opens what it is about: the post, the person, or else the list.
          platform.notify({ title: TEXTS.app.name, ...describe.current(notification) });
        }
      });
      socket.on(SOCKET_EVENTS.newMessage, (payload) => {
        const { message } = payload;
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
        if (message.receiverId === user.id && shouldRaiseNative(payload, document.hidden)) {
          platform.notify({ title: `Yeni mesaj: ${message.sender.displayName}`, body: message.content, route: `/messages?user=${message.senderId}` });
        }
      });
      socket.on(SOCKET_EVENTS.reportCreated, () => {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] });
        // Admins hear of new reports; the desktop app shows it natively while in the background.
        if (document.hidden) platform.notify({ title: 'Yeni şikayet', body: 'Moderasyon kuyruğunda yeni bir şikayet var.', route: '/admin' });
      });
      // Another moderator claimed, released, decided or undid: the open queue shows it (a decided entry leaves, a held one says who),
      // and so do the Şikayetler and İtirazlar lists, which decide the same reports and appeals.
      socket.on(SOCKET_EVENTS.queueChanged, () => {
        void queryClient.invalidateQueries({ queryKey: queueKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] });
      });
      // A node stopping (deploy, restart) says so and closes the socket: socket.io does not come back by itself after a
      // server-side disconnect, so reconnect after the pause it asks for, with jitter, reaching another node or the restarted one.
      socket.on(SOCKET_EVENTS.serverShutdown, ({ reconnectAfterMs }) => {
        setTimeout(
          () => {
            if (!cancelled) socket?.connect();
          },
          reconnectAfterMs + Math.random() * reconnectAfterMs,
        );
      });
      socket.on('connect_error', (err) => {
        useConnection.getState().set({ socketDown: true });
        console.warn('socket', err.message);
      });
    });
    return () => {
      cancelled = true;
      socket?.disconnect();
      useConnection.getState().set({ socketDown: false });
    };
  }, [user, setCounts]);
}
