import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * react-router's package exports point every bundler at its development build (`dist/development/`, dev warnings on:
 * extra checks and messages while routes render); its framework plugin swaps in `dist/production/` for builds, which
 * a plain SPA never gets. This does the same for our builds: each react-router module the bundler resolves is taken
 * from the production folder, which holds the same files with the warnings off. The dev server keeps the warnings.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'mahalle-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const production = resolved.id.replace(/([\\/]react-router[\\/]dist[\\/])development([\\/])/, '$1production$2');
      return production !== resolved.id && fs.existsSync(production) ? { ...resolved, id: production } : resolved;
    },
  };
}
