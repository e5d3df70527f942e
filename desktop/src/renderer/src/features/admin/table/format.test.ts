import { describe, expect, it } from 'vitest';
import { describeChange } from './format';

describe('audit log change text', () => {
  it('shows only the fields an edit changed, before and after', () => {
    expect(describeChange({ role: 'user', isVerified: false }, { role: 'user', isVerified: true })).toBe('isVerified: false → true');
    expect(describeChange({ bio: null }, { bio: 'Merhaba' })).toBe('bio: null → "Merhaba"');
    expect(describeChange({ a: 1 }, { a: 1 })).toBe('Değişiklik yok');
  });

  it('shows what a deleted or created record held, shortening long text', () => {
    expect(describeChange({ content: 'x'.repeat(80), authorId: 3 }, null)).toBe(`content: "${'x'.repeat(60)}…" · authorId: 3`);
    expect(describeChange(null, { targetType: 'post', targetId: 5 })).toBe('targetType: "post" · targetId: 5');
    expect(describeChange(null, null)).toBe('—');
  });
});
