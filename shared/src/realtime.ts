/** Socket.io at path /ws: event names and payloads shared by the server, the UI and the desktop app. */
export const SOCKET_PATH = '/ws';

export const SOCKET_EVENTS = {
  notificationCount: 'notification_count',
  messageCount: 'message_count',
  newNotification: 'new_notification',
  newMessage: 'new_message',
  reportCreated: 'report_created',
  /** Open reports, sent to site moderators and admins. */
  reportCount: 'report_count',
  /** The review queue changed (an entry came, was claimed, released, decided or undone), to moderators and admins. */
  queueChanged: 'queue_changed',
  /** The node is stopping (SIGTERM): reconnect, the load balancer sends the socket to another node. */
  serverShutdown: 'server_shutdown',
} as const;

export interface ServerShutdownPayload {
  /** How long the client should wait before it reconnects, so a restarting node is not hammered. */
  reconnectAfterMs: number;
}

/** What changed in the review queue: refetch the named entries (or the page). `by`: the moderator who acted (null: a new report). */
export interface QueueChangedPayload {
  change: 'created' | 'claimed' | 'released' | 'decided' | 'undone';
  entryIds: number[];
  by: { id: number; username: string } | null;
}

export interface CountPayload {
  count: number;
}

/**
 * What the server sends, for socket.io's generics: `Server<ClientToServerEvents, ServerToClientEvents>`
 * on the server and `Socket<ServerToClientEvents, ClientToServerEvents>` in the UI. The notification
 * and message are the API's own presented shapes; each side names its type for them until the
 * response schemas live in shared/ too.
 */
export interface ServerToClientEvents<TNotification = unknown, TMessage = unknown> {
  /** Unread notifications of the signed-in member, on connect and whenever it changes. */
  [SOCKET_EVENTS.notificationCount]: (payload: CountPayload) => void;
  /** Unread messages, likewise. */
  [SOCKET_EVENTS.messageCount]: (payload: CountPayload) => void;
  /** Open reports, to admins only, likewise. */
  [SOCKET_EVENTS.reportCount]: (payload: CountPayload) => void;
  /**
   * `showNative`: whether the desktop app may raise a native notification for it: the member's
   * desktop switch for its kind is on and it is not inside their quiet hours (decided on the server).
   */
  [SOCKET_EVENTS.newNotification]: (payload: { notification: TNotification; showNative: boolean }) => void;
  /** To both the sender and the receiver; `showNative` likewise (the messages kind), always false for the sender. */
  [SOCKET_EVENTS.newMessage]: (payload: { message: TMessage; showNative: boolean }) => void;
  /** To site moderators and admins. */
  [SOCKET_EVENTS.queueChanged]: (payload: QueueChangedPayload) => void;
  /** To admins only. */
  [SOCKET_EVENTS.reportCreated]: (payload: { reportId: number }) => void;
  /** To everyone, when the node begins a graceful stop. */
  [SOCKET_EVENTS.serverShutdown]: (payload: ServerShutdownPayload) => void;
}

/** The UI sends nothing over the socket: every write goes over HTTP. */
export type ClientToServerEvents = Record<never, never>;
