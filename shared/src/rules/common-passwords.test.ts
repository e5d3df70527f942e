import { describe, expect, it } from 'vitest';
import { isCommonPassword, isPasswordAcceptable, loadCommonPasswords } from './password';
import { registerSchema } from '../schemas/auth';

const registration = (password: string) => ({
  displayName: 'A',
  username: 'abc_def',
  email: 'a@ornek.com',
  password,
  confirmPassword: password,
  acceptTerms: true,
  acceptPrivacy: true,
});

describe('common passwords', () => {
  it('are loaded on demand, then refused by the register rule whatever their case', async () => {
    // Strength alone lets abc123 through (a lowercase letter and a digit: medium).
    expect(isPasswordAcceptable('abc123')).toBe(true);
    await loadCommonPasswords();
    expect(isCommonPassword('abc123')).toBe(true);
    expect(isCommonPassword('ABC123')).toBe(true);
    expect(isCommonPassword('Guclu.Sifre1')).toBe(false);
    const result = registerSchema.safeParse(registration('abc123'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], params: { code: 'common_password' } });
    expect(registerSchema.safeParse(registration('Guclu.Sifre1')).success).toBe(true);
  });
});
