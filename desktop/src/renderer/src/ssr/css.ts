/** The style rules a server-drawn page carries in its head (ssr/entry-server.tsx). */

/** antd's root class of a component whose file is named otherwise (grid.css is Row's and Col's). */
const ROOT_CLASS: Record<string, string[]> = { button: ['ant-btn'], 'date-picker': ['ant-picker'], grid: ['ant-row', 'ant-col'], core: [] };

/**
 * The style sheets a page's markup uses, of `antd` (antd's rules by file, src/antd-css/: core's always, a component's
 * when one of its classes is in the markup) and `app` (the app's own: with no class always, else when it is used).
 */
export function styleSheetsFor(antd: Record<string, string>, app: [root: string | null, css: string][]): (html: string) => string {
  const sheets = Object.entries(antd).map(([file, css]) => {
    const name = /([a-z-]+)\.css$/.exec(file)![1]!;
    return { always: name === 'core', roots: ROOT_CLASS[name] ?? [`ant-${name}`], css };
  });
  return (html) => {
    const classes = new Set<string>();
    for (const m of html.matchAll(/class="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c);
    const uses = (root: string) => classes.has(root) || [...classes].some((c) => c.startsWith(`${root}-`));
    const used = sheets.filter((s) => s.always || s.roots.some(uses)).map((s) => s.css);
    for (const [root, css] of app) if (root === null || uses(root)) used.push(css);
    return used.join('\n');
  };
}

/**
 * antd's run-time rules without the custom properties nothing on the page reads: its theme declares some 500 (12 KiB)
 * for every component, where a page's sheets and markup use a few dozen. What the document weighs is what a phone on a
 * slow link waits for before its first paint; once the app starts, antd writes its own rules again.
 */
export function usedVarsOnly(antdCss: string, uses: string): string {
  const declared = new Map<string, string>();
  for (const m of antdCss.matchAll(/(--[\w-]+)\s*:\s*([^;{}]*)/g)) declared.set(m[1]!, m[2]!);
  const needed = new Set<string>();
  const need = (text: string) => {
    for (const m of text.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (needed.has(m[1]!)) continue;
      needed.add(m[1]!);
      const value = declared.get(m[1]!);
      if (value) need(value);
    }
  };
  need(uses);
  // And what antd's own rules read (the icons', the links').
  need(antdCss.replace(/--[\w-]+\s*:[^;{}]*/g, ''));
  // Each block's declarations: a custom property kept only if needed, every other declaration as it is.
  return antdCss
    .replace(/\{([^{}]*)\}/g, (_all, body: string) => {
      const kept = body.split(';').filter((d) => {
        const name = /^\s*(--[\w-]+)\s*:/.exec(d)?.[1];
        return d.trim() && (!name || needed.has(name));
      });
      return `{${kept.join(';')}}`;
    })
    .replace(/[^{}]*\{\}/g, '');
}
