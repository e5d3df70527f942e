import { describe, expect, it } from 'vitest';
import { shouldRaiseNative } from './native-notice';

describe('native notifications follow the server’s showNative', () => {
  it('raise one only when the payload allows it and the page is in the background', () => {
    expect(shouldRaiseNative({ showNative: true }, true)).toBe(true);
    // Quiet hours or the kind's desktop switch off: the server says false, nothing native.
    expect(shouldRaiseNative({ showNative: false }, true)).toBe(false);
    // The page in front shows its own.
    expect(shouldRaiseNative({ showNative: true }, false)).toBe(false);
    // A payload without the flag (an older server) raises nothing rather than ignoring the member's choice.
    expect(shouldRaiseNative({}, true)).toBe(false);
  });
});
