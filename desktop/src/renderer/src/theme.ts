import { theme as antTheme, type ThemeConfig } from 'antd';
import type { MappingAlgorithm } from 'antd/es/theme/interface';
import { readableOn } from '@mahalle/shared';
import { RECORDED_MAP_TOKENS } from './theme-tokens';

export type ThemeMode = 'light' | 'dark';

/**
 * Mahalle's one palette: the violet of the logo's gradient (with its pink accent) for brand, links and the
 * active state, neutral greys for text. Every colour here that is drawn as text reaches WCAG AA (4.5:1) on the
 * surfaces of its theme (theme.test.ts computes each ratio). antd derives the rest from these.
 */
export const PALETTE = {
  light: {
    /** Page (layout), cards and popups. */
    surfaces: ['#ffffff', '#f5f5f5'],
    brand: '#6d28d9',
    accent: '#be185d',
    link: '#6d28d9',
    linkHover: '#7c3aed',
    linkActive: '#5b21b6',
    textSecondary: '#595959',
    textTertiary: '#666666',
    error: '#cf1322',
    success: '#237804',
    warning: '#ad4e00',
    /** Solid badges (counts, 'Admin') under white text. */
    badge: '#cf1322',
  },
  dark: {
    surfaces: ['#141414', '#000000', '#1f1f1f'],
    /** Seed of the primary buttons' background: white text stays readable on what the dark algorithm makes of it. */
    brand: '#7c3aed',
    accent: '#be185d',
    link: '#b794f6',
    linkHover: '#c4b5fd',
    linkActive: '#a78bfa',
    textSecondary: '#a6a6a6',
    textTertiary: '#999999',
    error: '#ff7875',
    success: '#73d13d',
    warning: '#ffc53d',
    badge: '#cf1322',
  },
} as const;

/** A chosen colour (group, category) as text in this theme: same hue, lightness moved until it is readable. */
export function textColorFor(color: string, mode: ThemeMode): string {
  return readableOn(color, PALETTE[mode].surfaces);
}

/** Background and text of a tag tinted with a chosen colour, readable in this theme. */
export function tintedTag(color: string, mode: ThemeMode): { background: string; color: string } {
  const background = mode === 'dark' ? mix(color, PALETTE.dark.surfaces[0], 0.22) : mix(color, '#ffffff', 0.1);
  return { background, color: readableOn(color, [background, ...PALETTE[mode].surfaces]) };
}

