import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import type { AppContext } from './context';

const NOT_BUILT = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Mahalle</title></head>
<body><h1>Mahalle</h1><p>Arayüz henüz derlenmedi. Depo kökünde <code>npm run build</code> çalıştırın.</p></body></html>`;

/** Paths that never fall back to the single-page app. */
const NOT_SPA = /^\/(api|uploads|ws)(\/|$)/;

/** Uploaded files and the browser build of the renderer, with client routes falling back to index.html. */
export function mountStatic(app: Express, ctx: AppContext): void {
  app.use(
    '/uploads',
    express.static(ctx.config.uploadsDir, {
      index: false,
      dotfiles: 'deny',
      fallthrough: true,
      maxAge: '30d',
      immutable: true,
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      },
    }),
  );

  const webDir = ctx.config.webDir;
  const indexFile = path.join(webDir, 'index.html');
  app.use(
    express.static(webDir, {
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (fs.existsSync(indexFile)) return res.sendFile(indexFile);
    res.type('html').send(NOT_BUILT);
  });
}
