import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@mahalle/shared';
import { clientAddress } from './middlewares/rate-limit';
import { STRONG_PASSWORD, startTestServer, type ApiClient, type Member, type TestServer } from './test/harness';

/** Requests as if from `address`, through one trusted proxy (TRUST_PROXY=1). */
const from = (server: TestServer, address: string): ApiClient => server.client().withHeaders({ 'x-forwarded-for': address });
const wrongLogin = (client: ApiClient, username: string, n = 0) => client.post('/api/auth/login', { username, password: `yanlis-${n}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the address a limit keys on', () => {
  it('is one IPv6 /64 for every address in it, and plain IPv4 when IPv4 comes through IPv6', () => {
    expect(clientAddress({ ip: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64');
    expect(clientAddress({ ip: '2001:db8:1:2:bbbb:cccc:dddd:2' })).toBe('2001:db8:1:2::/64');
    expect(clientAddress({ ip: '2001:db8:1:3::1' })).toBe('2001:db8:1:3::/64');
    expect(clientAddress({ ip: '::ffff:10.0.0.1' })).toBe('10.0.0.1');
    expect(clientAddress({ ip: '10.0.0.1' })).toBe('10.0.0.1');
  });
});

describe('the burst limit per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, rateLimits: { authBurstPerIp: { points: 5, durationSec: 10 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a short burst per address is refused before any hash, with Retry-After; other addresses go on', async () => {
    const client = from(server, '10.1.0.1');
    for (let i = 0; i < 5; i++) expect((await wrongLogin(client, `yok_${i}`, i)).status).toBe(401);
    const refused = await wrongLogin(client, 'yok_5');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TEXTS.auth.tooManyAttempts, code: 'too_many_requests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Registering hashes too: the same burst counts it.
    expect((await from(server, '10.1.0.1').post('/api/auth/register', {})).status).toBe(429);
    expect((await wrongLogin(from(server, '10.1.0.2'), 'yok_6')).status).toBe(401);
  });

  it('an IPv6 /64 is one address for the burst limit', async () => {
    for (let i = 0; i < 5; i++) expect((await wrongLogin(from(server, `2001:db8:7:7::${i + 1}`), `v6_${i}`)).status).toBe(401);
    expect((await wrongLogin(from(server, '2001:db8:7:7:ffff::99'), 'v6_x')).status).toBe(429);
    expect((await wrongLogin(from(server, '2001:db8:7:8::1'), 'v6_y')).status).toBe(401);
  });
});

describe('failures per account across addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, loginDelay: { freeFailures: 5, maxDelaySec: 60 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('guesses on one account spread over many addresses earn growing waits, and the owner still gets in', async () => {
    const owner = await server.member();
    const answers: number[] = [];
    // 6 addresses × 10 wrong passwords, each address within its own limits.
    for (let a = 0; a < 6; a++) {
      for (let i = 0; i < 10; i++) {
        answers.push((await wrongLogin(from(server, `10.2.${a}.1`), owner.user.username, i)).status);
      }
    }
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(answers.filter((s) => s === 401).length).toBeLessThan(60);

    // While the account waits, even the right password from a fresh address waits, with Retry-After...
    const ownerClient = from(server, '10.3.0.1');
    let res = await ownerClient.post('/api/auth/login', { username: owner.user.username, password: STRONG_PASSWORD });
    if (res.status === 429) {
      expect(res.body).toEqual({ error: TEXTS.auth.accountCoolingDown, code: 'too_many_requests' });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await sleep(retryAfter * 1000 + 100);
      res = await ownerClient.post('/api/auth/login', { username: owner.user.username, password: STRONG_PASSWORD });
    }
    // ...and after the wait it signs in: a wait, never a lockout.
    expect(res.status).toBe(200);
  });

  it('each failure past the free ones doubles the wait; a success clears the count', async () => {
    const owner = await server.member();
    const address = (n: number) => from(server, `10.4.${n}.1`);
    for (let i = 0; i < 5; i++) expect((await wrongLogin(address(i), owner.user.username, i)).status).toBe(401);
    expect((await wrongLogin(address(5), owner.user.username)).status).toBe(401); // the 6th failure: wait 1 s
    const first = await wrongLogin(address(6), owner.user.username);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    await sleep(1100);
    expect((await wrongLogin(address(7), owner.user.username)).status).toBe(401); // the 7th: wait 2 s
    expect((await wrongLogin(address(8), owner.user.username)).headers.get('retry-after')).toBe('2');
    await sleep(2100);
    expect((await from(server, '10.4.9.1').post('/api/auth/login', { username: owner.user.username, password: STRONG_PASSWORD })).status).toBe(200);
    // Counting starts over: the next failure is a free one again.
    expect((await wrongLogin(address(10), owner.user.username)).status).toBe(401);
    expect((await wrongLogin(address(11), owner.user.username)).status).toBe(401);
  });

  it('a name that matches no account waits the same way, so waits do not tell who is registered', async () => {
    for (let i = 0; i < 6; i++) expect((await wrongLogin(from(server, `10.5.${i}.1`), 'hic_kimse', i)).status).toBe(401);
    expect((await wrongLogin(from(server, '10.5.9.1'), 'hic_kimse')).body.code).toBe('too_many_requests');
  });
});

describe('password hashing', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Production's scrypt cost, one thread and no queue: a second hash at once finds it full.
    server = await startTestServer({ trustProxy: 1, passwordHashCost: 15, passwordHashing: { threads: 1, maxQueue: 0 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs with bounded concurrency: past the queue, 503 with Retry-After and a Turkish message', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => wrongLogin(from(server, `10.6.${i}.1`), `kimse_${i}`, i)));
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.body).toEqual({ error: TEXTS.errors.busy, code: 'server_busy' });
    expect(Number(busy[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answers.filter((r) => r.status === 401).length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 401 || r.status === 503)).toBe(true);
    // Once the pool is free again, sign-in works as before.
    expect((await server.admin()).user.role).toBe('admin');
  });
});

describe('registration refuses the most common passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['abc123', 'Abc123', 'password1', 'iloveyou'])('refuses %s, which the strength rule alone lets through', async (password) => {
    const res = await server.client().post('/api/auth/register', {
      displayName: 'Yaygın Şifre',
      username: `yaygin_${password.toLowerCase()}`,
      email: `yaygin_${password.toLowerCase()}@ornek.com`,
      password,
      confirmPassword: password,
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('common_password');
    expect(res.body.error).toBe(TEXTS.auth.commonPassword);
  });
});

describe('per-member write limits', () => {
  let server: TestServer;
  let author: Member;
  let other: Member;
  let postId: number;
  beforeAll(async () => {
    const tight = (points: number) => ({ points, durationSec: 600 });
    server = await startTestServer({
      writeLimits: {
        posts: tight(3),
        comments: tight(3),
        messages: tight(3),
        likes: tight(4),
        follows: tight(2),
        reports: tight(2),
        uploads: tight(1),
        groups: tight(3),
      },
    });
    author = await server.member();
    other = await server.member();
    postId = (await other.client.post('/api/posts', { content: 'yorumlanacak gönderi' })).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  function expectLimited(res: { status: number; body: any; headers: Headers }) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: TEXTS.errors.tooManyWrites, code: 'too_many_requests' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(500);
  }

  it('posts: a member past the limit gets 429 with Retry-After; another member is not affected', async () => {
    const m = await server.member();
    for (let i = 0; i < 3; i++) expect((await m.client.post('/api/posts', { content: `@${author.user.username} selam ${i}` })).status).toBe(201);
    expectLimited(await m.client.post('/api/posts', { content: `@${author.user.username} bir daha` }));
    // Questions count as posts too.
    expectLimited(await m.client.post('/api/questions', { title: 'Soru', content: 'Soru metni' }));
    expect((await (await server.member()).client.post('/api/posts', { content: 'başka üye' })).status).toBe(201);
  });

  it('comments of every kind count together: post comments and answers', async () => {
    const m = await server.member();
    const question = (await other.client.post('/api/questions', { title: 'Bir soru', content: 'Soru metni' })).body;
    expect((await m.client.post(`/api/posts/${postId}/comments`, { content: 'bir' })).status).toBe(201);
    expect((await m.client.post(`/api/posts/${postId}/comments`, { content: 'iki' })).status).toBe(201);
    expect((await m.client.post(`/api/questions/${question.id}/answers`, { content: 'üç' })).status).toBe(201);
    expectLimited(await m.client.post(`/api/questions/${question.id}/answers`, { content: 'dört' }));
    expectLimited(await m.client.post(`/api/posts/${postId}/comments`, { content: 'beş' }));
  });

  it('messages', async () => {
    const m = await server.member();
    for (let i = 0; i < 3; i++) expect((await m.client.post('/api/messages', { receiverId: author.user.id, content: `mesaj ${i}` })).status).toBe(201);
    expectLimited(await m.client.post('/api/messages', { receiverId: author.user.id, content: 'bir daha' }));
  });

  it('likes: toggling counts each time', async () => {
    const m = await server.member();
    for (let i = 0; i < 4; i++) expect((await m.client.post(`/api/posts/${postId}/like`)).status).toBe(200);
    expectLimited(await m.client.post(`/api/posts/${postId}/like`));
  });

  it('follows', async () => {
    const m = await server.member();
    expect((await m.client.post(`/api/users/${author.user.id}/follow`)).status).toBe(200);
    expect((await m.client.delete(`/api/users/${author.user.id}/unfollow`)).status).toBe(200);
    expectLimited(await m.client.post(`/api/users/${author.user.id}/follow`));
  });

  it('reports', async () => {
    const m = await server.member();
    expect((await m.client.post('/api/reports', { targetType: 'post', targetId: postId, reason: 'neden' })).status).toBe(201);
    expect((await m.client.post('/api/reports', { targetType: 'user', targetId: other.user.id, reasonCode: 'spam' })).status).toBe(201);
    expectLimited(await m.client.post('/api/reports', { targetType: 'user', targetId: author.user.id, reasonCode: 'other' }));
  });

  it('group actions: create, join, leave and group posts count together', async () => {
    const m = await server.member();
    const slug = (await m.client.post('/api/hobby-groups', { name: 'Sınırlı Grup', description: 'Yazma sınırı denemesi.' })).body.slug;
    expect(slug).toBeTruthy();
    const joiner = await server.member();
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/join`)).status).toBe(200);
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/posts`, { content: 'merhaba grup' })).status).toBe(201);
    expect((await joiner.client.post(`/api/hobby-groups/${slug}/leave`)).status).toBe(200);
    expectLimited(await joiner.client.post(`/api/hobby-groups/${slug}/join`));
  });

  it('uploads: requests carrying files are counted before the body is read', async () => {
    const m = await server.member();
    const form = () => {
      const f = new FormData();
      f.append('content', 'resimli');
      f.append('image', new Blob([Buffer.from('not really an image')], { type: 'image/png' }), 'a.png');
      return f;
    };
    const first = await m.client.postForm('/api/posts', form());
    expect(first.status).not.toBe(429); // refused or stored by the image rules, but counted
    expectLimited(await m.client.postForm('/api/posts', form()));
    // A post without a file is not an upload.
    expect((await m.client.post('/api/posts', { content: 'yalnızca metin' })).status).toBe(201);
  });

  it('visitors are not counted: they get the 401', async () => {
    expect((await server.client().post('/api/posts', { content: 'ziyaretçi' })).status).toBe(401);
  });
});

describe('one like or follow notification per actor and target', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Notifications written (a grouped item stands for groupCount of them). */
  async function count(member: Member, type: string) {
    const list = (await member.client.get('/api/notifications?limit=100')).body as { type: string; groupCount: number }[];
    return list.filter((n) => n.type === type).reduce((sum, n) => sum + n.groupCount, 0);
  }

  it('like, unlike and like again notifies once', async () => {
    const victim = await server.member();
    const fan = await server.member();
    const postId = (await victim.client.post('/api/posts', { content: 'beğenilecek' })).body.id;
    for (let i = 0; i < 6; i++) expect((await fan.client.post(`/api/posts/${postId}/like`)).status).toBe(200);
    expect(await count(victim, 'like')).toBe(1);
    // Another post, or another member, is another notification.
    const second = (await victim.client.post('/api/posts', { content: 'ikinci' })).body.id;
    await fan.client.post(`/api/posts/${second}/like`);
    await (await server.member()).client.post(`/api/posts/${postId}/like`);
    expect(await count(victim, 'like')).toBe(3);
  });

  it('follow, unfollow and follow again notifies once', async () => {
    const victim = await server.member();
    const fan = await server.member();
    for (let i = 0; i < 3; i++) {
      expect((await fan.client.post(`/api/users/${victim.user.id}/follow`)).status).toBe(200);
      expect((await fan.client.delete(`/api/users/${victim.user.id}/unfollow`)).status).toBe(200);
    }
    expect(await count(victim, 'follow')).toBe(1);
  });

  it('two likes at the same moment still make one notification', async () => {
    const victim = await server.member();
    const fan = await server.member();
    const postId = (await victim.client.post('/api/posts', { content: 'aynı anda' })).body.id;
    await Promise.all(Array.from({ length: 4 }, () => fan.client.post(`/api/posts/${postId}/like`)));
    expect(await count(victim, 'like')).toBeLessThanOrEqual(1);
  });
});
