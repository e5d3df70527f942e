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
});
