// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import { RECORDED_MAP_TOKENS } from './theme-tokens';
import { algorithmOf, mapTokensOf, seedKey, themeConfig, themeTokens, type ThemeMode } from './theme';

/** The design tokens a component under a ConfigProvider with this theme reads. */
function tokensUnder(theme: ThemeConfig): Record<string, unknown> {
  let seen: Record<string, unknown> = {};
  function Probe() {
    seen = antTheme.useToken().token as unknown as Record<string, unknown>;
    return null;
  }
  render(
    <ConfigProvider theme={theme}>
      <Probe />
    </ConfigProvider>,
  );
  return seen;
}

describe.each(['light', 'dark'] as ThemeMode[])('the %s theme’s written-out token map', (mode) => {
  it('is what antd’s algorithm derives from the seed today (rewrite with `npx tsx desktop/scripts/theme-tokens.ts`)', () => {
    expect(RECORDED_MAP_TOKENS[mode]).toEqual(mapTokensOf(mode));
    expect(Object.keys(RECORDED_MAP_TOKENS[mode].map).length).toBeGreaterThan(400);
  });

  it('is the one the app’s ConfigProvider asks for: antd passes exactly the recorded seed', () => {
    const asked: string[] = [];
    tokensUnder({
      ...themeTokens(mode),
      algorithm: (seed, map) => {
        asked.push(seedKey(seed));
        return algorithmOf(mode)(seed, map);
      },
    });
    expect(asked).toContain(RECORDED_MAP_TOKENS[mode].seed);
  });

  it('gives components the same tokens as antd’s own algorithm', () => {
    const ours = tokensUnder(themeConfig(mode));
    const antds = tokensUnder({ ...themeTokens(mode), algorithm: algorithmOf(mode) });
    expect(Object.keys(ours).length).toBeGreaterThan(400);
    expect(ours).toEqual(antds);
  });

  it('with reduced motion, gives the same tokens as antd’s algorithm with motion off', () => {
    const reduced = themeConfig(mode, true);
    const ours = tokensUnder(reduced);
    const base = themeTokens(mode);
    const antds = tokensUnder({ ...base, token: { ...base.token, motion: false }, algorithm: algorithmOf(mode) });
    expect(ours.motion).toBe(false);
    expect(ours).toEqual(antds);
  });
});
