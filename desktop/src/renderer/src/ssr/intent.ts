/**
 * A server-rendered page (ssr/document.ts) runs none of the app until the visitor reaches for it: a phone that only
 * reads the page never spends its main thread on React, antd and the app. The first touch, pointer movement, key,
 * focus, wheel or scroll starts the app; it hydrates what is on screen.
 *
 * Until it has, links work as links (the next page is another server-rendered document). A tap on anything else (a
 * button, a tab) is held and given again to the same element once the app has taken the page over (`replayHeld`),
 * so the first tap is not lost, only later by the app's start.
 */
const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

let held: HTMLElement | null = null;
let holding = false;

function holdClick(e: MouseEvent) {
  if (!holding || e.defaultPrevented || e.button !== 0) return;
  const target = e.target instanceof Element ? e.target : null;
  // A link (followed by the browser: the next page is drawn by the server too), or a click outside the page's controls.
  if (!target || target.closest('a[href]')) return;
  const control = target.closest<HTMLElement>(
    'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], summary, label, input, select, textarea',
  );
  if (!control) return;
  e.preventDefault();
  e.stopPropagation();
  held = control;
}

/** Resolves on the visitor's first sign of intent (at once for a page the visitor cannot see drawn: see main.tsx). */
export function whenVisitorReaches(): Promise<void> {
  holding = true;
  document.addEventListener('click', holdClick, true);
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTENT) window.removeEventListener(type, go, true);
      resolve();
    };
    for (const type of INTENT) window.addEventListener(type, go, { capture: true, passive: true });
  });
}

/** Once the app has hydrated the page: the click held meanwhile goes to its element, if the page still has it. */
export function replayHeld(): void {
  holding = false;
  document.removeEventListener('click', holdClick, true);
  const el = held;
  held = null;
  if (!el?.isConnected) return;
  if (el.matches('input, select, textarea')) el.focus();
  else el.click();
}
