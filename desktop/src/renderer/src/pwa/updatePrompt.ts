import { TEXTS } from '@mahalle/shared';
import { MSG } from '../../../sw/rules';

/**
 * "Yeni sürüm hazır" with "Yenile": the waiting version takes over only when the member clicks (then the page reloads
 * into it), or with the next navigation when this is the only tab (the worker decides that). Plain DOM: it draws on
 * any page and carries nothing of the app's.
 */
export function showUpdatePrompt(reg: ServiceWorkerRegistration): void {
  if (document.querySelector('[data-testid="update-prompt"]')) return;
  const bar = document.createElement('div');
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'update-prompt';
  Object.assign(bar.style, {
    position: 'fixed',
    insetInline: '0',
    bottom: '16px',
    margin: '0 auto',
    width: 'fit-content',
    maxWidth: 'calc(100vw - 32px)',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 8px 8px 16px',
    borderRadius: '12px',
    background: '#1f1f1f',
    color: '#fff',
    boxShadow: '0 6px 16px rgba(0,0,0,.2)',
    zIndex: '2000',
    font: '14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif',
  });
  const text = document.createElement('span');
  text.textContent = TEXTS.pwa.updateReady;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = TEXTS.pwa.reload;
  Object.assign(button.style, {
    border: '0',
    borderRadius: '8px',
    padding: '4px 15px',
    background: '#6d28d9',
    color: '#fff',
    font: 'inherit',
    cursor: 'pointer',
  });
  button.addEventListener('click', () => {
    button.disabled = true;
    const waiting = reg.waiting;
    if (!waiting) return window.location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: MSG.skipWaiting });
  });
  bar.append(text, button);
  document.body.append(bar);
}
