/** Every IPC channel between the preload bridge and the main process, in one place. */
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
