import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { antdCssFiles, antdStylesOf } from './antd-styles';

const dir = fileURLToPath(new URL('./antd-css/', import.meta.url));

describe("antd's rules written out for zero-runtime mode (antd-css/)", () => {
  // Rendering every component the app uses takes seconds on a busy machine.
  const files = antdCssFiles();

  it('are what antd writes today for our theme (rewrite them with `npx tsx desktop/scripts/antd-styles.ts`)', () => {
    expect(fs.readdirSync(dir).sort()).toEqual(Object.keys(files).sort());
    for (const [name, css] of Object.entries(files)) expect(fs.readFileSync(path.join(dir, name), 'utf8'), name).toBe(css);
  });

  it('are the same in light and dark: the theme reaches them only through CSS variables', () => {
    const light = antdStylesOf('light');
    const dark = antdStylesOf('dark');
    expect(Object.keys(dark)).toEqual(Object.keys(light));
    for (const folder of Object.keys(light)) expect(dark[folder], folder).toBe(light[folder]);
  }, 60_000);

  it('carry the rules of the components the app draws on every page', () => {
    expect(files['core.css']).toContain('.anticon{');
    expect(files['button.css']).toContain('.ant-btn{');
    expect(files['modal.css']).toContain('.ant-modal-confirm');
    expect(files['message.css']).toContain('.ant-message');
    expect(files['notification.css']).toContain('.ant-notification');
  });
});
