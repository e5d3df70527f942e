import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/**
 * antd's ConfigProvider imports its tooltip `UniqueProvider` (the popup, alignment and motion code of @rc-component/trigger,
 * some 10 KiB gzip) for every page; the web build gives it src/components/LazyUniqueProvider.tsx instead, which loads the
 * real one with the first tooltip.
 */
function lazyTooltipProvider(): Plugin {
  const stand = fileURLToPath(new URL('./src/renderer/src/components/LazyUniqueProvider.tsx', import.meta.url));
  return {
    name: 'mahalle-lazy-tooltip-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../tooltip/UniqueProvider' && importer && /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) return stand;
      return null;
    },
  };
}

/** The browser build of the renderer, served by the server at `/`. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  base: '/',
  plugins: [
    react(),
    lazyTooltipProvider(),
    // No <link rel="modulepreload"> for the app in index.html: the entry (src/main.tsx) fetches the app's files once the
    // page has painted (see there), so that nothing competes with the first paint.
    // .br and .gz next to every text asset: the server sends them as they are (server/src/static.ts), no work per request.
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(html|css|js|mjs|json|svg|webmanifest|ico)$/, threshold: 512, logLevel: 'silent' }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph, from which e2e/first-load.spec.ts sums what a visitor's first page needs.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks below: no chunk is an entry whose exports others rely on.
      preserveEntrySignatures: false,
      // antd's `@rc-component/*` packages are plain components and helpers without side effects on import, but do not
      // say so in their package.json: without this every page's first load carries what their index files re-export
      // (antd's config provider alone pulls the whole form library and its validator through `@rc-component/form`).
      treeshake: { moduleSideEffects: (id: string) => (/node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          // The bundler's common chunks under 60 kB (before minifying) go into each chunk that needs them instead: a
          // member's `/` fetched 135 files, most of them one small antd helper each, and every file is a request,
          // a compile and a module to link on a phone. Costs some duplication (a member's `/` ~4% more bytes).
          experimentalInlineCommonChunks: { maxSize: 60_000 },
          groups: [
            // React and the router change rarely: one long-cached chunk every page needs.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/ws': { target: 'http://localhost:3000', ws: true },
    },
  },
});
