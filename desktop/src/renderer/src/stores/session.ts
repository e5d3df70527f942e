import { create } from 'zustand';
import type { CurrentUser } from '@mahalle/shared';
import { isServerRendered } from '../ssr/document';

/** Who is signed in: undefined while the session call is under way, null when signed out. */
interface SessionState {
  user: CurrentUser | null | undefined;
  setUser(user: CurrentUser | null): void;
}
/**
 * A page the server drew is a visitor's (ssr/): known from the start, on the server and in the hydrating browser alike
 * (a store's first state is what both render while hydrating).
 */
const initialUser = typeof document === 'undefined' || isServerRendered() ? null : undefined;
export const useSession = create<SessionState>((set) => ({
  user: initialUser,
  setUser: (user) => set({ user }),
}));

export const THEME_KEY = 'mahalle-theme';
type Theme = 'light' | 'dark';
function initialTheme(): Theme {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(THEME_KEY) : null;
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
interface ThemeState {
  theme: Theme;
  toggle(): void;
}
export const useTheme = create<ThemeState>((set, get) => ({
  theme: initialTheme(),
  toggle: () => {
    const theme = get().theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
}));

/** Unread counts pushed by the socket. */
interface CountsState {
  notifications: number;
  messages: number;
  reports: number;
  connected: boolean;
  set(p: Partial<Omit<CountsState, 'set'>>): void;
}
export const useCounts = create<CountsState>((set) => ({
  notifications: 0,
  messages: 0,
  reports: 0,
  connected: false,
  set: (p) => set(p),
}));

/** UI state shared across the shell. */
interface UiState {
  /** Above 0 while a request to focus the composer waits for a composer to take it. */
  composerFocusTick: number;
  focusComposer(): void;
  composerFocused(): void;
  mobileMenuOpen: boolean;
  setMobileMenu(open: boolean): void;
}
export const useUi = create<UiState>((set) => ({
  composerFocusTick: 0,
  focusComposer: () => set((s) => ({ composerFocusTick: s.composerFocusTick + 1 })),
  composerFocused: () => set({ composerFocusTick: 0 }),
  mobileMenuOpen: false,
  setMobileMenu: (open) => set({ mobileMenuOpen: open }),
}));
