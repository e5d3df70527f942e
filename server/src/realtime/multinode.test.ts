import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type Member, type TestServer } from '../test/harness';

/** Two server nodes on one PostgreSQL schema, as behind a load balancer. SQLite is one node by nature. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('several nodes on one PostgreSQL database', () => {
  let node1: TestServer;
  let node2: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const rateLimits = {
      loginPerIp: { points: 4, durationSec: 60 },
      loginFailuresPerAccount: { points: 10_000, durationSec: 60 },
      registerPerIp: { points: 10_000, durationSec: 60 },
    };
    node1 = await startTestServer({ rateLimits });
    node2 = await node1.anotherNode();
    // The nodes find each other by heartbeats over NOTIFY; wait until each has heard the other,
    // so both are listening before the tests broadcast.
    const start = Date.now();
    for (;;) {
      const counts = await Promise.all([node1, node2].map((n) => n.realtime.io.of('/').adapter.serverCount()));
      if (counts.every((c) => c === 2)) break;
      if (Date.now() - start > 15_000) throw new Error(`the nodes did not find each other: ${counts.join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await node2?.close();
    await node1?.close();
  });

  function socketOn(node: TestServer, member: Member): Socket {
    const socket = connect(node.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: member.client.cookieHeader },
    });
    sockets.push(socket);
    return socket;
  }

  function connected(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', (err) => reject(err));
    });
  }

  function nextEvent(socket: Socket, event: string, match: (p: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      const listener = (payload: any) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });
  }

  it("delivers a message sent through node 1 to the receiver's socket on node 2", async () => {
    const a = await node1.member();
    const b = await node2.member();
    const bSocket = socketOn(node2, b);
    const initialCount = nextEvent(bSocket, 'message_count', (p) => p.count === 0);
    await connected(bSocket);
    await initialCount;

    const newMessage = nextEvent(bSocket, 'new_message');
    const count = nextEvent(bSocket, 'message_count', (p) => p.count === 1);
    const sent = await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Öbür düğümden merhaba' });
    expect(sent.status).toBe(201);
    expect((await newMessage).message).toMatchObject({ content: 'Öbür düğümden merhaba', senderId: a.user.id, receiverId: b.user.id });
    expect(await count).toEqual({ count: 1 });
  });

  it("disconnects a session's socket on node 2 when it logs out on node 1", async () => {
    const m = await node1.member();
    const socket = socketOn(node2, m);
    await connected(socket);
    const gone = nextEvent(socket, 'disconnect');
    const res = await m.client.post('/api/auth/logout'); // m signed up, and so talks, on node 1
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it("refuses a session on node 2 within a second of its logout on node 1, and shows node 1's writes to node 2's readers", async () => {
    const m = await node1.member();
    const cookie = m.client.cookieHeader;
    const onNode2 = (path: string) => fetch(`${node2.url}${path}`, { headers: { cookie } });
    expect((await onNode2('/api/auth/me')).status).toBe(200);
    expect((await onNode2('/api/auth/me')).status).toBe(200); // node 2 now holds it in memory
    expect((await m.client.post('/api/auth/logout')).status).toBe(200);
    const loggedOutAt = Date.now();
    // The message arrives in milliseconds; the 1 s cache lifetime alone would not make it in time.
    await expect.poll(async () => (await onNode2('/api/auth/me')).status, { timeout: 400, interval: 20 }).toBe(401);
    expect(Date.now() - loggedOutAt).toBeLessThan(1000);

    // (Role changes and deletions travel the same way: every write empties every node's caches.
    // Not exercised here, where an admin's login would spend the login limit the next test counts.)
    const other = await node1.member();
    // A visitor's cached feed on node 2 shows a post written through node 1.
    await fetch(`${node2.url}/api/posts`);
    await fetch(`${node2.url}/api/posts`);
    const post = (await other.client.post('/api/posts', { content: 'öbür düğümden gönderi' })).body;
    await expect
      .poll(async () => ((await (await fetch(`${node2.url}/api/posts`)).json()) as { id: number }[])[0]?.id, { timeout: 400, interval: 20 })
      .toBe(post.id);
  });

  it('counts the login limit across both nodes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? node1 : node2;
      const r = await node.client().post('/api/auth/login', { username: 'kimsebilmez', password: 'Yanlis.Sifre1' });
      statuses.push(r.status);
    }
    // Four attempts for this client in all. Kept per node (three each), none would be refused.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('nodes booting together on an empty PostgreSQL database', () => {
  it('migrate, seed the demo and create the admin once, and all start', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const crypto = await import('node:crypto');
    const { default: knexFactory } = await import('knex');
    const { loadConfig } = await import('../config');
    const { startServer } = await import('../server');
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_boot_${crypto.randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url });
    await admin.raw(`create schema "${schema}"`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-boot-'));
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        dataDir,
        uploadsDir: path.join(dataDir, 'uploads'),
        port: 0,
        host: '127.0.0.1',
        databaseUrl: url,
        databaseSchema: schema,
        seedDemo: true,
        logLevel: 'silent',
        adminUsername: 'yonetici',
        adminPassword: 'Yonetici.Sifre1',
        passwordHashCost: 10,
        sessionSecret: 'x'.repeat(32),
      },
    );
    try {
      const nodes = await Promise.all([startServer(config), startServer(config), startServer(config)]);
      try {
        for (const n of nodes) expect((await fetch(`${n.url}/api/health`)).status).toBe(200);
        const admins = await admin.withSchema(schema).from('users').where({ role: 'admin' }).count({ n: '*' });
        expect(Number(admins[0]?.n)).toBe(1);
        const demo = await admin.withSchema(schema).from('users').where({ is_demo: true }).count({ n: '*' });
        const seededOnce = await admin.withSchema(schema).from('users').where({ username: 'elif_kaya' }).count({ n: '*' });
        expect(Number(demo[0]?.n)).toBeGreaterThan(0);
        expect(Number(seededOnce[0]?.n)).toBe(1);
      } finally {
        for (const n of nodes) await n.close();
      }
    } finally {
      await admin.raw(`drop schema "${schema}" cascade`);
      await admin.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
