import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    rateLimits: {
      loginPerIp: { points: 5, durationSec: 60 },
      loginFailuresPerAccount: { points: 3, durationSec: 60 },
      registerPerIp: { points: 3, durationSec: 60 },
    },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('bad input never crashes the server and always gets a Turkish JSON error', () => {
  it('malformed JSON is a 400', async () => {
    const res = await server.client().request('POST', '/api/auth/login', {
      body: '{"username": "a",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'İstek gövdesi geçerli bir JSON değil', code: 'invalid_json' });
  });

  it('a huge body is a 413', async () => {
    const res = await server.client().request('POST', '/api/auth/login', {
      body: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024), password: 'y' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('a body of an unknown type is a 415', async () => {
    const res = await server.client().request('POST', '/api/auth/login', {
      body: 'username=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
  });

  it('an unknown API route is a JSON 404, never the HTML page', async () => {
    const res = await server.client().get('/api/bunlar/yok');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body).toEqual({ error: 'Böyle bir API adresi yok', code: 'route_not_found' });
    const del = await server.client().delete('/api/auth');
    expect(del.status).toBe(404);
  });

  it('answers with a request id and safe headers', async () => {
    const res = await server.client().get('/api/health');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('serves the UI for client-side routes', async () => {
    const res = await server.client().get('/qa/question/3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/html/);
    expect(res.text).toMatch(/<html/i);
  });

  it('keeps running after all of that', async () => {
    expect((await server.client().get('/api/health')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits failed logins per account with a Turkish 429 and Retry-After', async () => {
    await server.member({ username: 'hedef' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await server.client().post('/api/auth/login', { username: 'hedef', password: 'Yanlis.Sifre' + i });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.body).toEqual({ error: 'Çok fazla deneme yaptınız. Lütfen biraz sonra tekrar deneyin.', code: 'too_many_requests' });
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The same account by its e-mail is the same lock: no fresh tries.
    expect((await server.client().post('/api/auth/login', { username: 'HEDEF@ornek.com', password: 'Yanlis.Sifre9' })).status).toBe(429);
  });

  it('limits registrations per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await server.client().post('/api/auth/register', {});
      statuses.push(r.status);
    }
    // One registration was spent by member() above.
    expect(statuses.slice(0, 2)).toEqual([400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the desktop app's origin", () => {
  it('may call the API with a bearer token across origins, never with the cookie', async () => {
    const pre = await server.client().request('OPTIONS', '/api/auth/me', {
      headers: { origin: 'null', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const res = await server.client().get('/api/health', { origin: 'null' });
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
