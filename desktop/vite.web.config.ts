import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { antdStaticCss } from './antd-css.config';
import { reactRouterProduction } from './react-router-production';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

/**
 * dist-web/sw.js, the service worker (src/sw/, see its README): bundled on its own as one classic script once the app
 * is built, with this build's version (a hash of every file name of the build and of the worker's source) and the files
 * of the app's first page to precache. It is no part of the app's chunk graph, so nothing of it reaches a first load;
 * written after the compression step (no .br/.gz: it is small, and always revalidated).
 */
function serviceWorker(): Plugin {
  const dir = fileURLToPath(new URL('./src/sw/', import.meta.url));
  let precache: string[] = [];
  let version = '';
  return {
    name: 'mahalle-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      const walk = (fileName: string, followDynamic: boolean) => {
        const item = bundle[fileName];
        if (!item || files.has(fileName)) return;
        files.add(fileName);
        if (item.type !== 'chunk') return;
        item.viteMetadata?.importedCss.forEach((css) => files.add(css));
        item.imports.forEach((f) => walk(f, followDynamic));
        // The entry only waits for the first paint and then loads the app (start.tsx, from the entry or a chunk it
        // imports): that is the shell too.
        if (followDynamic) item.dynamicImports.forEach((f) => walk(f, false));
      };
      for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) walk(item.fileName, true);
      // Shared pieces a page loads only in some state (the empty or error state): a page kept for offline use may need
      // one it never loaded online, so they are precached with the shell.
      for (const item of Object.values(bundle))
        if (item.type === 'chunk' && item.isDynamicEntry && item.facadeModuleId?.replaceAll('\\', '/').includes('/src/renderer/src/components/'))
          walk(item.fileName, false);
      precache = [...files].filter((f) => f.startsWith('assets/')).map((f) => `/${f}`);
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`);
      for (const name of fs.readdirSync(dir).sort()) if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(fs.readFileSync(path.join(dir, name)));
      version = hash.digest('hex').slice(0, 12);
    },
    async writeBundle(options) {
      const out = await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          lib: { entry: path.join(dir, 'service-worker.ts'), formats: ['iife'], name: 'mahalleServiceWorker', fileName: () => 'sw.js' },
        },
      });
      const chunk = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).find((o) => o.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('the service worker did not build');
      fs.writeFileSync(path.join(options.dir!, 'sw.js'), chunk.code);
    },
  };
}

/**
 * The server's renderer of visitors' pages (src/renderer/src/ssr/entry-server.tsx, `--ssr`, see build:web): the same
 * components, resolved the same way (antd's static styles, react-router's production build), bundled whole into
 * dist-ssr/ for the server to load in a worker thread (server/src/ssr/). Outside dist-web: nothing of it is served.
 */
const ssrBuild = defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  publicDir: false,
  define: { __PWA__: 'true', 'process.env.NODE_ENV': '"production"' },
  plugins: [react(), reactRouterProduction(), lazyTooltipProvider(), antdStaticCss()],
  // Everything bundled: the server's node_modules need not hold the renderer's packages, and antd's ES modules are
  // taken as the browser build takes them.
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
    emptyOutDir: true,
    ssr: 'src/ssr/entry-server.tsx',
    minify: false,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (/node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined) },
      output: { entryFileNames: 'entry-server.js' },
    },
  },
});

/** The browser build of the renderer, served by the server at `/`. */
const webBuild = defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  base: '/',
  // The service worker registers from the browser build only (src/pwa/register.ts); the Electron build sets it false.
  define: { __PWA__: 'true' },
  plugins: [
    react(),
    reactRouterProduction(),
    lazyTooltipProvider(),
    antdStaticCss(),
    serviceWorker(),
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

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : webBuild));
