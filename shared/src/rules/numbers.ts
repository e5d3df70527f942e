/**
 * Numbers as Turkish writes them: the percent sign before the number ('%34', not '34 %'),
 * dots between thousands ('1.247'), and a sign only when it says something ('+%12', '%0').
 * Whole numbers only (what the API gives: counts and whole percentages), written by hand as `Intl.NumberFormat('tr-TR')`
 * writes them (rules.test.ts compares): building one formatter costs a phone's browser tens of milliseconds of the
 * first load (the locale's data is loaded then), and `/` and Discover each needed one to three.
 */

/** Rounds half away from zero, as Intl's default `halfExpand`; -0 becomes 0. */
function whole(value: number): number {
  const n = Math.sign(value) * Math.round(Math.abs(value));
  return n === 0 ? 0 : n;
}

/** 1247 → '1.247' (a dot every three digits; the absolute value). */
function grouped(n: number): string {
  const digits = String(Math.abs(n));
  if (digits.length <= 3 || !/^\d+$/.test(digits)) return digits;
  let out = '';
  for (let i = digits.length; i > 0; i -= 3) out = (i > 3 ? '.' : '') + digits.slice(Math.max(0, i - 3), i) + out;
  return out;
}

function write(value: number, { percent = false, signed = false }: { percent?: boolean; signed?: boolean }): string {
  const n = whole(value);
  const sign = n < 0 ? '-' : signed && n > 0 ? '+' : '';
  return `${sign}${percent ? '%' : ''}${grouped(n)}`;
}

/** 34 → '%34' (the argument is a whole percentage, as the API gives it). */
export const formatPercent = (value: number): string => write(value, { percent: true });
/** 12 → '+%12', -5 → '-%5', 0 → '%0': a growth figure. */
export const formatSignedPercent = (value: number): string => write(value, { percent: true, signed: true });
/** 89 → '+89', 0 → '0': an increase. */
export const formatSignedNumber = (value: number): string => write(value, { signed: true });
/** 1247 → '1.247'. */
export const formatNumber = (value: number): string => write(value, {});
