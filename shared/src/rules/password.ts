import { LIMITS } from '../limits';

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Score out of 5, one point each: length ≥ 8, lowercase, uppercase, digit, special character. */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= LIMITS.passwordStrongMinLength) score++;
  if (/[a-zçğıöşü]/.test(password)) score++;
  if (/[A-ZÇĞİÖŞÜ]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9çğıöşüÇĞİÖŞÜ]/.test(password)) score++;
  return score;
}

/** The meter shown under the password field: weak below 2, medium 2 to 3, strong 4 or more. */
export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score < 2) return 'weak';
  if (score < 4) return 'medium';
  return 'strong';
}

export function isPasswordAcceptable(password: string): boolean {
  return password.length >= LIMITS.passwordInputMin && passwordStrength(password) !== 'weak';
}

/*
 * The most common passwords (zxcvbn-ts's list, about 50,000, lower case), refused on top of the
 * strength rule: 'abc123' scores medium (a lowercase letter and a digit) yet is among the first
 * a guesser tries. The list is large, so it is not part of this package's bundle: the UI loads it
 * (a separate chunk) when the register form opens, and until then nothing counts as common; the
 * server loads it with the first new password it checks (requireCommonPasswords), so it refuses.
 */
let commonPasswords: ReadonlySet<string> | null = null;
let required = false;

/**
 * The server's side: from now on a check before the list is loaded throws instead of letting a
 * common password through (a path that forgot `await loadCommonPasswords()` fails its tests).
 */
export function requireCommonPasswords(): void {
  required = true;
}

export function setCommonPasswords(list: Iterable<string>): void {
  commonPasswords = new Set(list);
}

export function isCommonPassword(password: string): boolean {
  if (!commonPasswords && required) throw new Error('the common-password list is not loaded: await loadCommonPasswords() before checking a new password');
  return commonPasswords?.has(password.toLowerCase()) ?? false;
}

let loading: Promise<void> | null = null;

/** Loads the list on demand (a dynamic import, so bundlers keep it out of the first chunk). */
export function loadCommonPasswords(): Promise<void> {
  if (commonPasswords) return Promise.resolve();
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => setCommonPasswords(dictionary['passwords-common']));
  return loading;
}
