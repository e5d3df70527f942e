import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type Member, type TestServer } from '../test/harness';

/**
 * A node stops whole: its close() resolves with another node still running on the same
 * database and sockets connected to both (on PostgreSQL the nodes share the socket.io adapter
 * through LISTEN/NOTIFY). vitest's timeout catches a close that hangs.
 */
describe('closing server nodes', () => {
  function socketOn(node: TestServer, member: Member): Promise<Socket> {
    const socket = connect(node.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: member.client.cookieHeader },
    });
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', (err) => reject(err));
    });
  }

  it('closes a second node and then the first, each with a socket connected; the first keeps its sockets meanwhile', async () => {
    const node1 = await startTestServer();
    const node2 = await node1.anotherNode();
    const sender = await node1.member();
    const receiver = await node1.member();
    const sockets = [await socketOn(node1, receiver), await socketOn(node2, await node2.member())];
    const disconnected = sockets.map((s) => new Promise<string>((resolve) => s.on('disconnect', (reason) => resolve(reason))));
    await node2.close();
    expect(await disconnected[1]).toBe('io server disconnect');
    // Once node 1 has heard node 2 leave, its own socket still gets what is sent to it.
    while ((await node1.realtime.io.of('/').adapter.serverCount()) > 1) await new Promise((r) => setTimeout(r, 50));
    const received = new Promise((resolve) => sockets[0]?.on('new_message', resolve));
    expect((await sender.client.post('/api/messages', { receiverId: receiver.user.id, content: 'Hâlâ buradayım' })).status).toBe(201);
    await received;
    expect(sockets[0]?.connected).toBe(true);
    await node1.close();
    expect(await disconnected[0]).toBe('io server disconnect');
  });

  it('closes a second node right after it started', async () => {
    const node1 = await startTestServer();
    const node2 = await node1.anotherNode();
    await node2.close();
    await node1.close();
  });
});
