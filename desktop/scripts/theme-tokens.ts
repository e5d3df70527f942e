/**
 * Rewrites desktop/src/renderer/src/theme-tokens.ts: what antd's theme algorithm derives from each mode's seed, so that
 * the browser does not derive it on every start (theme.ts, recordedAlgorithm). Run from the repository root after a
 * palette change or an antd upgrade (theme.test.ts fails until then):
 *   npx tsx desktop/scripts/theme-tokens.ts
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mapTokensOf } from '../src/renderer/src/theme';

const file = fileURLToPath(new URL('../src/renderer/src/theme-tokens.ts', import.meta.url));
const modes = { light: mapTokensOf('light'), dark: mapTokensOf('dark') };
fs.writeFileSync(
  file,
  `/* Written by desktop/scripts/theme-tokens.ts: antd's token map for each mode's seed (see theme.ts, recordedAlgorithm). */
export const RECORDED_MAP_TOKENS: Record<'light' | 'dark', { seed: string; map: Record<string, string | number | boolean> }> = ${JSON.stringify(modes, null, 2)};
`,
);
console.log(`${file}: ${Object.keys(modes.light.map).length} tokens per mode`);
