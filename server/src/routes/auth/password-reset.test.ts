import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, STRONG_PASSWORD, type TestServer } from '../../test/harness';
import { startMailSink, type MailSink } from '../../test/mail-sink';

const PUBLIC_URL = 'https://mahalle.example.org';
const NEW_PASSWORD = 'Yepyeni.Sifre42';

/** The token out of a link `…/reset-password#<token>` in a mail or an admin's answer. */
function tokenIn(text: string, page = 'reset-password'): string {
  const m = new RegExp(`/${page}#([A-Za-z0-9_-]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return m[1];
}

describe('forgotten password by e-mail (SMTP sink)', () => {
  let sink: MailSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer({ mail: { smtpUrl: sink.url, from: 'Mahalle <bildirim@mahalle.example.org>' }, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('mails a Turkish single-use link, answers unknown addresses the same, and the reset signs the member out everywhere', async () => {
    const member = await server.member();
    const otherDevice = server.client();
    expect((await otherDevice.post('/api/auth/login', { username: member.user.username, password: STRONG_PASSWORD })).status).toBe(200);
    // Both sessions are warm in the session cache.
    expect((await member.client.get('/api/auth/me')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(200);

    expect((await server.client().get('/api/auth/options')).body).toEqual({ passwordResetByMail: true, emailVerification: false });
    const visitor = server.client();
    const unknown = await visitor.post('/api/auth/forgot-password', { email: 'kimse-yok@ornek.com' });
    const known = await visitor.post('/api/auth/forgot-password', { email: member.user.email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const mail = await sink.next(member.user.email);
    expect(sink.received.filter((m) => m.to.includes('kimse-yok@ornek.com'))).toHaveLength(0);
    expect(mail.subject).toBe('Mahalle şifre yenileme bağlantınız');
    expect(mail.text).toContain('bir saat geçerlidir');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password#`);
    const token = tokenIn(mail.text);

    const weak = await visitor.post('/api/auth/reset-password', { token, password: '123456', confirmPassword: '123456' });
    expect(weak.status).toBe(400);
    const reset = await visitor.post('/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);

    // Signed out at once, on this node, although the sessions were cached.
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { username: member.user.username, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { username: member.user.username, password: NEW_PASSWORD })).status).toBe(200);

    const again = await visitor.post('/api/auth/reset-password', { token, password: 'Baska.Sifre77', confirmPassword: 'Baska.Sifre77' });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('link_used');
    expect(again.body.error).toContain('daha önce kullanıldı');
  });

  it('refuses links it never issued, links a newer one replaced, and links past their hour', async () => {
    const member = await server.member();
    const visitor = server.client();
    const bogus = await visitor.post('/api/auth/reset-password', { token: 'x'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(bogus.status).toBe(400);
    expect(bogus.body.code).toBe('link_invalid');

    await visitor.post('/api/auth/forgot-password', { email: member.user.email });
    const first = await sink.next(member.user.email);
    await visitor.post('/api/auth/forgot-password', { email: member.user.email });
    const second = await sink.next(member.user.email, new Set([first]));
    // One live link per member: the first is gone.
    const replaced = await visitor.post('/api/auth/reset-password', { token: tokenIn(first.text), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(replaced.body.code).toBe('link_invalid');
    const rows = await server.ctx.db('account_links').where({ user_id: member.user.id });
    expect(rows).toHaveLength(1);
    // Only the hash is stored.
    expect(JSON.stringify(rows)).not.toContain(tokenIn(second.text));

    await server.ctx
      .db('account_links')
      .where({ user_id: member.user.id })
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const expired = await visitor.post('/api/auth/reset-password', { token: tokenIn(second.text), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('link_expired');
    expect((await server.client().post('/api/auth/login', { username: member.user.username, password: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe('password help limits', () => {
  it('counts requests per address (429) and mails an address at most its share', async () => {
    const sink = await startMailSink();
    const server = await startTestServer({
      mail: { smtpUrl: sink.url, from: 'Mahalle <m@example.org>' },
      publicUrl: PUBLIC_URL,
      accountMailLimits: { perIp: { points: 3, durationSec: 600 }, perEmail: { points: 1, durationSec: 600 } },
    });
    try {
      const member = await server.member();
      const visitor = server.client();
      expect((await visitor.post('/api/auth/forgot-password', { email: member.user.email })).status).toBe(200);
      const first = await sink.next(member.user.email);
      // Past the address's share: the same answer, and no second mail is made.
      expect((await visitor.post('/api/auth/forgot-password', { email: member.user.email })).status).toBe(200);
      expect((await visitor.post('/api/auth/forgot-password', { email: 'baska@ornek.com' })).status).toBe(200);
      const limited = await visitor.post('/api/auth/forgot-password', { email: member.user.email });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
      const rows = await server.ctx.db('account_links').where({ user_id: member.user.id });
      expect(rows).toHaveLength(1);
      expect(first.text).toContain('/reset-password#');
    } finally {
      await server.close();
      await sink.close();
    }
  });
});

describe('forgotten password without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("says to ask an admin; the admin makes the same single-use link, audited, and it ends the member's sessions", async () => {
    expect((await server.client().get('/api/auth/options')).body).toEqual({ passwordResetByMail: false, emailVerification: false });
    const refused = await server.client().post('/api/auth/forgot-password', { email: 'biri@ornek.com' });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('mail_unavailable');
    expect(refused.body.error).toContain('yöneticisine');

    const member = await server.member();
    expect((await member.client.get('/api/auth/me')).status).toBe(200);
    const admin = await server.admin();
    expect((await member.client.post(`/api/admin/users/${member.user.id}/password-reset-link`)).status).toBe(403);
    const made = await admin.client.post(`/api/admin/users/${member.user.id}/password-reset-link`);
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(new RegExp(`^${server.url}/reset-password#[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await admin.client.post('/api/admin/users/999999/password-reset-link')).body.code).toBe('user_not_found');

    const audit = (await admin.client.get('/api/admin/audit?action=user.password_reset_link')).body.items;
    expect(audit.at(0)).toMatchObject({ action: 'user.password_reset_link', targetType: 'user', targetId: String(member.user.id) });
    expect(JSON.stringify(audit)).not.toContain(tokenIn(made.body.url));

    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token: tokenIn(made.body.url), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { username: member.user.email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('e-mail verification at registration (REQUIRE_EMAIL_VERIFICATION)', () => {
  it('registers without a session, refuses sign-in until the link is followed, and resends a link', async () => {
    const sink = await startMailSink();
    const server = await startTestServer({
      mail: { smtpUrl: sink.url, from: 'Mahalle <m@example.org>' },
      publicUrl: PUBLIC_URL,
      requireEmailVerification: true,
    });
    try {
      expect((await server.client().get('/api/auth/options')).body).toEqual({ passwordResetByMail: true, emailVerification: true });
      const client = server.client();
      const email = 'yeni.uye@ornek.com';
      const reg = await client.post('/api/auth/register', {
        displayName: 'Yeni Üye',
        username: 'yeni_uye',
        email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        acceptTerms: true,
        acceptPrivacy: true,
      });
      expect(reg.status).toBe(201);
      expect(reg.body.emailVerificationRequired).toBe(true);
      expect((await client.get('/api/auth/me')).status).toBe(401);
      const first = await sink.next(email);
      expect(first.subject).toBe('Mahalle e-posta adresinizi doğrulayın');

      const wrong = await server.client().post('/api/auth/login', { username: 'yeni_uye', password: 'Yanlis.Sifre1' });
      expect(wrong.body.code).toBe('invalid_credentials');
      const refused = await server.client().post('/api/auth/login', { username: 'yeni_uye', password: STRONG_PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('email_not_verified');

      expect((await server.client().post('/api/auth/resend-verification', { email })).status).toBe(200);
      const second = await sink.next(email, new Set([first]));
      const stale = await server.client().post('/api/auth/verify-email', { token: tokenIn(first.text, 'verify-email') });
      expect(stale.body.code).toBe('link_invalid');
      expect((await server.client().post('/api/auth/verify-email', { token: tokenIn(second.text, 'verify-email') })).status).toBe(200);
      expect((await server.client().post('/api/auth/login', { username: 'yeni_uye', password: STRONG_PASSWORD })).status).toBe(200);
      // The admin (made at boot) is never held back.
      expect((await server.admin()).user.role).toBe('admin');
    } finally {
      await server.close();
      await sink.close();
    }
  });
});
