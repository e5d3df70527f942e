import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries in eslint.config.js, proved on inline snippets through ESLint's Node API:
 * each forbidden import fires no-restricted-imports where it must, and the allowed ones do not.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function refused(filePath: string, source: string, ruleId = 'no-restricted-imports'): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === ruleId);
}

const cases: { file: string; source: string; refused: boolean }[] = [
  // shared imports neither side
  { file: 'shared/src/rules/x.ts', source: "export * from '@mahalle/server';", refused: true },
  { file: 'shared/src/rules/x.ts', source: "export * from '../../../server/src/errors';", refused: true },
  { file: 'shared/src/x.ts', source: "export * from '../../desktop/src/renderer/src/api/client';", refused: true },
  { file: 'shared/src/x.ts', source: "export * from './limits';", refused: false },
  // the server never imports the desktop app
  { file: 'server/src/x.ts', source: "export * from '@mahalle/desktop';", refused: true },
  { file: 'server/src/routes/x.ts', source: "export * from '../../../desktop/src/main/app';", refused: true },
  { file: 'server/src/x.ts', source: "export * from '@mahalle/shared';", refused: false },
  // the renderer never imports main or the preload
  { file: 'desktop/src/renderer/src/features/x/Page.tsx', source: "export * from '../../../../main/app';", refused: true },
  { file: 'desktop/src/renderer/src/App.tsx', source: "export * from '../../preload/index';", refused: true },
  { file: 'desktop/src/renderer/src/App.tsx', source: "export { ipcRenderer } from 'electron';", refused: true },
  { file: 'desktop/src/renderer/src/App.tsx', source: "export * from './features/shell/Layout';", refused: false },
  // api/ never imports features/
  { file: 'desktop/src/renderer/src/api/x.ts', source: "export * from '../features/notifications/text';", refused: true },
  { file: 'desktop/src/renderer/src/api/x.ts', source: "export * from '../../../main/app';", refused: true },
  { file: 'desktop/src/renderer/src/api/x.ts', source: "export * from './client';", refused: false },
  // migrations carry their own constants
  { file: 'server/src/db/migrations/20990101000000_x.ts', source: "export { LIMITS } from '@mahalle/shared';", refused: true },
  { file: 'server/src/db/migrations/20990101000000_x.ts', source: "export * from '../../services/users';", refused: true },
  { file: 'server/src/db/migrations/20990101000000_x.ts', source: "export * from '../knex';", refused: true },
  { file: 'server/src/db/migrations/20990101000000_x.ts', source: "export * from './helpers';\nexport * from '../time';", refused: false },
  // the main process and preload take channel names from shared/
  { file: 'desktop/src/preload/index.ts', source: "export { IPC } from '@mahalle/shared/ipc';", refused: false },
];

describe('import boundaries (eslint.config.js)', () => {
  for (const c of cases) {
    it(`${c.refused ? 'refuses' : 'allows'} ${c.source.replace(/\n/g, ' ')} in ${c.file}`, async () => {
      expect(await refused(c.file, c.source)).toBe(c.refused);
    });
  }
});

describe('`any` only in tests', () => {
  const source = 'export const parse = (x: unknown) => x as any;';
  it('refuses it in server and renderer code', async () => {
    expect(await refused('server/src/routes/x.ts', source, '@typescript-eslint/no-explicit-any')).toBe(true);
    expect(await refused('server/src/services/x/y.ts', source, '@typescript-eslint/no-explicit-any')).toBe(true);
    expect(await refused('server/src/presenters/x.ts', source, '@typescript-eslint/no-explicit-any')).toBe(true);
    expect(await refused('desktop/src/renderer/src/features/x/y.tsx', source, '@typescript-eslint/no-explicit-any')).toBe(true);
  });
  it('allows it in a test', async () => {
    expect(await refused('server/src/routes/x.test.ts', source, '@typescript-eslint/no-explicit-any')).toBe(false);
  });
});
