/**
 * The review queue's keyboard: one letter per decision, read from `KeyboardEvent.key` (so a Turkish Q or F layout types
 * the same letters). Kept free of React and the DOM's globals so the rules below are tested in Node.
 */
export type TriageCommand = 'next' | 'prev' | 'approve' | 'hide' | 'warn' | 'suspend' | 'undo' | 'toggle' | 'help';

/** Every shortcut in the order the help dialog lists them. */
export const TRIAGE_SHORTCUTS: readonly { key: string; command: TriageCommand }[] = [
  { key: 'j', command: 'next' },
  { key: 'k', command: 'prev' },
  { key: 'a', command: 'approve' },
  { key: 'h', command: 'hide' },
  { key: 'w', command: 'warn' },
  { key: 's', command: 'suspend' },
  { key: 'u', command: 'undo' },
  { key: 'x', command: 'toggle' },
  { key: '?', command: 'help' },
];

const BY_KEY = new Map(TRIAGE_SHORTCUTS.map((s) => [s.key, s.command]));

/** What of a key event the rules read (a DOM KeyboardEvent fits). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: unknown;
}

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

const TYPING_ROLES = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton']);

/** Typing into a field, a select's search or an editable area: letters are text there, not commands. */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const el = target as ElementLike;
  const tag = el.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (el.isContentEditable) return true;
  const role = el.getAttribute?.('role');
  return !!role && TYPING_ROLES.has(role);
}

/**
 * The command a key press asks for, or null: nothing while typing, while a dialog is open (its own keys are Enter and
 * Escape), with Ctrl/⌘/Alt held (the browser's and the system's shortcuts stay theirs), or for a held-down key's repeats
 * of a decision (holding `a` must not approve a screenful; holding `j` may scroll).
 */
export function triageCommand(e: KeyLike, { dialogOpen }: { dialogOpen: boolean }): TriageCommand | null {
  if (dialogOpen || e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  const command = BY_KEY.get(e.key.length === 1 ? e.key.toLowerCase() : e.key) ?? null;
  if (e.repeat && command !== 'next' && command !== 'prev') return null;
  return command;
}

/** A dialog is open somewhere on the page (antd's modals keep a closed one in the DOM, hidden). */
export function anyDialogOpen(doc: { querySelectorAll(sel: string): ArrayLike<{ getClientRects(): { length: number } }> }): boolean {
  return Array.from(doc.querySelectorAll('[aria-modal="true"]')).some((el) => el.getClientRects().length > 0);
}

/** The selection after `j`/`k`: stays inside the list, starts at the top when nothing was selected. */
export function moveSelection(index: number, command: 'next' | 'prev', length: number): number {
  if (length === 0) return -1;
  if (index < 0) return 0;
  return Math.min(length - 1, Math.max(0, index + (command === 'next' ? 1 : -1)));
}
