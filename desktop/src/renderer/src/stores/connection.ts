import { create } from 'zustand';

/** Whether the server answers HTTP and whether the socket is up: drives the connection banner. */
interface ConnectionState {
  serverDown: boolean;
  socketDown: boolean;
  set(p: Partial<Pick<ConnectionState, 'serverDown' | 'socketDown'>>): void;
}
export const useConnection = create<ConnectionState>((set) => ({
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
