import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-web/**', '**/out/**', '**/release/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Test clients and JSON answers are loosely typed on purpose; the schemas are the contract.
      '@typescript-eslint/no-explicit-any': 'off',
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
);
