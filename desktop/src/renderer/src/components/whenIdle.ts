/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest 5 s after the load): for work a first
 * load must not wait on nor fetch, such as the service worker's registration.
 */
export function whenLoadedAndIdle(task: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
