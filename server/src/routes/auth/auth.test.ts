import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, STRONG_PASSWORD, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function registration(over: Record<string, unknown> = {}) {
  return {
    displayName: 'Ayşe Yılmaz',
    username: 'ayse',
    email: 'ayse@ornek.com',
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
    ...over,
  };
}

describe('register', () => {
  it('creates a member, signs them in with an httpOnly cookie and never trusts a sent role', async () => {
    const c = server.client();
    const res = await c.post('/api/auth/register', registration({ role: 'admin', userId: 1 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'ayse', displayName: 'Ayşe Yılmaz', email: 'ayse@ornek.com', role: 'user' });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('password_hash');
    const cookie = res.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/mahalle_sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('ayse');
  });

  it('refuses a taken username regardless of case, Turkish İ included', async () => {
    await server.member({ username: 'ismail', email: 'ismail@ornek.com' });
    for (const username of ['ISMAIL', 'İsmail', 'ısmaıl']) {
      const res = await server.client().post('/api/auth/register', registration({ username, email: `${Math.random()}@x.com` }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Bu kullanıcı adı zaten kullanılıyor', code: 'username_taken' });
    }
  });

  it('refuses a taken e-mail regardless of case', async () => {
    await server.member({ username: 'mehmet', email: 'Mehmet@Ornek.com' });
    const res = await server.client().post('/api/auth/register', registration({ username: 'mehmet2', email: 'MEHMET@ornek.com' }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_taken');
  });

  it('checks every field with a Turkish message', async () => {
    const c = server.client();
    const missing = await c.post('/api/auth/register', {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    expect(missing.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['displayName', 'username', 'email', 'password', 'confirmPassword']),
    );
    expect(missing.body.error).toBe('Ad soyad gereklidir');

    const email = await c.post('/api/auth/register', registration({ username: 'x_email', email: 'not-an-email' }));
    expect(email.status).toBe(400);
    expect(email.body.error).toBe('Geçerli bir e-posta adresi girin');

    const differ = await c.post('/api/auth/register', registration({ username: 'x_differ', confirmPassword: 'Baska.Sifre2' }));
    expect(differ.status).toBe(400);
    expect(differ.body).toMatchObject({ error: 'Şifreler eşleşmiyor', code: 'passwords_differ' });

    const weak = await c.post('/api/auth/register', registration({ username: 'x_weak', password: 'aaaaaa', confirmPassword: 'aaaaaa' }));
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: 'Lütfen daha güçlü bir şifre seçin', code: 'weak_password' });

    const short = await c.post('/api/auth/register', registration({ username: 'x_short', password: 'Ab1!', confirmPassword: 'Ab1!' }));
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Şifre en az 6 karakter olmalıdır');

    const badName = await c.post('/api/auth/register', registration({ username: 'a b<script>' }));
    expect(badName.status).toBe(400);
    expect(badName.body.details[0].path).toBe('username');

    const wrongTypes = await c.post('/api/auth/register', registration({ username: 42, password: ['x'] }));
    expect(wrongTypes.status).toBe(400);

    const count = await server.ctx.db('users').whereIn('username', ['x_email', 'x_differ', 'x_weak', 'x_short']).count({ n: '*' });
    expect(Number(count[0]?.n)).toBe(0);
  });
});

describe('login, me and logout', () => {
  it('signs in by username or e-mail, with a new session id each time', async () => {
    const { user } = await server.member({ username: 'zeynep', email: 'zeynep@ornek.com' });
    const c = server.client();
    const first = await c.post('/api/auth/login', { username: 'ZEYNEP', password: STRONG_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(user.id);
    const firstCookie = c.cookieHeader;
    const second = await c.post('/api/auth/login', { username: 'zeynep@ornek.com', password: STRONG_PASSWORD });
    expect(second.status).toBe(200);
    expect(c.cookieHeader).not.toBe(firstCookie);
    // The session the second login replaced is gone.
    const stale = await server.client().get('/api/auth/me', { cookie: firstCookie });
    expect(stale.status).toBe(401);
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });

  it('says the same thing for a wrong password and an unknown user', async () => {
    await server.member({ username: 'kerem' });
    const wrong = await server.client().post('/api/auth/login', { username: 'kerem', password: 'Yanlis.Sifre9' });
    const unknown = await server.client().post('/api/auth/login', { username: 'yokboyle', password: 'Yanlis.Sifre9' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: 'Kullanıcı adı veya şifre hatalı', code: 'invalid_credentials' });
  });

  it('requires username and password', async () => {
    const res = await server.client().post('/api/auth/login', { username: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Kullanıcı adı gereklidir');
  });

  it('never signs a demo account in', async () => {
    await server.ctx.db('users').insert({
      username: 'demo_kisi',
      username_key: 'demo_kisi',
      display_name: 'Demo',
      email: 'demo@ornek.com',
      email_key: 'demo@ornek.com',
      password_hash: null,
      is_demo: true,
    });
    const res = await server.client().post('/api/auth/login', { username: 'demo_kisi', password: '' + STRONG_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it('answers 401 to /me when signed out and after logout, and logout deletes the session row', async () => {
    const anon = await server.client().get('/api/auth/me');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('unauthorized');

    const { client, user } = await server.member();
    const before = await server.ctx.db('sessions').where({ user_id: user.id }).count({ n: '*' });
    expect(Number(before[0]?.n)).toBe(1);
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const after = await server.ctx.db('sessions').where({ user_id: user.id }).count({ n: '*' });
    expect(Number(after[0]?.n)).toBe(0);
  });

  it('signs the configured admin in with role admin', async () => {
    const res = await server.client().post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
  });

  it('gives the desktop app a bearer token instead of a cookie', async () => {
    const { user } = await server.member({ username: 'masaustu' });
    const c = server.client();
    const res = await c.post('/api/auth/login', { username: 'masaustu', password: STRONG_PASSWORD }, { 'x-mahalle-client': 'desktop' });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    expect(res.headers.getSetCookie()).toHaveLength(0);
    const me = await server.client().get('/api/auth/me', { authorization: `Bearer ${res.body.token}` });
    expect(me.body.id).toBe(user.id);
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie request that changes something from another origin', async () => {
    const { client } = await server.member();
    const res = await client.post('/api/auth/logout', {}, { origin: 'https://kotu.example' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cross_origin');
    const site = await client.post('/api/auth/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(site.status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const own = await client.post('/api/auth/logout', {}, { origin: server.url });
    expect(own.status).toBe(200);
  });
});
