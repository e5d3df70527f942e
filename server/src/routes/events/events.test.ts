import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('events', () => {
  it('are created for real, listed soonest first, and attended with a true count', async () => {
    const host = await server.member();
    const guest = await server.member();
    const later = await host.client.post('/api/events', {
      title: 'Kitap Kulübü',
      description: 'Aylık buluşma',
      date: inDays(10),
      location: 'Odunpazarı',
      category: 'Kitap',
      creatorId: guest.user.id,
    });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({
      title: 'Kitap Kulübü',
      attendeesCount: 1,
      isAttending: true,
      category: { name: 'Kitap' },
      creator: { id: host.user.id },
    });
    const sooner = (await host.client.post('/api/events', { title: 'Koşu', description: 'Sabah koşusu', date: inDays(2), category: 'Spor' })).body;
    await host.client.post('/api/events', { title: 'Geçmiş', description: 'Bitti', date: inDays(-3) });

    const list = await guest.client.get('/api/events');
    expect(list.body.items.map((e: { id: number }) => e.id)).toEqual([sooner.id, later.body.id]);
    expect(list.body.items[0].isAttending).toBe(false);
    expect(list.body.nextCursor).toBeNull();
    const past = await guest.client.get('/api/events?when=past');
    expect(past.body.items.map((e: { title: string }) => e.title)).toEqual(['Geçmiş']);
    const page1 = await guest.client.get('/api/events?limit=1');
    expect(page1.body.items.map((e: { id: number }) => e.id)).toEqual([sooner.id]);
    const page2 = await guest.client.get(`/api/events?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((e: { id: number }) => e.id)).toEqual([later.body.id]);
    const bad = await guest.client.get('/api/events?cursor=bozuk');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_cursor');

    expect((await guest.client.post(`/api/events/${sooner.id}/attend`)).body).toEqual({ isAttending: true, attendeesCount: 2, waitlistPosition: null });
    expect((await guest.client.post(`/api/events/${sooner.id}/attend`)).body).toEqual({ isAttending: false, attendeesCount: 1, waitlistPosition: null });
    expect((await server.client().post(`/api/events/${sooner.id}/attend`)).status).toBe(401);
  });

  it('checks the fields in Turkish', async () => {
    const host = await server.member();
    const noTitle = await host.client.post('/api/events', { description: 'x', date: inDays(1) });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error).toBe('Başlık gereklidir');
    const noDesc = await host.client.post('/api/events', { title: 'x', date: inDays(1) });
    expect(noDesc.body.error).toBe('Açıklama gereklidir');
    const badDate = await host.client.post('/api/events', { title: 'x', description: 'y', date: 'yarın' });
    expect(badDate.body.error).toBe('Geçerli bir tarih girin');
    const badCat = await host.client.post('/api/events', { title: 'x', description: 'y', date: inDays(1), category: 'Uzay' });
    expect(badCat.body.error).toBe('Geçersiz etkinlik kategorisi');
  });

  it('private events are seen by creator and attendees only; deleted by creator or admin', async () => {
    const host = await server.member();
    const other = await server.member();
    const secret = (await host.client.post('/api/events', { title: 'Gizli', description: 'Özel', date: inDays(5), isPrivate: true })).body;
    expect((await other.client.get(`/api/events/${secret.id}`)).status).toBe(404);
    expect((await other.client.get('/api/events')).body.items.some((e: { id: number }) => e.id === secret.id)).toBe(false);
    expect((await host.client.get(`/api/events/${secret.id}`)).status).toBe(200);
    expect((await other.client.delete(`/api/events/${secret.id}`)).status).toBe(404);
    const open = (await host.client.post('/api/events', { title: 'Açık', description: 'Herkes', date: inDays(5) })).body;
    expect((await other.client.delete(`/api/events/${open.id}`)).status).toBe(403);
    const admin = await server.admin();
    expect((await admin.client.delete(`/api/events/${open.id}`)).status).toBe(200);
    expect((await host.client.delete(`/api/events/${secret.id}`)).status).toBe(200);
  });
});
