/**
 * Rewrites desktop/src/renderer/src/antd-css/: the styles of every antd component the app uses, as antd's CSS-in-JS
 * would write them at runtime for our theme, one file per antd folder (see src/renderer/src/antd-styles.tsx). The app
 * runs antd in zero-runtime mode and the build attaches each file to the component's own style module, so a phone
 * neither generates nor inserts them on start, and a page fetches only the files of the components it draws. Run from
 * the repository root after an antd upgrade or when the app starts using another antd component (antd-styles.test.ts
 * fails until then):
 *   npx tsx desktop/scripts/antd-styles.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { antdCssFiles } from '../src/renderer/src/antd-styles';

const dir = fileURLToPath(new URL('../src/renderer/src/antd-css/', import.meta.url));
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const files = antdCssFiles();
for (const [name, css] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), css);
console.log(`${dir}: ${Object.keys(files).length} files, ${(Object.values(files).join('').length / 1024).toFixed(0)} KiB`);
