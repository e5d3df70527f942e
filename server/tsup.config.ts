import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // shared/ is TypeScript source: bundle it; everything from npm stays in node_modules.
  noExternal: ['@mahalle/shared'],
});
