/**
 * WCAG 2.1 colour contrast, and the nearest readable shade of a colour: group, category and tag colours are chosen
 * by people, so the UI shows them as text only through `readableOn`, which keeps the hue and moves the lightness
 * until the text reaches the AA ratio (4.5:1) on every surface it may sit on.
 */

/** AA for normal text. */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (an alpha part is ignored) to 0–255 channels; null when it is not a hex colour. */
export function parseHexColor(color: string): Rgb | null {
  const m = /^#?([0-9a-f]{3,8})$/i.exec(color.trim());
  let hex = m?.[1];
  if (hex === undefined) return null;
  if (hex.length === 3 || hex.length === 4) hex = [...hex.slice(0, 3)].map((c) => c + c).join('');
  if (hex.length !== 6 && hex.length !== 8) return null;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminanceOf([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  return luminanceOf(rgb);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/**
 * The colour itself when it reaches `min` on every background, else the same hue made darker (on light
 * backgrounds) or lighter (on dark ones) just enough; black or white at the end of the scale. A colour that is
 * not hex comes back unchanged.
 */
export function readableOn(color: string, backgrounds: string | readonly string[], min = AA_TEXT): string {
  const rgb = parseHexColor(color);
  const bgs = (typeof backgrounds === 'string' ? [backgrounds] : backgrounds).map((b) => {
    const parsed = parseHexColor(b);
    if (!parsed) throw new Error(`not a hex colour: ${b}`);
    return toHex(parsed);
  });
  if (!rgb) return color;
  const hex = toHex(rgb);
  const worst = (c: string) => Math.min(...bgs.map((b) => contrastRatio(c, b)));
  if (worst(hex) >= min) return hex;
  const darken = bgs.reduce((sum, b) => sum + relativeLuminance(b), 0) / bgs.length > 0.18;
  const [h, s, l] = rgbToHsl(rgb);
  for (let step = 1; step <= 100; step += 1) {
    const next = darken ? l - step / 100 : l + step / 100;
    if (next <= 0 || next >= 1) break;
    const candidate = toHex(hslToRgb([h, s, next]));
    if (worst(candidate) >= min) return candidate;
  }
  return darken ? '#000000' : '#ffffff';
}

/** Black or white, whichever reads better on a solid background of this colour (text on a coloured badge). */
export function textOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}
