import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Boundaries between the parts (CONVENTIONS.md): each entry is a no-restricted-imports pattern
 * (`regex` on the import string). eslint-boundaries.test.ts proves every one fires.
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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-web/**', '**/out/**', '**/release/**', 'test-results/**', 'playwright-report/**'] },
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
    files: ['**/*.test.{ts,tsx}', 'server/src/test/**', '**/bench/**', 'desktop/e2e/**', 'desktop/src/renderer/src/components/lazyRetry.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['shared/**/*.ts'], rules: restrict(BOUNDARIES.shared) },
  { files: ['server/**/*.ts'], rules: restrict(BOUNDARIES.server) },
  { files: ['server/src/db/migrations/**/*.ts'], rules: restrict(BOUNDARIES.server, BOUNDARIES.migrations) },
  { files: ['desktop/src/renderer/**/*.{ts,tsx}'], rules: restrict(BOUNDARIES.renderer) },
  { files: ['desktop/src/renderer/src/api/**/*.{ts,tsx}'], rules: restrict(BOUNDARIES.renderer, BOUNDARIES.rendererApi) },
);
