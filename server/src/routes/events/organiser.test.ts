import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Member, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ writeLimits: { eventMessages: { points: 2, durationSec: 600 } } });
});
afterAll(async () => {
  await server?.close();
});

async function notices(m: Member, type: string) {
  const res = await m.client.get('/api/notifications?limit=100');
  return (res.body as { type: string; message: string }[]).filter((n) => n.type === type).map((n) => n.message);
}

async function fullEvent() {
  const host = await server.member();
  const guest = await server.member();
  const waiter = await server.member();
  const outsider = await server.member();
  const event = (await host.client.post('/api/events', { title: 'Yürüyüş', description: 'Sazova', date: '2099-12-05T07:00:00.000Z', capacity: 2 })).body;
  await guest.client.post(`/api/events/${event.id}/attend`);
  await waiter.client.post(`/api/events/${event.id}/attend`);
  return { host, guest, waiter, outsider, id: event.id as number };
}

describe('the organiser of an event', () => {
  it('edits it; a new time is told to everyone attending or waiting with the old and new time (Europe/Istanbul)', async () => {
    const { host, guest, waiter, outsider, id } = await fullEvent();
    expect((await outsider.client.patch(`/api/events/${id}`, { title: 'Benim' })).body.code).toBe('event_organiser_only');
    expect((await guest.client.patch(`/api/events/${id}`, { title: 'Benim' })).status).toBe(403);

    const edited = await host.client.patch(`/api/events/${id}`, { title: 'Uzun Yürüyüş', date: '2099-12-06T08:30:00.000Z', location: 'Kent Park' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Uzun Yürüyüş',
      date: '2099-12-06T08:30:00.000Z',
      location: 'Kent Park',
      description: 'Sazova',
      timeZone: 'Europe/Istanbul',
    });
    const text = '"Uzun Yürüyüş" etkinliğinin zamanı değişti: 5 Aralık 2099 Cumartesi, 10:00 yerine 6 Aralık 2099 Pazar, 11:30';
    expect(await notices(guest, 'event_time_changed')).toEqual([text]);
    expect(await notices(waiter, 'event_time_changed')).toEqual([text]);
    expect(await notices(host, 'event_time_changed')).toEqual([]);
    expect(await notices(outsider, 'event_time_changed')).toEqual([]);

    // Same time again, or another field: nobody is told.
    await host.client.patch(`/api/events/${id}`, { date: '2099-12-06T08:30:00.000Z', description: 'Sazova Parkı' });
    expect(await notices(guest, 'event_time_changed')).toHaveLength(1);

    // Raising the capacity lets the waiter in; an admin may edit too.
    const admin = await server.admin();
    expect((await admin.client.patch(`/api/events/${id}`, { capacity: 3 })).body).toMatchObject({ capacity: 3, attendeesCount: 3, waitlistCount: 0 });
    expect(await notices(waiter, 'event_promoted')).toHaveLength(1);
    expect((await host.client.patch(`/api/events/${id}`, { capacity: 0 })).status).toBe(400);
    expect((await host.client.patch(`/api/events/${id}`, { nope: 1 })).status).toBe(400);
    expect((await host.client.patch(`/api/events/999999`, { title: 'x' })).status).toBe(404);
  });

  it('cancels it with a reason: everyone attending or waiting is told, and nobody joins any more', async () => {
    const { host, guest, waiter, outsider, id } = await fullEvent();
    expect((await outsider.client.post(`/api/events/${id}/cancel`, { reason: 'x' })).body.code).toBe('event_organiser_only');
    const noReason = await host.client.post(`/api/events/${id}/cancel`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('İptal nedeni gereklidir');

    const cancelled = await host.client.post(`/api/events/${id}/cancel`, { reason: 'Yağmur bekleniyor' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Yağmur bekleniyor' });
    const text = '"Yürüyüş" etkinliği iptal edildi. Neden: Yağmur bekleniyor';
    expect(await notices(guest, 'event_cancelled')).toEqual([text]);
    expect(await notices(waiter, 'event_cancelled')).toEqual([text]);
    expect(await notices(host, 'event_cancelled')).toEqual([]);

    const join = await outsider.client.post(`/api/events/${id}/attend`);
    expect(join.status).toBe(409);
    expect(join.body.code).toBe('event_cancelled');
    expect((await host.client.patch(`/api/events/${id}`, { title: 'Yeniden' })).body.code).toBe('event_cancelled');
    expect((await host.client.post(`/api/events/${id}/cancel`, { reason: 'tekrar' })).status).toBe(409);
    expect((await outsider.client.get(`/api/events/${id}`)).body).toMatchObject({ status: 'cancelled', cancelReason: 'Yağmur bekleniyor' });
  });

  it('messages the attendees (not the waitlist) as a notification, rate limited', async () => {
    const { host, guest, waiter, outsider, id } = await fullEvent();
    expect((await outsider.client.post(`/api/events/${id}/message`, { message: 'Selam' })).body.code).toBe('event_organiser_only');
    const long = await host.client.post(`/api/events/${id}/message`, { message: 'x'.repeat(301) });
    expect(long.body.error).toBe('Mesaj en fazla 300 karakter olabilir');
    const sent = await host.client.post(`/api/events/${id}/message`, { message: 'Su getirmeyi unutmayın' });
    expect(sent.body).toEqual({ ok: true, recipients: 1 });
    expect(await notices(guest, 'event_message')).toEqual(['"Yürüyüş" düzenleyicisinden mesaj: Su getirmeyi unutmayın']);
    expect(await notices(waiter, 'event_message')).toEqual([]);
    // The limit is two a window in this server (the long one was counted too).
    const third = await host.client.post(`/api/events/${id}/message`, { message: 'Bir daha' });
    expect(third.status).toBe(429);
  });
});
