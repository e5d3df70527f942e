// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installToastKeys } from './toastKeys';

function notice() {
  const el = document.createElement('div');
  el.className = 'ant-notification-notice';
  el.innerHTML = '<div class="msg">Gönderi paylaşıldı</div><button class="ant-notification-notice-close" aria-label="Kapat">x</button>';
  document.body.appendChild(el);
  return el;
}

function pointer(type: string, target: Element, clientX: number) {
  const e = new MouseEvent(type, { bubbles: true, clientX }) as unknown as PointerEvent;
  target.dispatchEvent(e);
}

let remove = () => {};
afterEach(() => {
  remove();
  document.body.innerHTML = '';
});

describe('toasts: F8 and swipe', () => {
  it('F8 focuses the newest toast’s close button; nothing happens without a toast', () => {
    remove = installToastKeys();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8' }));
    expect(document.activeElement).toBe(document.body);
    notice();
    const newest = notice();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8' }));
    expect(document.activeElement).toBe(newest.querySelector('button'));
  });

  it('a swipe right of 50 px dismisses; a shorter one springs back', () => {
    remove = installToastKeys();
    const el = notice();
    const close = vi.fn();
    el.querySelector('button')!.addEventListener('click', close);
    const text = el.querySelector('.msg')!;
    pointer('pointerdown', text, 100);
    pointer('pointermove', text, 130);
    expect(el.style.transform).toBe('translateX(30px)');
    pointer('pointerup', text, 130);
    expect(close).not.toHaveBeenCalled();
    expect(el.style.transform).toBe('');
    pointer('pointerdown', text, 100);
    pointer('pointerup', text, 151);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
