import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { TEXTS } from '@mahalle/shared';
import { startTestServer, type TestServer } from './test/harness';

const PG_URL = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = { error: TEXTS.errors.databaseUnavailable, code: 'database_unavailable' };

/**
 * A TCP hop between the server and PostgreSQL that the test can cut and mend, as a network
 * failure or a database restart would: cutting ends every connection and refuses new ones.
 */
class CuttableLink {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((inbound) => {
      const outbound = net.connect(this.target.port, this.target.host);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe.skipIf(!!PG_URL)('writes while SQLite is locked by another process', () => {
  it('answer 503 database_unavailable while another program holds the write lock, and work again afterwards', async () => {
    server = await startTestServer();
    const m = await server.member();
    const other = knexFactory({ client: 'sqlite3', connection: { filename: path.join(server.ctx.config.dataDir, 'mahalle.sqlite') }, useNullAsDefault: true });
    try {
      await other.raw('BEGIN EXCLUSIVE');
      const refused = await m.client.post('/api/posts', { content: 'Kilitliyken' });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(UNAVAILABLE);
      expect(refused.headers.get('retry-after')).toBe('5');
      await other.raw('ROLLBACK');
    } finally {
      await other.destroy();
    }
    const written = await m.client.post('/api/posts', { content: 'Kilit kalkınca' });
    expect(written.status).toBe(201);
  }, 30_000);
});

describe.skipIf(!PG_URL)('PostgreSQL going away under a running server', () => {
  it('keeps the process up when every connection is terminated, and serves again', async () => {
    const appName = `mahalle_fault_${process.pid}_${Date.now()}`;
    server = await startTestServer({ databaseUrl: `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}application_name=${appName}` });
    const m = await server.member();
    const admin = knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } });
    try {
      // Every connection of this server: the query pool, the adapter's pool and its LISTEN.
      const { rows } = await admin.raw('select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = ?', [appName]);
      expect(rows.length).toBeGreaterThan(1);
    } finally {
      await admin.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await server.client().get('/api/health')).status).toBe(200);
    expect((await m.client.post('/api/posts', { content: 'Yeniden bağlandı' })).status).toBe(201);
  });

  it('answers writes with 503 database_unavailable while the database is unreachable, and serves again when it is back', async () => {
    const url = new URL(PG_URL!);
    const link = new CuttableLink({ host: url.hostname, port: Number(url.port || 5432) });
    await link.open();
    const viaLink = new URL(PG_URL!);
    viaLink.hostname = '127.0.0.1';
    viaLink.port = String(link.port);
    server = await startTestServer({ databaseUrl: viaLink.toString() });
    const m = await server.member();
    expect((await m.client.post('/api/posts', { content: 'Önce' })).status).toBe(201);

    await link.cut();
    const refused = await m.client.post('/api/posts', { content: 'Kopukken' });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(UNAVAILABLE);
    // The first request may meet a connection dying under it; this one meets a refused connect.
    const again = await m.client.post('/api/posts', { content: 'Hâlâ kopuk' });
    expect(again.status).toBe(503);
    expect(again.body).toEqual(UNAVAILABLE);
    const health = await server.client().get('/api/health');
    expect(health.status).toBe(503);

    await link.open();
    expect((await server.client().get('/api/health')).status).toBe(200);
    const written = await m.client.post('/api/posts', { content: 'Sonra' });
    expect(written.status).toBe(201);
    await link.cut();
    // close() below ends the pools; the link is already down, which must not hang it.
    await link.open();
  });
});
