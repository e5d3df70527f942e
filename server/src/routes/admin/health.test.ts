import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { startMailSink, type MailSink } from '../../test/mail-sink';

const TOKEN = 'health-test-token';

/** A port nothing listens on: every mail to it fails at the connection. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

describe('a failing mail server is visible to the organiser', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      mail: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'Mahalle <m@example.org>' },
      publicUrl: 'https://mahalle.example.org',
      metricsToken: TOKEN,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('in the admin panel’s health answer and in /metrics, and only for admins', async () => {
    const admin = await server.admin();
    const member = await server.member();
    expect((await member.client.get('/api/admin/health')).status).toBe(403);
    expect((await server.client().get('/api/admin/health')).status).toBe(401);
    const before = (await admin.client.get('/api/admin/health')).body;
    expect(before.mail).toMatchObject({ configured: true, sent: 0, failed: 0, consecutiveFailures: 0, lastError: null });

    // The answer never waits for the mail: the failure comes after it.
    expect((await server.client().post('/api/auth/forgot-password', { email: member.user.email })).status).toBe(200);
    const after = await until(
      async () => (await admin.client.get('/api/admin/health')).body,
      (b) => b.mail.failed > 0,
    );
    expect(after.mail).toMatchObject({ configured: true, failed: 1, consecutiveFailures: 1 });
    expect(after.mail.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(after.mail.lastError).not.toContain(member.user.email);
    expect(Date.parse(after.mail.lastFailureAt)).toBeGreaterThan(Date.now() - 60_000);

    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await metrics.text()).toMatch(/^mahalle_mail_failures_total 1$/m);
  });
});

describe('a working mail server', () => {
  let sink: MailSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ mail: { smtpUrl: sink.url, from: 'Mahalle <m@example.org>' }, publicUrl: 'https://mahalle.example.org' });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('counts what went out and shows no failure', async () => {
    const admin = await server.admin();
    const member = await server.member();
    await server.client().post('/api/auth/forgot-password', { email: member.user.email });
    await sink.next(member.user.email);
    const health = await until(
      async () => (await admin.client.get('/api/admin/health')).body,
      (b) => b.mail.sent > 0,
    );
    expect(health.mail).toMatchObject({ configured: true, sent: 1, failed: 0, consecutiveFailures: 0, lastError: null, lastFailureAt: null });
  });
});
