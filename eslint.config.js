import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Boundaries between the parts (CONVENTIONS.md): each entry is a no-restricted-imports pattern
 * (`regex` on the import string). shared/src/boundaries.test.ts proves every one fires.
 */
const noImport = (regex, message) => ({ regex, message });
const BOUNDARIES = {
  shared: [
    noImport('^@mahalle/(server|desktop)(/|$)', 'shared/ imports neither the server nor the desktop app.'),
    noImport('(^|/)(server|desktop)/', 'shared/ imports neither the server nor the desktop app.'),
  ],
  server: [
    noImport('^@mahalle/desktop(/|$)', 'The server never imports the desktop app.'),
    noImport('(^|/)desktop/', 'The server never imports the desktop app.'),
  ],
  // Tests and benches under desktop/ that need a real server start it through @mahalle/server/testing.
  desktop: [noImport('^\\.{1,2}/(.*/)?server/', 'desktop/ never reaches into server/ by path; tests and benches use @mahalle/server/testing.')],
  rendererServer: [noImport('^@mahalle/server(/|$)', 'The renderer never imports the server.')],
  rendererTestServer: [noImport('^@mahalle/server(?!/testing$)(/|$)', 'A renderer test that needs a real server starts it through @mahalle/server/testing.')],
  renderer: [
    noImport('^electron(/|$)', 'The renderer reaches the OS only through the platform bridge.'),
    noImport('^(\\.\\./)+(main|preload)(/|$)', 'The renderer never imports the main process or the preload; use the platform bridge.'),
    noImport('(^|/)desktop/src/(main|preload)(/|$)', 'The renderer never imports the main process or the preload; use the platform bridge.'),
  ],
  rendererApi: [noImport('(^|/)features(/|$)', 'api/ never imports features/: screens use the API, not the other way round.')],
  migrations: [
    noImport('^@mahalle/', 'A migration carries its own constants: a landed migration never changes.'),
    noImport('^\\.\\./(?!time$)', 'A migration imports only knex, ./helpers and ../time, so a landed migration never changes.'),
  ],
};
const restrict = (...groups) => ({ 'no-restricted-imports': ['error', { patterns: groups.flat() }] });

/**
 * Packages the server loads with `import()` where it uses them, never at start: a node that never
 * sends mail or pushes, keeps files on disk or runs on SQLite keeps them out of its memory (about
 * 15 MiB of heap in all; docs/deploy.md §9). Types may be imported.
 */
const LOADED_ON_USE = ['@aws-sdk/client-s3', 'pg', '@socket.io/postgres-adapter', 'nodemailer', 'web-push', 'tar'].map((name) => ({
  name,
  message: `Load ${name} with import() where it is used, not at the server's start (only its types may be imported): eslint.config.js, LOADED_ON_USE.`,
  allowTypeImports: true,
}));

/**
 * Inside services/, a file imports the files of another service it uses, not that service
 * folder's index.ts: a barrel pulls in every file of its folder, and that is how services ended
 * up importing each other in circles.
 * A barrel is a folder whose index.ts only re-exports (`export ... from`); the rule resolves the
 * import on disk rather than matching names (blog/posts.ts and the posts/ folder share one), and
 * an index.ts with code of its own (search/index.ts, config/index.ts) is a module like any other.
 * Routes keep their barrels (`import * as blog from '../../services/blog'`): a route calls many
 * functions of its one resource, and nothing imports a route back.
 */
const SERVICES = path.join(import.meta.dirname, 'server/src/services');
const barrels = new Map();
function isBarrel(dir) {
  if (!barrels.has(dir)) {
    const file = path.join(dir, 'index.ts');
    const code = fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '')
      : null;
    const statements =
      code
        ?.split(';')
        .map((s) => s.trim())
        .filter(Boolean) ?? [];
    barrels.set(dir, statements.length > 0 && statements.every((s) => /^export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+'[^']+'$/.test(s)));
  }
  return barrels.get(dir);
}
const noFolderBarrel = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { barrel: "Import the file ('{{source}}/<file>'), not the folder's index.ts: inside services/, barrels lead to import circles." },
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.replace(/\/index$/, ''));
      if (!path.relative(SERVICES, target).startsWith('..') && isBarrel(target))
        context.report({ node: node.source, messageId: 'barrel', data: { source: source.replace(/\/index$/, '') } });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};
const mahalle = { rules: { 'no-folder-barrel': noFolderBarrel } };

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-web/**', '**/dist-ssr/**', '**/out/**', '**/release/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `any` only in tests (see the override below).
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  { files: ['desktop/src/sw/**/*.ts'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['desktop/src/renderer/**/*.{ts,tsx}', 'desktop/src/preload/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The contract's schemas are zod code: the renderer takes only their types, so none reaches the first load.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@mahalle/shared/contract', message: 'Import only types from the contract (import type).', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Test clients and JSON answers are loosely typed on purpose; the schemas are the contract.
    // Services and presenters are not here: the rows presenters read have types of their own (presenters/*Row).
    // lazyRetry: React's own `ComponentType<any>` idiom for lazy components.
    files: [
      '**/*.test.{ts,tsx}',
      'server/src/test/**',
      'server/nodes/**',
      '**/bench/**',
      'desktop/e2e/**',
      'desktop/src/renderer/src/components/lazyRetry.tsx',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['shared/**/*.ts'], rules: restrict(BOUNDARIES.shared) },
  { files: ['server/**/*.ts'], rules: restrict(BOUNDARIES.server) },
  { files: ['server/src/db/migrations/**/*.ts'], rules: restrict(BOUNDARIES.server, BOUNDARIES.migrations) },
  { files: ['server/src/services/**/*.ts'], plugins: { mahalle }, rules: { 'mahalle/no-folder-barrel': 'error' } },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/test/**', 'server/src/cli/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: LOADED_ON_USE }] },
  },
  { files: ['desktop/**/*.{ts,tsx}'], rules: restrict(BOUNDARIES.desktop) },
  { files: ['desktop/src/renderer/**/*.{ts,tsx}'], rules: restrict(BOUNDARIES.desktop, BOUNDARIES.renderer, BOUNDARIES.rendererServer) },
  { files: ['desktop/src/renderer/**/*.test.{ts,tsx}'], rules: restrict(BOUNDARIES.desktop, BOUNDARIES.renderer, BOUNDARIES.rendererTestServer) },
  {
    files: ['desktop/src/renderer/src/api/**/*.{ts,tsx}'],
    rules: restrict(BOUNDARIES.desktop, BOUNDARIES.renderer, BOUNDARIES.rendererServer, BOUNDARIES.rendererApi),
  },
  {
    files: ['desktop/src/renderer/src/api/**/*.test.{ts,tsx}'],
    rules: restrict(BOUNDARIES.desktop, BOUNDARIES.renderer, BOUNDARIES.rendererTestServer, BOUNDARIES.rendererApi),
  },
);
