import fs from 'node:fs';
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
  // The bundle all ASCII: V8 keeps a script's source for as long as the process runs, in one byte a
  // character when all of it is ASCII and in two otherwise (1.7 MB more). esbuild escapes strings and
  // templates; what it leaves (comments, regular expressions) is escaped after the build, a UTF-16 unit
  // at a time, which means the same in both (a pair stays one code point in a `u` expression).
  esbuildOptions(options) {
    options.charset = 'ascii';
  },
  onSuccess: async () => {
    const file = 'dist/index.js';
    const text = await fs.promises.readFile(file, 'utf8');
    const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== text) await fs.promises.writeFile(file, ascii);
  },
});
