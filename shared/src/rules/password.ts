import { LIMITS } from '../limits';

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Score out of 5 (000 §5): length ≥ 8, lowercase, uppercase, digit, special character. */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= LIMITS.passwordStrongMinLength) score++;
  if (/[a-zçğıöşü]/.test(password)) score++;
  if (/[A-ZÇĞİÖŞÜ]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9çğıöşüÇĞİÖŞÜ]/.test(password)) score++;
  return score;
}

/** weak below 2, medium 2 to 3, strong 4 or more (000 §4). */
export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score < 2) return 'weak';
  if (score < 4) return 'medium';
  return 'strong';
}

export function isPasswordAcceptable(password: string): boolean {
  return password.length >= LIMITS.passwordInputMin && passwordStrength(password) !== 'weak';
}
