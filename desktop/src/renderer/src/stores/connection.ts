import { create } from 'zustand';

/**
 * Whether the device has a network, the server answers HTTP and the socket is up: drives the connection banner.
 * Offline the feed shows what the service worker kept, read-only.
 */
interface ConnectionState {
  offline: boolean;
  serverDown: boolean;
  socketDown: boolean;
  set(p: Partial<Pick<ConnectionState, 'offline' | 'serverDown' | 'socketDown'>>): void;
}
export const useConnection = create<ConnectionState>((set) => ({
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  serverDown: false,
  socketDown: false,
  set: (p) => set(p),
}));

export function reportServerDown(): void {
  if (!useConnection.getState().serverDown) useConnection.getState().set({ serverDown: true });
}
export function reportServerUp(): void {
  if (useConnection.getState().serverDown) useConnection.getState().set({ serverDown: false });
}
