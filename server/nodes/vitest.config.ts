import { defineConfig } from 'vitest/config';

/** `npm run test:nodes`: real server processes behind nginx (two-nodes.test.ts), apart from the API suite. */
export default defineConfig({
  test: {
    name: 'nodes',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
