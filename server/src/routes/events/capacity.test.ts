import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Member, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

async function notices(m: Member, type: string) {
  const res = await m.client.get('/api/notifications?limit=100');
  return (res.body as { type: string; message: string; link: string | null }[]).filter((n) => n.type === type);
}

describe('event capacity and waitlist', () => {
  it('a full event puts joiners on the waitlist in order; leaving promotes the first waiter, each told by a notification', async () => {
    const host = await server.member();
    const [a, b, c] = [await server.member(), await server.member(), await server.member()];
    const created = await host.client.post('/api/events', { title: 'Atölye', description: 'Seramik', date: inDays(3), capacity: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ capacity: 2, attendeesCount: 1, isFull: false, waitlistCount: 0, canManage: true, status: 'scheduled' });
    const id = created.body.id as number;

    expect((await a.client.post(`/api/events/${id}/attend`)).body).toEqual({ isAttending: true, attendeesCount: 2, waitlistPosition: null });
    expect((await b.client.post(`/api/events/${id}/attend`)).body).toEqual({ isAttending: false, attendeesCount: 2, waitlistPosition: 1 });
    expect((await c.client.post(`/api/events/${id}/attend`)).body).toEqual({ isAttending: false, attendeesCount: 2, waitlistPosition: 2 });
    const seenByC = (await c.client.get(`/api/events/${id}`)).body;
    expect(seenByC).toMatchObject({ isFull: true, waitlistCount: 2, waitlistPosition: 2, isAttending: false, canManage: false });
    expect((await notices(c, 'event_waitlisted')).map((n) => n.message)).toEqual(['"Atölye" etkinliği dolu: bekleme listesinde 2. sıradasınız']);
    expect((await notices(c, 'event_waitlisted'))[0]?.link).toBe(`/events/${id}`);

    // a leaves: b (first waiter) is in, c moves up to 1.
    expect((await a.client.post(`/api/events/${id}/attend`)).body).toEqual({ isAttending: false, attendeesCount: 2, waitlistPosition: null });
    expect((await b.client.get(`/api/events/${id}`)).body).toMatchObject({ isAttending: true, waitlistPosition: null, waitlistCount: 1 });
    expect((await c.client.get(`/api/events/${id}`)).body).toMatchObject({ isAttending: false, waitlistPosition: 1 });
    expect((await notices(b, 'event_promoted')).map((n) => n.message)).toEqual(['"Atölye" etkinliğinde yer açıldı: artık katılımcısınız']);
    expect(await notices(c, 'event_promoted')).toEqual([]);

    // c takes their waitlist place back; nobody is waiting, nothing is promoted when b leaves.
    expect((await c.client.post(`/api/events/${id}/attend`)).body).toEqual({ isAttending: false, attendeesCount: 2, waitlistPosition: null });
    expect((await b.client.post(`/api/events/${id}/attend`)).body).toEqual({ isAttending: false, attendeesCount: 1, waitlistPosition: null });
    expect((await host.client.get(`/api/events/${id}`)).body).toMatchObject({ attendeesCount: 1, waitlistCount: 0, isFull: false });

    // An event without a capacity never fills.
    const open = (await host.client.post('/api/events', { title: 'Açık', description: 'Herkes', date: inDays(3) })).body;
    expect(open).toMatchObject({ capacity: null, isFull: false });
    expect((await a.client.post(`/api/events/${open.id}/attend`)).body.isAttending).toBe(true);
  });

  it('checks the capacity in Turkish', async () => {
    const host = await server.member();
    for (const capacity of [0, -1, 2.5, 'çok', 10_001]) {
      const res = await host.client.post('/api/events', { title: 'x', description: 'y', date: inDays(1), capacity });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Kontenjan 1 ile 10000 arasında bir tam sayı olmalıdır');
    }
    expect((await host.client.post('/api/events', { title: 'x', description: 'y', date: inDays(1), capacity: '' })).body.capacity).toBeNull();
    expect((await host.client.post('/api/events', { title: 'x', description: 'y', date: inDays(1), capacity: '12' })).body.capacity).toBe(12);
  });

  it('twenty members joining the last five places at once: exactly five get in, the rest wait in the order they came', async () => {
    const host = await server.member();
    const event = (await host.client.post('/api/events', { title: 'Konser', description: 'Son yerler', date: inDays(5), capacity: 6 })).body;
    const members = await Promise.all(Array.from({ length: 20 }, () => server.member()));
    const answers = await Promise.all(members.map((m) => m.client.post(`/api/events/${event.id}/attend`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const inside = answers.filter((r) => r.body.isAttending);
    const waiting = answers.filter((r) => r.body.waitlistPosition !== null);
    expect(inside).toHaveLength(5);
    expect(waiting).toHaveLength(15);
    // Positions 1..15, each once, and what each member sees matches their answer.
    expect(waiting.map((r) => r.body.waitlistPosition).sort((x, y) => x - y)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const seen = await host.client.get(`/api/events/${event.id}`);
    expect(seen.body).toMatchObject({ attendeesCount: 6, waitlistCount: 15, isFull: true });
    for (const [i, m] of members.entries()) {
      const mine = (await m.client.get(`/api/events/${event.id}`)).body;
      expect(mine.waitlistPosition).toBe(answers[i]?.body.waitlistPosition);
      expect(mine.isAttending).toBe(answers[i]?.body.isAttending);
    }
    // The first waiter is the one promoted when a place frees.
    const first = members[waiting.length ? answers.findIndex((r) => r.body.waitlistPosition === 1) : 0]!;
    const leaver = members[answers.findIndex((r) => r.body.isAttending)]!;
    await leaver.client.post(`/api/events/${event.id}/attend`);
    expect((await first.client.get(`/api/events/${event.id}`)).body).toMatchObject({ isAttending: true, waitlistPosition: null });
    expect((await host.client.get(`/api/events/${event.id}`)).body).toMatchObject({ attendeesCount: 6, waitlistCount: 14 });
  });
});
