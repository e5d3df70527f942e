import type { Express } from 'express';

/** 'GET /api/posts/:id' from a method and a path, with no trailing slash (but '/'). */
export function routeKey(method: string, path: string): string {
  const clean = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return `${method.toUpperCase()} ${clean}`;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/**
 * Every route the app mounts, as 'METHOD /path' with Express's own parameter syntax, found by
 * walking the routers' stacks (Express 5's router keeps each layer's `rawPath`).
 */
export function mountedRoutes(app: Express, under = '/api'): string[] {
  const out = new Set<string>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') out.add(routeKey(method, prefix + p));
        }
      } else if (layer.handle?.stack) {
        const mounts = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath ?? ''];
        for (const m of mounts) walk(layer.handle.stack, prefix + (m === '/' ? '' : m));
      }
    }
  };
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(root.stack, '');
  return [...out].filter((k) => (k.split(' ')[1] ?? '').startsWith(under)).sort();
}
