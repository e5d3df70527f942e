import { describe, expect, it } from 'vitest';
import { isCommonPassword, loadCommonPasswords, requireCommonPasswords } from './password';

// Its own file: the list and the server's requirement are the module's state.
describe('the server requiring the common-password list', () => {
  it('makes a check before the list has loaded throw instead of passing, and checks once it has', async () => {
    expect(isCommonPassword('abc123')).toBe(false); // the UI before its chunk has come: the server will say it
    requireCommonPasswords();
    expect(() => isCommonPassword('abc123')).toThrow(/not loaded/);
    await loadCommonPasswords();
    expect(isCommonPassword('abc123')).toBe(true);
    expect(isCommonPassword('Ş3hrin-Kuşları-2026')).toBe(false);
  });
});
