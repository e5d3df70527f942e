import { describe, expect, it } from 'vitest';
import { cacheNames, isFeedFirstPage, notificationOf, pickWindow, routeOf, safePath, sessionUserId } from './rules';

const O = 'https://mahalle.example';
const u = (p: string) => new URL(p, O);

describe('service worker rules', () => {
  it('keeps only the feed’s first page and the session for offline reading; other API calls go to the network', () => {
    expect(routeOf('GET', u('/api/posts?limit=3'), O, 'cors')).toBe('offline-data');
    expect(routeOf('GET', u('/api/posts?sort=popular&area=mahalle'), O, 'cors')).toBe('offline-data');
    expect(routeOf('GET', u('/api/auth/session'), O, 'cors')).toBe('offline-data');
    expect(isFeedFirstPage(u('/api/posts?limit=20&cursor=abc'))).toBe(false);
    expect(routeOf('GET', u('/api/posts?limit=20&cursor=abc'), O, 'cors')).toBe('network');
    expect(routeOf('GET', u('/api/posts/12'), O, 'cors')).toBe('network');
    expect(routeOf('GET', u('/api/messages/conversations'), O, 'cors')).toBe('network');
    expect(routeOf('GET', u('/api/notifications'), O, 'cors')).toBe('network');
    expect(routeOf('POST', u('/api/posts'), O, 'cors')).toBe('network');
    expect(routeOf('GET', u('/uploads/a.jpg'), O, 'no-cors')).toBe('network');
    expect(routeOf('GET', new URL('https://cdn.example/api/posts'), O, 'cors')).toBe('network');
  });

  it('sends page loads to the network first, build files to this version’s cache, and signing in or out clears the kept data', () => {
    expect(routeOf('GET', u('/qa/question/3'), O, 'navigate')).toBe('navigate');
    expect(routeOf('GET', u('/assets/start-abc.js'), O, 'cors')).toBe('asset');
    expect(routeOf('GET', u('/manifest.webmanifest'), O, 'cors')).toBe('asset');
    expect(routeOf('POST', u('/api/auth/logout'), O, 'cors')).toBe('session-change');
    expect(routeOf('POST', u('/api/auth/login'), O, 'cors')).toBe('session-change');
    const a = cacheNames('v1');
    const b = cacheNames('v2');
    expect(a.shell).not.toBe(b.shell);
    expect(a.data).not.toBe(b.data);
  });

  it('tells whose session an answer is', () => {
    expect(sessionUserId({ user: { id: 7, username: 'ayse' } })).toBe(7);
    expect(sessionUserId({ user: null })).toBeNull();
    expect(sessionUserId('garbage')).toBeUndefined();
  });

  it('shows the agreed payload with its tag, renotify and the page to open; never a path off the site', () => {
    const n = notificationOf(
      { title: '12 kişi gönderinizi beğendi', body: 'Merhaba', url: '/posts/5', tag: 'like:post:5', count: 12 },
      O,
      '/icons/icon-256.png',
    );
    expect(n.title).toBe('12 kişi gönderinizi beğendi');
    expect(n.options).toMatchObject({ body: 'Merhaba', tag: 'like:post:5', renotify: true, icon: '/icons/icon-256.png', data: { url: '/posts/5' } });
    expect(notificationOf({ title: 'x', body: 'y', url: 'https://evil.example/', tag: 't' }, O, '/i.png').options.data.url).toBe('/');
    expect(safePath('//evil.example/x', O)).toBe('/');
    expect(safePath('javascript:alert(1)', O)).toBe('/');
    expect(safePath('/messages?with=3#m9', O)).toBe('/messages?with=3#m9');
    // Not the agreed JSON: still a notification, untagged (renotify needs a tag).
    expect(notificationOf(null, O, '/i.png')).toMatchObject({ title: 'Mahalle', options: { body: '', renotify: false, data: { url: '/' } } });
  });

  it('opens a clicked notification in the focused tab, else a visible one, else any of the site; none means a new window', () => {
    const tab = (url: string, focused = false, visibilityState = 'hidden') => ({ url, focused, visibilityState });
    const other = tab('https://other.example/', true, 'visible');
    const hidden = tab(`${O}/qa`);
    const visible = tab(`${O}/blog`, false, 'visible');
    const focused = tab(`${O}/`, true, 'visible');
    expect(pickWindow([other, hidden, visible, focused], O)).toBe(focused);
    expect(pickWindow([other, hidden, visible], O)).toBe(visible);
    expect(pickWindow([hidden], O)).toBe(hidden);
    expect(pickWindow([other], O)).toBeUndefined();
    expect(pickWindow([], O)).toBeUndefined();
  });
});
