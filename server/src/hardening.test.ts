import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { STRONG_PASSWORD, startTestServer, type Member, type TestServer } from './test/harness';
import { makePng } from './test/media';

let server: TestServer;
let m: Member;
beforeAll(async () => {
  server = await startTestServer();
  m = await server.member();
});
afterAll(async () => {
  await server?.close();
});

describe('malformed multipart bodies', () => {
  const boundary = '----mahalleSinir';
  function part(name: string, filename: string, body: Buffer, filenameParam = `filename="${filename}"`): Buffer {
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; ${filenameParam}\r\nContent-Type: image/png\r\n\r\n`),
      body,
      Buffer.from('\r\n'),
    ]);
  }
  const text = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nMerhaba\r\n`);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const send = (contentType: string, body: Buffer, path = '/api/posts') => m.client.request('POST', path, { body, headers: { 'content-type': contentType } });
  const expectMalformed = (res: { status: number; body: any }) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: TEXTS.errors.invalidMultipart, code: 'invalid_multipart' });
  };

  it('refuses a body without a boundary', async () => {
    expectMalformed(await send('multipart/form-data', Buffer.concat([text, end])));
  });

  it('refuses a truncated body (no closing boundary)', async () => {
    const whole = Buffer.concat([text, part('image', 'a.png', makePng()), end]);
    expectMalformed(await send(`multipart/form-data; boundary=${boundary}`, whole.subarray(0, whole.length - end.length - 40)));
  });

  it('refuses a NUL in a file name', async () => {
    expectMalformed(await send(`multipart/form-data; boundary=${boundary}`, Buffer.concat([text, part('image', 'a\0.png', makePng()), end])));
    // The same name percent-encoded (RFC 5987), which the parser decodes without complaint.
    expectMalformed(
      await send(`multipart/form-data; boundary=${boundary}`, Buffer.concat([text, part('image', '', makePng(), "filename*=UTF-8''a%00.png"), end])),
    );
  });

  it('refuses them on every route that takes files', async () => {
    const admin = await server.admin();
    for (const [who, method, path] of [
      [m, 'PATCH', `/api/users/${m.user.id}`],
      [m, 'POST', '/api/posts'],
      [admin, 'POST', '/api/blog/uploads'],
    ] as const) {
      const res = await who.client.request(method, path, { body: Buffer.concat([text, end]), headers: { 'content-type': 'multipart/form-data' } });
      expectMalformed(res);
    }
  });

  it('still takes a well-formed one', async () => {
    const res = await send(`multipart/form-data; boundary=${boundary}`, Buffer.concat([text, part('image', 'a.png', makePng()), end]));
    expect(res.status).toBe(201);
  });
});

describe('event dates out of any sensible range', () => {
  const outOfRange = ['0000-01-01', '+275760-09-13', '1999-12-31T23:59:59.999Z', '2101-01-01T00:00:00Z'];

  it('are refused for city events and group events, on both databases', async () => {
    const slug = (await m.client.post('/api/hobby-groups', { name: 'Tarih Sınırı Grubu', description: 'Etkinlik tarihi sınırları için.' })).body.slug;
    expect(slug).toBeTruthy();
    for (const date of outOfRange) {
      const city = await m.client.post('/api/events', { title: 'Uzak', description: 'Çok uzak', date });
      expect(city.status, date).toBe(400);
      expect(city.body.details).toEqual([{ path: 'date', message: TEXTS.social.eventDateOutOfRange }]);
      const group = await m.client.post(`/api/hobby-groups/${slug}/events`, { title: 'Uzak', date, location: 'Kent' });
      expect(group.status, date).toBe(400);
      expect(group.body.details).toEqual([{ path: 'date', message: TEXTS.social.eventDateOutOfRange }]);
    }
    const first = await m.client.post('/api/events', { title: 'Sınırda', description: 'İlk gün', date: '2000-01-01T00:00:00.000Z' });
    expect(first.status).toBe(201);
    const last = await m.client.post(`/api/hobby-groups/${slug}/events`, { title: 'Sınırda', date: '2100-12-31T23:59:59.999Z', location: 'Kent' });
    expect(last.status).toBe(201);
    const unreadable = await m.client.post('/api/events', { title: 'Bozuk', description: 'Bozuk', date: 'yarın' });
    expect(unreadable.body.details).toEqual([{ path: 'date', message: TEXTS.social.eventDateInvalid }]);
  });
});

