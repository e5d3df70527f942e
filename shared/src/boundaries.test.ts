import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import madge from 'madge';
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
  // the renderer never imports the server; desktop tests and benches reach a real one through @mahalle/server/testing
  { file: 'desktop/src/renderer/src/api/x.test.tsx', source: "export * from '../../../../../server/src/test/harness';", refused: true },
  { file: 'desktop/src/renderer/src/api/x.test.tsx', source: "export * from '@mahalle/server/testing';", refused: false },
  { file: 'desktop/src/renderer/src/features/x/y.test.ts', source: "export * from '@mahalle/server/testing';", refused: false },
  { file: 'desktop/src/renderer/src/features/x/y.test.ts', source: "export * from '@mahalle/server/src/errors';", refused: true },
  { file: 'desktop/src/renderer/src/api/x.ts', source: "export * from '@mahalle/server/testing';", refused: true },
  { file: 'desktop/src/renderer/src/App.tsx', source: "export * from '@mahalle/server';", refused: true },
  { file: 'desktop/bench/x.ts', source: "export * from '../../server/src/server';", refused: true },
  { file: 'desktop/bench/x.ts', source: "export * from '@mahalle/server/testing';", refused: false },
  { file: 'desktop/e2e/x.spec.ts', source: "export * from '../../server/src/test/harness';", refused: true },
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

describe('inside services/, files and not folder barrels', () => {
  const barrel = (file: string, source: string) => refused(file, source, 'mahalle/no-folder-barrel');
  it('refuses a barrel of another service (a folder whose index.ts only re-exports)', async () => {
    expect(await barrel('server/src/services/x.ts', "export { postsQuery } from './posts';")).toBe(true);
    expect(await barrel('server/src/services/admin/x.ts', "export { deleteBlogPost } from '../blog/index';")).toBe(true);
  });
  it('allows files, an index.ts with code of its own, and barrels in routes', async () => {
    expect(await barrel('server/src/services/x.ts', "export { postsQuery } from './posts/posts';")).toBe(false);
    expect(await barrel('server/src/services/blog/x.ts', "export { deleteBlogPost } from './posts';")).toBe(false);
    expect(await barrel('server/src/services/x.ts', "export { search } from './search';")).toBe(false);
    expect(await barrel('server/src/routes/x/index.ts', "export * from '../../services/blog';")).toBe(false);
  });
});

describe('packages the server loads when it uses them', () => {
  const lazy = (file: string, source: string) => refused(file, source, '@typescript-eslint/no-restricted-imports');
  it('refuses importing them at the start of server code', async () => {
    expect(await lazy('server/src/services/mail.ts', "import nodemailer from 'nodemailer';\nexport const m = nodemailer;")).toBe(true);
    expect(await lazy('server/src/db/knex.ts', "import pg from 'pg';\nexport const p = pg;")).toBe(true);
    expect(await lazy('server/src/services/storage/s3.ts', "export { S3Client } from '@aws-sdk/client-s3';")).toBe(true);
  });
  it('allows their types, import(), and static imports in tests and the CLI', async () => {
    expect(await lazy('server/src/services/mail.ts', "import type { Transporter } from 'nodemailer';\nexport type T = Transporter;")).toBe(false);
    expect(await lazy('server/src/services/mail.ts', "export const load = () => import('nodemailer');")).toBe(false);
    expect(await lazy('server/src/services/mail.test.ts', "import nodemailer from 'nodemailer';\nexport const m = nodemailer;")).toBe(false);
    expect(await lazy('server/src/cli/commands/x.ts', "import pg from 'pg';\nexport const p = pg;")).toBe(false);
  });
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

/**
 * No import goes round in a circle (CONVENTIONS.md: no two files import each other, directly or
 * around a circle). madge rather than eslint-plugin-import-x's `no-cycle`: madge follows
 * `import type` as well (no-cycle leaves type imports out, and a circle of types is still two
 * files that each need the other to be understood), and it builds each graph once, where no-cycle
 * walks it again from every file `eslint .` lints. A failure names the files of each circle.
 */
describe('no import cycles', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const trees = [
    { dir: 'server/src', tsConfig: 'server/tsconfig.json' },
    { dir: 'desktop/src/renderer/src', tsConfig: 'desktop/tsconfig.json' },
  ];
  for (const tree of trees) {
    it(`in ${tree.dir}`, { timeout: 120_000 }, async () => {
      const graph = await madge(`${root}/${tree.dir}`, {
        baseDir: root,
        fileExtensions: ['ts', 'tsx'],
        tsConfig: `${root}/${tree.tsConfig}`,
      });
      expect(graph.circular().map((circle) => circle.join(' → '))).toEqual([]);
      // Only packages go unread: a relative import madge could not resolve would hide its edges. A file read as text
      // (vite's `?raw` or `?inline`: the server renderer's style sheets) has none.
      expect(graph.warnings().skipped.filter((name) => name.startsWith('.') && !/\?(raw|inline)$/.test(name))).toEqual([]);
    });
  }
});
