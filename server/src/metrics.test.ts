import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@mahalle/shared';
import { startTestServer, type TestServer } from './test/harness';

const TOKEN = 'olcum-anahtari-123';

async function scrape(server: TestServer, auth = `Bearer ${TOKEN}`) {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: auth } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series line, e.g. `mahalle_sockets_connected 1`. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist (404)', async () => {
    const server = await startTestServer();
    try {
      expect((await scrape(server)).status).toBe(404);
      expect((await scrape(server, '')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  let socket: Socket | undefined;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    socket?.disconnect();
    await server?.close();
  });

  it('answers only the bearer token', async () => {
    expect((await scrape(server, '')).status).toBe(401);
    expect((await scrape(server, 'Bearer yanlis')).status).toBe(401);
    expect((await scrape(server, `Bearer ${TOKEN}x`)).status).toBe(401);
    const ok = await scrape(server);
    expect(ok.status).toBe(200);
    expect(ok.type).toContain('text/plain');
  });

  it('counts and times requests by route pattern, never by raw URL', async () => {
    const member = await server.member();
    const post = await member.client.post('/api/posts', { content: 'ölçülen gönderi' });
    expect(post.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await server.client().get(`/api/posts/${post.body.id}`)).status).toBe(200);
    expect((await server.client().get('/api/posts/99999999')).status).toBe(404);
    const { text } = await scrape(server);
    expect(value(text, 'mahalle_http_requests_total{method="GET",route="/api/posts/:id",status="200"}')).toBe(3);
    expect(value(text, 'mahalle_http_requests_total{method="GET",route="/api/posts/:id",status="404"}')).toBe(1);
    expect(value(text, 'mahalle_http_request_duration_seconds_count{method="GET",route="/api/posts/:id"}')).toBe(4);
    expect(text).toContain('mahalle_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/posts/:id"}');
    expect(text).not.toContain(`/api/posts/${post.body.id}"`);
    expect(value(text, 'mahalle_http_requests_total{method="POST",route="/api/posts",status="201"}')).toBe(1);
  });

  it('reports event-loop lag, sockets connected, the database pool and the password-hash queue', async () => {
    const member = await server.member();
    socket = connect(server.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: member.client.cookieHeader },
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });
    const { text } = await scrape(server);
    expect(value(text, 'mahalle_sockets_connected')).toBe(1);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'mahalle_db_pool_connections{state="used"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'mahalle_db_pool_connections{state="free"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'mahalle_password_hash_queue')).toBe(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