describe('tampered cursors', () => {
  const encode = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const ADMIN_LISTS: { path: string; sorts: Record<string, 'int' | 'text' | 'time'> }[] = [
    { path: '/api/admin/users', sorts: { createdAt: 'int', username: 'text', displayName: 'text' } },
    { path: '/api/admin/groups', sorts: { createdAt: 'int', name: 'text', memberCount: 'int', postCount: 'int' } },
    { path: '/api/admin/questions', sorts: { createdAt: 'int', upvotes: 'int', views: 'int', answersCount: 'int' } },
    { path: '/api/admin/blog', sorts: { createdAt: 'int', title: 'text', views: 'int', likesCount: 'int', commentsCount: 'int' } },
    { path: '/api/admin/content?kind=post', sorts: { createdAt: 'int', likesCount: 'int', commentsCount: 'int' } },
    { path: '/api/admin/content?kind=group_post', sorts: { createdAt: 'int', likesCount: 'int', commentsCount: 'int' } },
    { path: '/api/admin/events?kind=event', sorts: { createdAt: 'int', date: 'time', title: 'text', attendeesCount: 'int' } },
    { path: '/api/admin/events?kind=group_event', sorts: { createdAt: 'int', date: 'time', title: 'text' } },
    { path: '/api/admin/audit', sorts: { createdAt: 'int' } },
    { path: '/api/admin/reports', sorts: { createdAt: 'int' } },
  ];
  const wrongValue = { int: 'on', text: 7, time: 'yarın' } as const;
  const rightValue = { int: 3, text: 'ali', time: '2026-01-01T00:00:00.000Z' } as const;
  const expectRefused = (res: { status: number; body: any }, what: string) => {
    expect(res.status, what).toBe(400);
    expect(res.body, what).toEqual({ error: TEXTS.errors.invalidCursor, code: 'invalid_cursor' });
  };

  it('are refused with 400 on every admin list and sort', async () => {
    const admin = await server.admin();
    for (const { path, sorts } of ADMIN_LISTS) {
      for (const [sort, type] of Object.entries(sorts)) {
        const url = `${path}${path.includes('?') ? '&' : '?'}sort=${sort}&cursor=`;
        const tampered = [
          encode([{ a: 1 }, 1]),
          encode([wrongValue[type], 1]),
          encode([rightValue[type], 1e30]),
          encode([rightValue[type], 1.5]),
          encode([rightValue[type]]),
          encode([rightValue[type], 1, 2]),
          encode([null, 1]),
          encode({ a: 1 }),
          encode('bu bir imleç değil'),
        ];
        for (const cursor of tampered) expectRefused(await admin.client.get(url + cursor), `${url}${Buffer.from(cursor, 'base64url')}`);
        if (type === 'int') expectRefused(await admin.client.get(url + encode([1e30, 1])), `${url} 1e30`);
        // A cursor of the right shape is read.
        expect((await admin.client.get(url + encode([rightValue[type], 1]))).status, url).toBe(200);
      }
    }
  });

  it('are refused on the merged comments list', async () => {
    const admin = await server.admin();
    for (const cursor of [
      [{ a: 1 }, 1],
      ['dün', 0, 1],
      ['2026-01-01T00:00:00.000Z', 'post', 1],
      ['2026-01-01T00:00:00.000Z', 0],
      ['2026-01-01T00:00:00.000Z', 0, 2 ** 40],
    ]) {
      expectRefused(await admin.client.get(`/api/admin/comments?cursor=${encode(cursor)}`), JSON.stringify(cursor));
    }
    expect((await admin.client.get(`/api/admin/comments?cursor=${encode(['2026-01-01T00:00:00.000Z', 0, 1])}`)).status).toBe(200);
  });

  it('are refused on the public post lists sorted by likes and comments', async () => {
    const visitor = server.client();
    for (const sort of ['popular', 'commented']) {
      for (const cursor of ['99999999999:1', '1:99999999999', '[{"a":1},1]', '1:1:1', '-1:1']) {
        expectRefused(await visitor.get(`/api/posts?sort=${sort}&cursor=${encode(cursor)}`), `${sort} ${cursor}`);
      }
      expect((await visitor.get(`/api/posts?sort=${sort}&cursor=${encode('5:9')}`)).status).toBe(200);
    }
  });
});

describe('the socket handshake from a null origin', () => {
  async function handshake(opts: { cookie?: string; token?: string; origin: string }): Promise<'connected' | 'refused'> {
    const { io: connect } = await import('socket.io-client');
    const socket = connect(server.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: opts.token ? { token: opts.token } : {},
      extraHeaders: { origin: opts.origin, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    });
    try {
      return await new Promise((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', () => resolve('refused'));
      });
    } finally {
      socket.disconnect();
    }
  }

  it('is refused with the browser cookie and accepted with the desktop token', async () => {
    const browser = await server.member();
    expect(await handshake({ cookie: browser.client.cookieHeader, origin: 'null' })).toBe('refused');
    // The same cookie from the site itself still connects.
    expect(await handshake({ cookie: browser.client.cookieHeader, origin: new URL(server.url).origin })).toBe('connected');
    // A cookie session's id handed over as a token is still not the desktop's.
    expect(await handshake({ token: decodeURIComponent(/mahalle_sid=([^;]+)/.exec(browser.client.cookieHeader)?.[1] ?? ''), origin: 'null' })).toBe('refused');

    const desktop = await server
      .client()
      .post('/api/auth/login', { username: browser.user.username, password: STRONG_PASSWORD }, { 'x-mahalle-client': 'desktop' });
    expect(desktop.status).toBe(200);
    expect(await handshake({ token: desktop.body.token, origin: 'null' })).toBe('connected');
  });
});

describe('requests a cross-site page can make', () => {
  it('refuses a change with no Origin but a Referer from another site', async () => {
    const cross = await m.client.post('/api/posts', { content: 'Başka siteden' }, { referer: 'https://kotu.example/sayfa' });
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe('cross_origin');
    const unreadable = await m.client.post('/api/posts', { content: 'Bozuk adres' }, { referer: 'bir yer' });
    expect(unreadable.status).toBe(403);
    const ownSite = await m.client.post('/api/posts', { content: 'Kendi sitemizden' }, { referer: `${server.url}/akis` });
    expect(ownSite.status).toBe(201);
    // Neither header (a script, curl): nothing to judge by, so the write goes through.
    expect((await m.client.post('/api/posts', { content: 'Başlıksız' })).status).toBe(201);
  });

  it('reads only JSON and multipart bodies: a urlencoded form is refused with 415', async () => {
    const login = await server.client().request('POST', '/api/auth/login', {
      body: new URLSearchParams({ username: m.user.username, password: STRONG_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.status).toBe(415);
    expect(login.body).toEqual({ error: TEXTS.errors.unsupportedMediaType, code: 'unsupported_media_type' });
    const post = await m.client.request('POST', '/api/posts', { body: 'content=Form', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.status).toBe(415);
  });
});
