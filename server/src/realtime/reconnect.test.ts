import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type Member, type TestServer } from '../test/harness';

/**
 * A database restart or failover ends every connection. The one that hurts is the socket
 * adapter's LISTEN connection: it is checked out of its pool, so nothing listened for its
 * 'error' and the process died. Here the backend is terminated under two running nodes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('losing the LISTEN connection on PostgreSQL', () => {
  let node1: TestServer;
  let node2: TestServer;
  let pgAdmin: Knex;
  const sockets: Socket[] = [];

  async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting until ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const bothSeeTwo = async () => {
    const counts = await Promise.all([node1, node2].map((n) => n.realtime.io.of('/').adapter.serverCount()));
    return counts.every((c) => c === 2);
  };

  /** This test's LISTEN backends only: channels carry the schema's name, other runs share the database. */
  function listeners() {
    const schema = node1.ctx.config.databaseSchema!;
    return pgAdmin
      .select('pid')
      .from('pg_stat_activity')
      .where('query', 'like', `LISTEN "mahalle:${schema}#%`)
      .andWhere('datname', pgAdmin.raw('current_database()'));
  }

  beforeAll(async () => {
    node1 = await startTestServer();
    node2 = await node1.anotherNode();
    pgAdmin = knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
    await waitUntil('the nodes found each other', bothSeeTwo);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await pgAdmin?.destroy();
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

  function nextEvent(socket: Socket, event: string, timeoutMs = 5000): Promise<any> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      socket.once(event, (payload: any) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }

  it('keeps both nodes up, listens again by itself, and delivers across nodes afterwards', async () => {
    const a = await node1.member();
    const b = await node2.member();
    const bSocket = socketOn(node2, b);
    await nextEvent(bSocket, 'connect');

    const before = await listeners();
    expect(before.length).toBe(2); // one LISTEN connection per node
    const terminated = await pgAdmin.raw('select pg_terminate_backend(pid) as ok from pg_stat_activity where pid = any(?)', [
      before.map((r: { pid: number }) => r.pid),
    ]);
    expect(terminated.rows.every((r: { ok: boolean }) => r.ok)).toBe(true);

    // The nodes are still serving, and each has a new LISTEN connection of its own.
    await waitUntil('both nodes listen again', async () => {
      const now = await listeners();
      return now.length === 2 && now.every((r: { pid: number }) => !before.some((o: { pid: number }) => o.pid === r.pid));
    });
    for (const node of [node1, node2]) expect((await node.client().get('/api/health')).status).toBe(200);

    const newMessage = nextEvent(bSocket, 'new_message');
    const sent = await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Bağlantı döndü' });
    expect(sent.status).toBe(201);
    expect((await newMessage).message).toMatchObject({ content: 'Bağlantı döndü', senderId: a.user.id });
  });
});
