/** Socket.io at path /ws: event names and payloads shared by the server, the UI and the desktop app. */
export const SOCKET_PATH = '/ws';

export const SOCKET_EVENTS = {
  notificationCount: 'notification_count',
  messageCount: 'message_count',
  newNotification: 'new_notification',
  newMessage: 'new_message',
  reportCreated: 'report_created',
  /** Open reports, sent to admins only. */
  reportCount: 'report_count',
} as const;

export interface CountPayload {
  count: number;
}
