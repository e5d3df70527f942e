/**
 * Numbers as Turkish writes them: the percent sign before the number ('%34', not '34 %'),
 * dots between thousands ('1.247'), and a sign only when it says something ('+%12', '%0').
 */
const percent = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0 });
const signedPercent = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedNumber = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const plainNumber = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/** 34 → '%34' (the argument is a whole percentage, as the API gives it). */
export const formatPercent = (value: number): string => percent.format(value / 100);
/** 12 → '+%12', -5 → '-%5', 0 → '%0': a growth figure. */
export const formatSignedPercent = (value: number): string => signedPercent.format(value / 100);
/** 89 → '+89', 0 → '0': an increase. */
export const formatSignedNumber = (value: number): string => signedNumber.format(value);
/** 1247 → '1.247'. */
export const formatNumber = (value: number): string => plainNumber.format(value);
