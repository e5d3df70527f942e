import { describe, expect, it } from 'vitest';
import { anyDialogOpen, isTypingTarget, moveSelection, triageCommand, TRIAGE_SHORTCUTS, type KeyLike } from './keys';

const row = { tagName: 'LI', getAttribute: (n: string) => (n === 'role' ? 'option' : null) };
const press = (key: string, more: Partial<KeyLike> = {}): KeyLike => ({ key, ctrlKey: false, metaKey: false, altKey: false, target: row, ...more });
const open = { dialogOpen: false };

describe('review queue keys', () => {
  it('maps each letter to its command, whatever the case', () => {
    expect(TRIAGE_SHORTCUTS.map((s) => [s.key, triageCommand(press(s.key), open)])).toEqual([
      ['j', 'next'],
      ['k', 'prev'],
      ['a', 'approve'],
      ['h', 'hide'],
      ['w', 'warn'],
      ['s', 'suspend'],
      ['u', 'undo'],
      ['x', 'toggle'],
      ['?', 'help'],
    ]);
    expect(triageCommand(press('A'), open)).toBe('approve');
    expect(triageCommand(press('q'), open)).toBeNull();
    expect(triageCommand(press('Enter'), open)).toBeNull();
  });

  it('does nothing while typing, in a dialog, or with a modifier held', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'input']) expect(triageCommand(press('a', { target: { tagName } }), open)).toBeNull();
    expect(triageCommand(press('a', { target: { tagName: 'DIV', isContentEditable: true } }), open)).toBeNull();
    expect(triageCommand(press('h', { target: { tagName: 'DIV', getAttribute: () => 'combobox' } }), open)).toBeNull();
    expect(triageCommand(press('a'), { dialogOpen: true })).toBeNull();
    expect(triageCommand(press('a', { ctrlKey: true }), open)).toBeNull();
    expect(triageCommand(press('a', { metaKey: true }), open)).toBeNull();
    expect(triageCommand(press('a', { altKey: true }), open)).toBeNull();
    expect(triageCommand(press('a', { isComposing: true }), open)).toBeNull();
    expect(triageCommand(press('a', { defaultPrevented: true }), open)).toBeNull();
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(row)).toBe(false);
  });

  it('repeats only movement when a key is held down', () => {
    expect(triageCommand(press('j', { repeat: true }), open)).toBe('next');
    expect(triageCommand(press('k', { repeat: true }), open)).toBe('prev');
    expect(triageCommand(press('a', { repeat: true }), open)).toBeNull();
    expect(triageCommand(press('x', { repeat: true }), open)).toBeNull();
  });

  it('moves the selection within the list', () => {
    expect(moveSelection(-1, 'next', 3)).toBe(0);
    expect(moveSelection(-1, 'prev', 3)).toBe(0);
    expect(moveSelection(0, 'next', 3)).toBe(1);
    expect(moveSelection(2, 'next', 3)).toBe(2);
    expect(moveSelection(0, 'prev', 3)).toBe(0);
    expect(moveSelection(1, 'next', 0)).toBe(-1);
  });

  it('sees an open dialog, not a closed one kept hidden', () => {
    const el = (shown: boolean) => ({ getClientRects: () => ({ length: shown ? 1 : 0 }) });
    expect(anyDialogOpen({ querySelectorAll: () => [el(false)] })).toBe(false);
    expect(anyDialogOpen({ querySelectorAll: () => [el(false), el(true)] })).toBe(true);
    expect(anyDialogOpen({ querySelectorAll: () => [] })).toBe(false);
  });
});
