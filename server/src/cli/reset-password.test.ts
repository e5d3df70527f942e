import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startTestServer, type ApiClient, type TestServer } from '../test/harness';
import { cli } from '../test/ops';
import { cliActorLabel } from './context';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function auditEntries(action: string) {
  const admin = await server.admin();
  const res = await admin.client.get(`/api/admin/audit?action=${action}&direction=desc`);
  expect(res.status).toBe(200);
  return res.body.items as { actorId: number | null; actorUsername: string | null; targetId: string | null }[];
}

/** A write always reads the session afresh (no cache), so it tells at once whether a session still stands. */
async function canWrite(client: ApiClient): Promise<boolean> {
  const res = await client.post('/api/posts', { content: 'hâlâ burada mıyım?' });
  return res.status === 201;
}

describe('npm run admin -- reset-password', () => {
  it('prints a single-use link that sets a new password and ends every session, audited as the command line', async () => {
    const member = await server.member();
    expect(await canWrite(member.client)).toBe(true);
    const res = await cli(['reset-password', member.user.username], server.ctx.config);
    expect(res.code, res.stderr).toBe(0);
    const token = /\/reset-password#([A-Za-z0-9_-]{43})/.exec(res.stdout)?.[1];
    expect(token, res.stdout).toBeDefined();
    expect(res.stdout).toContain('PUBLIC_URL');
    const entry = (await auditEntries('user.password_reset_link')).at(0);
    expect(entry).toMatchObject({ actorId: null, actorUsername: cliActorLabel(), targetId: String(member.user.id) });

    const NEW = 'Komut.Satiri42';
    const reset = await server.client().post('/api/auth/reset-password', { token, password: NEW, confirmPassword: NEW });
    expect(reset.status).toBe(200);
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { username: member.user.username, password: NEW })).status).toBe(200);
  });

  it('with --password sets it at once and signs the member out everywhere', async () => {
    const member = await server.member();
    const other = server.client();
    expect((await other.post('/api/auth/login', { username: member.user.username, password: STRONG_PASSWORD })).status).toBe(200);
    expect(await canWrite(member.client)).toBe(true);
    expect(await canWrite(other)).toBe(true);
    // An earlier link stops working too.
    const earlier = await cli(['reset-password', member.user.email], server.ctx.config);
    const earlierToken = /#([A-Za-z0-9_-]{43})/.exec(earlier.stdout)?.[1];

    const NEW = 'Dogrudan.Sifre7';
    const res = await cli(['reset-password', member.user.email, '--password', NEW], server.ctx.config);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('2 oturum kapatıldı');
    expect(await canWrite(member.client)).toBe(false);
    expect(await canWrite(other)).toBe(false);
    expect((await server.client().post('/api/auth/login', { username: member.user.username, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { username: member.user.username, password: NEW })).status).toBe(200);
    const stale = await server.client().post('/api/auth/reset-password', { token: earlierToken, password: 'Baska.Sifre77', confirmPassword: 'Baska.Sifre77' });
    expect(stale.body.code).toBe('link_invalid');
    const entry = (await auditEntries('user.password_set')).at(0);
    expect(entry).toMatchObject({ actorId: null, actorUsername: cliActorLabel(), targetId: String(member.user.id) });
  });

  it('refuses a weak password, an unknown member and a missing argument', async () => {
    const member = await server.member();
    const weak = await cli(['reset-password', member.user.username, '--password', 'abcdef'], server.ctx.config);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('daha güçlü');
    const unknown = await cli(['reset-password', 'kimse_yok'], server.ctx.config);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No such user');
    expect((await cli(['reset-password'], server.ctx.config)).code).toBe(2);
    const help = await cli(['reset-password', '--help'], server.ctx.config);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('single-use');
  });
});
