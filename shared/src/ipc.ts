/**
 * Every IPC channel between the desktop app's preload bridge and its main process, in one place
 * (as Mattermost Desktop keeps them in `common/`). The main process registers a handler for each in
 * desktop/src/main/app.ts; the preload calls them; the renderer never sees them (it has the bridge).
 * Imported as `@mahalle/shared/ipc` so the preload bundle takes this file alone.
 */
export const IPC = {
  getServerUrl: 'mahalle:get-server-url',
  setServerUrl: 'mahalle:set-server-url',
  getSessionToken: 'mahalle:get-session-token',
  setSessionToken: 'mahalle:set-session-token',
  setUnreadCounts: 'mahalle:set-unread-counts',
  notify: 'mahalle:notify',
  openExternal: 'mahalle:open-external',
  navigate: 'mahalle:navigate',
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];
