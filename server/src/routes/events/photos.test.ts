import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { makePng } from '../../test/media';
import { startTestServer, type Member, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

function photo(m: Member, id: number) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(makePng(40, 30))], { type: 'image/png' }), 'foto.png');
  return m.client.postForm(`/api/events/${id}/photos`, form);
}

describe('past event photos', () => {
  it('attendees add photos once the event took place; others and upcoming events are refused, leaving no file', async () => {
    const host = await server.member();
    const guest = await server.member();
    const outsider = await server.member();
    const past = (await host.client.post('/api/events', { title: 'Piknik', description: 'x', date: inDays(-2), capacity: 5 })).body;
    const soon = (await host.client.post('/api/events', { title: 'Yakında', description: 'x', date: inDays(2) })).body;
    await guest.client.post(`/api/events/${soon.id}/attend`);
    // Attendance was taken before the event (written directly: once an event has begun nobody joins or leaves).
    await server.ctx.db('event_attendees').insert({ event_id: past.id, user_id: guest.user.id, created_at: new Date().toISOString() });
    await server.ctx.db('events').where({ id: past.id }).increment('attendees_count', 1);
    const late = await outsider.client.post(`/api/events/${past.id}/attend`);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('event_over');
    expect((await guest.client.post(`/api/events/${past.id}/attend`)).body.code).toBe('event_over');
    const files = () => fs.readdirSync(server.ctx.config.uploadsDir).filter((f) => !f.startsWith('.')).length;
    const before = files();

    const notYet = await photo(guest, soon.id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe('event_not_past');
    const stranger = await photo(outsider, past.id);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('event_attendees_only');
    expect(files()).toBe(before);

    const added = await photo(guest, past.id);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ width: 40, height: 30, user: { id: guest.user.id }, url: expect.stringMatching(/^\/uploads\//) });
    expect(fs.existsSync(path.join(server.ctx.config.uploadsDir, path.basename(added.body.url as string)))).toBe(true);
    const second = await photo(host, past.id);
    expect(second.status).toBe(201);

    const list = await outsider.client.get(`/api/events/${past.id}/photos?limit=1`);
    expect(list.body.items.map((p: { id: number }) => p.id)).toEqual([second.body.id]);
    const next = await outsider.client.get(`/api/events/${past.id}/photos?limit=1&cursor=${list.body.nextCursor}`);
    expect(next.body).toMatchObject({ items: [{ id: added.body.id }], nextCursor: null });
    expect((await server.client().get(`/api/events/${past.id}`)).body.attendeesCount).toBe(2);
  });

  it('a photo is removed by whoever added it, the organiser or an admin, with its files; others are refused and nothing goes', async () => {
    const host = await server.member();
    const guest = await server.member();
    const other = await server.member();
    const admin = await server.admin();
    const past = (await host.client.post('/api/events', { title: 'Eski buluşma', description: 'x', date: inDays(-1) })).body;
    for (const m of [guest, other])
      await server.ctx.db('event_attendees').insert({ event_id: past.id, user_id: m.user.id, created_at: new Date().toISOString() });
    const a = (await photo(guest, past.id)).body;
    const b = (await photo(other, past.id)).body;
    const c = (await photo(other, past.id)).body;
    const onDisk = (url: string) => fs.existsSync(path.join(server.ctx.config.uploadsDir, path.basename(url)));
    const del = (m: Member, eventId: number, photoId: number) => m.client.delete(`/api/events/${eventId}/photos/${photoId}`);

    // Another attendee may not remove someone else's photo; the photo and its file stay.
    const refused = await del(guest, past.id, b.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('event_photo_forbidden');
    expect(onDisk(b.url)).toBe(true);
    // A photo asked for under another event is not there.
    const other_event = (await host.client.post('/api/events', { title: 'Başka', description: 'x', date: inDays(-3) })).body;
    expect((await del(other, other_event.id, b.id)).body.code).toBe('event_photo_not_found');
    expect((await server.client().delete(`/api/events/${past.id}/photos/${b.id}`)).status).toBe(401);

    // Whoever added it (no audit entry), the organiser and an admin (each audited) may.
    const auditCount = async () => Number((await server.ctx.db('audit_log').where({ action: 'event_photo.delete' }).count({ n: '*' }).first())?.n ?? 0);
    const before = await auditCount();
    expect((await del(guest, past.id, a.id)).body).toEqual({ ok: true });
    expect(await auditCount()).toBe(before);
    expect((await del(host, past.id, b.id)).body).toEqual({ ok: true });
    expect((await del(admin, past.id, c.id)).body).toEqual({ ok: true });
    expect(await auditCount()).toBe(before + 2);
    for (const p of [a, b, c]) {
      expect(onDisk(p.url)).toBe(false);
      expect(onDisk(p.thumbUrl)).toBe(false);
    }
    expect((await server.client().get(`/api/events/${past.id}/photos`)).body.items).toEqual([]);
    expect((await del(guest, past.id, a.id)).status).toBe(404);
  });
});
