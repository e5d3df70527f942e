import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReminders, IntervalJob } from '../../jobs';
import { ok, startTestServer, type Member, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;

async function reminders(m: Member) {
  const res = await m.client.get('/api/notifications?limit=100');
  return (res.body as { type: string; message: string; link: string | null }[]).filter((n) => n.type === 'event_reminder').map((n) => n.message);
}

/** An event far enough ahead that only the test's clock reaches it, with a guest and a waiter. */
async function eventAt(iso: string, title: string) {
  const host = await server.member();
  const guest = await server.member();
  const waiter = await server.member();
  const event = (await host.client.post('/api/events', { title, description: 'x', date: iso, capacity: 2 })).body;
  await guest.client.post(`/api/events/${event.id}/attend`);
  await waiter.client.post(`/api/events/${event.id}/attend`);
  return { host, guest, waiter, id: event.id as number };
}

describe('event reminders', () => {
  it('go a day and an hour before to everyone attending, once each, as the clock moves', async () => {
    const start = Date.parse('2099-06-10T15:00:00.000Z');
    const { host, guest, waiter, id } = await eventAt(new Date(start).toISOString(), 'Piknik');
    const clock = { now: start - 25 * HOUR };
    const scheduler = new IntervalJob({ ...server.ctx, now: () => new Date(clock.now) }, eventReminders(server.ctx));

    expect(await scheduler.tick()).toBe(0);
    clock.now = start - 23 * HOUR;
    expect(await scheduler.tick()).toBe(2);
    expect(await reminders(guest)).toEqual(['Yarın: "Piknik" (10 Haziran 2099 Çarşamba, 18:00)']);
    expect(await reminders(host)).toHaveLength(1);
    expect(await reminders(waiter)).toEqual([]);
    clock.now = start - 2 * HOUR;
    expect(await scheduler.tick()).toBe(0);
    clock.now = start - 30 * 60_000;
    expect(await scheduler.tick()).toBe(2);
    expect(await reminders(guest)).toEqual(['Bir saat sonra: "Piknik" (10 Haziran 2099 Çarşamba, 18:00)', 'Yarın: "Piknik" (10 Haziran 2099 Çarşamba, 18:00)']);
    clock.now = start - 10 * 60_000;
    expect(await scheduler.tick()).toBe(0);
    clock.now = start + 60_000;
    expect(await scheduler.tick()).toBe(0);
    const list = (await guest.client.get('/api/notifications?limit=5')).body as { type: string; link: string }[];
    expect(list.find((n) => n.type === 'event_reminder')?.link).toBe(`/events/${id}`);
  });

  it('are sent once per attendee even when two server nodes tick at the same moment', async () => {
    const start = Date.parse('2099-07-01T09:00:00.000Z');
    const { host, guest } = await eventAt(new Date(start).toISOString(), 'Kahvaltı');
    const other = await server.anotherNode();
    try {
      const at = () => new Date(start - 45 * 60_000);
      const a = new IntervalJob({ ...server.ctx, now: at }, eventReminders(server.ctx));
      const b = new IntervalJob({ ...other.ctx, now: at }, eventReminders(other.ctx));
      const sent = await Promise.all([a.tick(), b.tick()]);
      expect(sent.reduce((x: number, y) => x + (y ?? 0), 0)).toBe(2);
      expect(await reminders(guest)).toHaveLength(1);
      expect(await reminders(host)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('skip cancelled events and come again for a new time', async () => {
    const start = Date.parse('2099-08-01T09:00:00.000Z');
    const moved = await eventAt(new Date(start).toISOString(), 'Taşınan');
    const cancelled = await eventAt(new Date(start).toISOString(), 'İptal');
    await cancelled.host.client.post(`/api/events/${cancelled.id}/cancel`, { reason: 'Hava' });
    const clock = { now: start - 30 * 60_000 };
    const scheduler = new IntervalJob({ ...server.ctx, now: () => new Date(clock.now) }, eventReminders(server.ctx));
    await scheduler.tick();
    expect(await reminders(cancelled.guest)).toEqual([]);
    expect(await reminders(moved.guest)).toHaveLength(1);
    await moved.host.client.patch(`/api/events/${moved.id}`, { date: new Date(start + 3 * HOUR).toISOString() });
    clock.now = start + 2.5 * HOUR;
    await scheduler.tick();
    expect(await reminders(moved.guest)).toEqual([
      'Bir saat sonra: "Taşınan" (1 Ağustos 2099 Cumartesi, 15:00)',
      'Bir saat sonra: "Taşınan" (1 Ağustos 2099 Cumartesi, 12:00)',
    ]);
  });

  it('skip an event a moderator hid, and remind again once it is restored', async () => {
    const start = Date.parse('2099-09-01T09:00:00.000Z');
    const hidden = await eventAt(new Date(start).toISOString(), 'Gizlenen');
    const admin = await server.admin();
    ok(await admin.client.post(`/api/admin/moderation/event/${hidden.id}/hide`, { reason: 'Yanıltıcı ilan' }));
    const clock = { now: start - 23 * HOUR };
    const scheduler = new IntervalJob({ ...server.ctx, now: () => new Date(clock.now) }, eventReminders(server.ctx));
    await scheduler.tick();
    expect(await reminders(hidden.guest)).toEqual([]);
    expect(await reminders(hidden.host)).toEqual([]);
    ok(await admin.client.post(`/api/admin/moderation/event/${hidden.id}/restore`, { reason: 'Yanlışlıkla gizlenmiş' }));
    clock.now = start - 30 * 60_000;
    await scheduler.tick();
    expect(await reminders(hidden.guest)).toEqual(['Bir saat sonra: "Gizlenen" (1 Eylül 2099 Salı, 12:00)']);
  });
});
