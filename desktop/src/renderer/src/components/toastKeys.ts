/**
 * What the specification asks of toasts beyond antd's own (one at a time, 5 s): F8 moves focus
 * to the newest toast (its close button, so Enter or Space dismisses it), and a toast swiped
 * right by 50 px or more is dismissed. Installed once on the document; returns its removal.
 */
export const SWIPE_DISMISS_PX = 50;
const NOTICE = '.ant-notification-notice, .ant-message-notice';
const CLOSE = '.ant-notification-notice-close';

export function installToastKeys(doc: Document = document): () => void {
  let start: { x: number; notice: HTMLElement } | null = null;

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'F8') return;
    const notices = doc.querySelectorAll<HTMLElement>(NOTICE);
    const newest = notices[notices.length - 1];
    if (!newest) return;
    e.preventDefault();
    const close = newest.querySelector<HTMLElement>(CLOSE);
    if (close) close.focus();
    else {
      newest.tabIndex = -1;
      newest.focus();
    }
  };
  const onDown = (e: PointerEvent) => {
    const notice = (e.target as Element | null)?.closest?.<HTMLElement>(NOTICE);
    start = notice ? { x: e.clientX, notice } : null;
  };
  const onMove = (e: PointerEvent) => {
    if (!start) return;
    const dx = Math.max(0, e.clientX - start.x);
    start.notice.style.transform = dx ? `translateX(${dx}px)` : '';
    start.notice.style.opacity = dx ? String(Math.max(0.3, 1 - dx / 200)) : '';
  };
  const onUp = (e: PointerEvent) => {
    if (!start) return;
    const { notice, x } = start;
    start = null;
    if (e.clientX - x >= SWIPE_DISMISS_PX) {
      notice.querySelector<HTMLElement>(CLOSE)?.click();
      notice.style.display = 'none';
    } else {
      notice.style.transform = '';
      notice.style.opacity = '';
    }
  };
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('pointerdown', onDown);
  doc.addEventListener('pointermove', onMove);
  doc.addEventListener('pointerup', onUp);
  return () => {
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('pointerdown', onDown);
    doc.removeEventListener('pointermove', onMove);
    doc.removeEventListener('pointerup', onUp);
  };
}
