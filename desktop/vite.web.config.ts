import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

/**
 * The entry (src/main.tsx) only waits for the first paint and then imports src/start.tsx, the app: index.html
 * preloads start's files and its CSS so that they are fetched while the page paints, without being evaluated.
 */
function preloadStart(): Plugin {
  return {
    name: 'mahalle-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/start.tsx'));
        if (!start || start.type !== 'chunk') throw new Error('preloadStart: no chunk for src/start.tsx');
        const files = new Set<string>();
        const css = new Set<string>();
        const walk = (name: string) => {
          if (files.has(name)) return;
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk') return;
          files.add(name);
          for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(f);
          chunk.imports.forEach(walk);
        };
        walk(start.fileName);
        return {
          html,
          tags: [
            ...[...css].map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${f}` }, injectTo: 'head' as const })),
            ...[...files]
              .filter((f) => !html.includes(`/${f}"`))
              .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
          ],
        };
      },
    },
  };
}

/** The browser build of the renderer, served by the server at `/`. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  base: '/',
  plugins: [
    react(),
    preloadStart(),
    // .br and .gz next to every text asset: the server sends them as they are (server/src/static.ts), no work per request.
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(html|css|js|mjs|json|svg|webmanifest|ico)$/, threshold: 512, logLevel: 'silent' }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's `@rc-component/*` packages are plain components and helpers without side effects on import, but do not
      // say so in their package.json: without this every page's first load carries what their index files re-export
      // (antd's config provider alone pulls the whole form library and its validator through `@rc-component/form`).
      treeshake: { moduleSideEffects: (id: string) => (/node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
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