function mix(color: string, base: string, weight: number): string {
  const ch = (hex: string, i: number) =>
    parseInt(
      hex
        .replace('#', '')
        .padEnd(6, '0')
        .slice(i, i + 2),
      16,
    );
  const full = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
  const [c, b] = [full(color), full(base)];
  if (!/^#[0-9a-f]{6}/i.test(c)) return base;
  return `#${[0, 2, 4]
    .map((i) =>
      Math.round(ch(c, i) * weight + ch(b, i) * (1 - weight))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const PRESET_TAG_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/**
 * Preset tags (`<Tag color="green">`) draw shade 7 on shade 1 of antd's palettes: that text darkened or lightened where
 * it falls short. Deriving it needs a second run of antd's theme algorithm and some 26 contrast searches, which a
 * phone did on every start before anything was drawn: the results are written out below (PRESET_TAG_TEXTS), and
 * theme.test.ts checks that they are what this computes.
 */
export function presetTagTexts(mode: ThemeMode): Record<string, string> {
  const p = PALETTE[mode];
  const algorithm = mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm;
  const derived = antTheme.getDesignToken({ algorithm, token: seedOf(mode) }) as unknown as Record<string, string>;
  return Object.fromEntries(
    PRESET_TAG_COLORS.flatMap((c) => {
      const shade7 = derived[`${c}7`];
      const shade1 = derived[`${c}1`];
      if (shade7 === undefined || shade1 === undefined) return []; // a palette antd does not have: its tags keep antd's colours
      return [[c, readableOn(shade7, [shade1, ...p.surfaces])]];
    }),
  );
}

/** What presetTagTexts gives for each mode (theme.test.ts recomputes it: update it from there when the palette changes). */
export const PRESET_TAG_TEXTS: Record<ThemeMode, Record<string, string>> = {
  light: {
    blue: '#0958d9',
    purple: '#531dab',
    cyan: '#077b7f',
    green: '#2c7d0a',
    magenta: '#c41d7f',
    pink: '#c41d7f',
    red: '#cf1322',
    orange: '#ad5707',
    yellow: '#856f04',
    volcano: '#cf370d',
    geekblue: '#1d39c4',
    lime: '#567c03',
    gold: '#986204',
  },
  dark: {
    blue: '#3c89e8',
    purple: '#9d71d5',
    cyan: '#33bcb7',
    green: '#6abe39',
    magenta: '#e0529c',
    pink: '#e0529c',
    red: '#e95052',
    orange: '#e89a3c',
    yellow: '#e8d639',
    volcano: '#e87040',
    geekblue: '#6381e3',
    lime: '#a9d134',
    gold: '#e8b339',
  },
};

function seedOf(mode: ThemeMode) {
  const p = PALETTE[mode];
  return {
    colorPrimary: p.brand,
    colorInfo: p.brand,
    colorLink: p.link,
    colorError: p.error,
    colorSuccess: p.success,
    colorWarning: p.warning,
    borderRadius: 10,
  };
}

const cache = new Map<string, ThemeConfig>();

/** antd's algorithm of a mode, as it derives the whole token map (colours, sizes, shades) from the seed. */
export const algorithmOf = (mode: ThemeMode): MappingAlgorithm => (mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm);

/** What antd's algorithm is given for a mode's theme (its default seed under our tokens), as a string to compare. */
export const seedKey = (seed: object): string => JSON.stringify(seed);

/**
 * The mode's algorithm with its answer for our own seed written out (theme-tokens.ts): deriving the ~440 tokens (colour
 * palettes and all) was a phone's biggest single step of antd's theme on every start, before anything was drawn. Any
 * other seed (a nested theme, a changed palette before the file is rewritten) is derived as usual; theme.test.ts checks
 * that the written answer is what antd computes today (rewrite it with `npx tsx desktop/scripts/theme-tokens.ts`).
 */
function recordedAlgorithm(mode: ThemeMode): MappingAlgorithm {
  const real = algorithmOf(mode);
  const recorded = RECORDED_MAP_TOKENS[mode];
  return (seed, mapToken) => {
    // `motion` only passes through antd's algorithm (no other token depends on it): a member who asked for less motion
    // gets the written answer too, with motion off.
    if (mapToken === undefined && seedKey({ ...seed, motion: true }) === recorded.seed) {
      return { ...recorded.map, motion: seed.motion } as unknown as ReturnType<MappingAlgorithm>;
    }
    return real(seed, mapToken);
  };
}

/** The class that carries the theme's CSS variables (`--ant-…`); App.tsx puts it on the root, so plain elements read them too. */
export const THEME_VARS = 'mahalle-theme';

/**
 * The ConfigProvider theme of a mode, built once. `reduceMotion` (the system's "reduce motion" setting) turns antd's
 * motion off: dialogs, drawers, toasts and menus appear and go without zooming or sliding, as our own CSS already does
 * under `prefers-reduced-motion`.
 */
export function themeConfig(mode: ThemeMode, reduceMotion = false): ThemeConfig {
  const key = `${mode}:${reduceMotion}`;
  const hit = cache.get(key);
  if (hit) return hit;
  // Zero-runtime: antd's components generate no styles in the browser; the build ships them (antd-css/, see
  // desktop/antd-css.config.ts). antd still writes the theme's values as CSS variables, which those rules read.
  const base = themeTokens(mode);
  const config: ThemeConfig = {
    ...base,
    token: reduceMotion ? { ...base.token, motion: false } : base.token,
    algorithm: recordedAlgorithm(mode),
    zeroRuntime: true,
  };
  cache.set(key, config);
  return config;
}

/** The theme of a mode without its algorithm (the tokens and component tokens we set), from which themeConfig derives. */
export function themeTokens(mode: ThemeMode): ThemeConfig {
  const p = PALETTE[mode];
  const seed = seedOf(mode);
  // antd keeps each shade twice ('green7', and 'green-7' behind the CSS variable the tag reads): set both.
  const tagTexts = Object.fromEntries(
    Object.entries(PRESET_TAG_TEXTS[mode]).flatMap(([c, text]) => [
      [`${c}7`, text],
      [`${c}-7`, text],
    ]),
  );
  const text = { itemSelectedColor: p.link, itemHoverColor: p.linkHover, itemActiveColor: p.linkActive };
  return {
    cssVar: { key: THEME_VARS },
    // One theme at a time and the CSS variables carry its values: antd's hash class on every component (and the
    // hashing of each style it registers on the first load) buys nothing here.
    hashed: false,
    token: {
      ...seed,
      ...tagTexts,
      colorLinkHover: p.linkHover,
      colorLinkActive: p.linkActive,
      colorPrimaryText: p.link,
      colorPrimaryTextHover: p.linkHover,
      colorPrimaryTextActive: p.linkActive,
      colorTextSecondary: p.textSecondary,
      colorTextTertiary: p.textTertiary,
      colorTextDescription: p.textTertiary,
      colorErrorText: p.error,
      colorSuccessText: p.success,
      colorWarningText: p.warning,
    },
    // Where antd draws the primary colour as text (the selected menu item, the active tab and page), the dark
    // theme needs the light violet of links: its primary colour is a background for white text.
    components:
      mode === 'dark'
        ? {
            Menu: { itemSelectedColor: p.link },
            Tabs: { ...text, inkBarColor: p.link },
            Pagination: { itemActiveColor: p.link, itemActiveColorHover: p.linkHover },
            Badge: { colorError: p.badge },
          }
        : undefined,
  };
}

/** What antd's algorithm derives from a mode's seed today: theme-tokens.ts writes it out (see recordedAlgorithm). */
export function mapTokensOf(mode: ThemeMode): { seed: string; map: Record<string, string | number | boolean> } {
  const seed = { ...antTheme.defaultSeed, ...themeTokens(mode).token };
  return { seed: seedKey(seed), map: algorithmOf(mode)(seed) as unknown as Record<string, string | number | boolean> };
}
