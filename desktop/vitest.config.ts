import { defineConfig } from 'vitest/config';

/** Desktop tests: main-process modules (through the adapter) and the renderer's pure logic, in Node. */
export default defineConfig({
  test: {
    name: 'desktop',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
