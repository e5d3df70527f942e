import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { antdStaticCss } from './antd-css.config';
import { reactRouterProduction } from './react-router-production';

/** The Electron app: main and preload for Node, the renderer is the same React UI as the browser build. */
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: fileURLToPath(new URL('./src/main/index.ts', import.meta.url)) } },
      externalizeDeps: { exclude: ['@mahalle/shared'] },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: fileURLToPath(new URL('./src/preload/index.ts', import.meta.url)) },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
      externalizeDeps: { exclude: ['@mahalle/shared'] },
    },
  },
  renderer: {
    root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
    plugins: [react(), reactRouterProduction(), antdStaticCss()],
    base: './',
    // No service worker in the desktop app (it loads the UI from a file): its registration is left out of this build.
    define: { __PWA__: 'false' },
    build: {
      rollupOptions: { input: { index: fileURLToPath(new URL('./src/renderer/index.html', import.meta.url)) } },
    },
  },
});
