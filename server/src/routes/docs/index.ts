import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { openApiDocument } from '../../contract/openapi';

const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mahalle API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="icon" href="/favicon.ico">
</head>
<body>
<noscript><p>The API reference needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

// A separate file, not an inline script: the API's Content-Security-Policy allows scripts from 'self' only.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false, withCredentials: true });`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, generated from shared/src/contract) and
 * /api/docs (Swagger UI, served from the swagger-ui-dist package: nothing is fetched from the internet).
 */
export function docsRouter(): { openapi: Router; docs: Router } {
  let doc: string | null = null;
  const openapi = Router();
  openapi.get('/', (_req, res) => {
    doc ??= JSON.stringify(openApiDocument());
    res.type('application/json').send(doc);
  });

  const docs = Router();
  docs.get('/', (_req, res) => {
    res.type('html').send(PAGE);
  });
  docs.get('/init.js', (_req, res) => {
    res.type('text/javascript').send(INIT);
  });
  docs.use(
    '/assets',
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'public, max-age=86400');
      next();
    },
    express.static(SWAGGER_UI, { index: false, fallthrough: false }),
  );
  return { openapi, docs };
}
