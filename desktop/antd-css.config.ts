import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Stands in for antd's ConfigProvider icon style hook (see resolveId below). */
const ICON_STYLE = '\0mahalle-antd-icon-style';
const cssDir = fileURLToPath(new URL('./src/renderer/src/antd-css/', import.meta.url));

/**
 * antd runs in zero-runtime mode (theme.ts): its components generate no styles in the browser. Their rules are written
 * out ahead, one file per antd folder (src/renderer/src/antd-css/, see desktop/scripts/antd-styles.ts), and this plugin
 * makes each of antd's `<folder>/style/*.js` modules import its folder's file, so each chunk carries the CSS of the
 * components it draws, loaded with it: a visitor's first page does not fetch the table's or the date picker's rules.
 * The rules every page needs (antd-css/core.css) are imported by start.tsx.
 */
export function antdStaticCss(): Plugin {
  const unstyled = new Map<string, string>();
  return {
    name: 'mahalle-antd-static-css',
    enforce: 'pre',
    // ConfigProvider registers the icons' base rules on every start whatever the mode: they are in core.css.
    resolveId(source, importer) {
      if (source === './style' && importer && /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) return ICON_STYLE;
      return null;
    },
    load(id) {
      if (id === ICON_STYLE) return 'export default function useResetIconStyle() {}\n';
      return null;
    },
    transform(code, id) {
      const hit = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]style[\\/][^\\/]+\.js$/.exec(id.split('?')[0]!);
      if (!hit) return null;
      const file = path.join(cssDir, `${hit[1]}.css`);
      if (!fs.existsSync(file)) {
        unstyled.set(id, hit[1]!);
        return null;
      }
      return { code: `import ${JSON.stringify(file)};\n${code}`, map: null };
    },
    // A component that reaches the bundle without its rules written out would be drawn unstyled: the build stops.
    generateBundle(_options, bundle) {
      const missing = new Set<string>();
      for (const item of Object.values(bundle))
        if (item.type === 'chunk') for (const id of item.moduleIds) if (unstyled.has(id)) missing.add(unstyled.get(id)!);
      if (missing.size)
        this.error(
          `antd's ${[...missing].join(', ')} has no rules in src/renderer/src/antd-css/: add it to antd-styles.tsx and run desktop/scripts/antd-styles.ts`,
        );
    },
  };
}
