import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Parses an iCalendar text with ical.js, registering its VTIMEZONEs, and gives its events as UTC instants. */
function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return {
    cal,
    events: cal.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        tzid: e.startDate.zone?.tzid,
        url: String(v.getFirstPropertyValue('url')),
        status: String(v.getFirstPropertyValue('status')),
        location: e.location,
      };
    }),
  };
}

describe('calendar files', () => {
  it("an event's .ics parses back with the right UTC time, TZID Europe/Istanbul, its URL and status", async () => {
    const host = await server.member();
    const event = (
      await host.client.post('/api/events', {
        title: 'Kitap; Kulübü, Aralık',
        description: 'Satır 1\nSatır 2',
        date: '2026-12-05T16:30:00.000Z',
        location: 'Odunpazarı',
      })
    ).body;
    const res = await server.client().get(`/api/events/${event.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.headers.get('content-disposition')).toContain(`etkinlik-${event.id}.ics`);
    expect(res.text).toContain('DTSTART;TZID=Europe/Istanbul:20261205T193000');
    const { events, cal } = parseIcs(res.text);
    expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Istanbul');
    expect(events).toEqual([
      {
        uid: expect.stringMatching(new RegExp(`^event-${event.id}@`)),
        summary: 'Kitap; Kulübü, Aralık',
        start: '2026-12-05T16:30:00.000Z',
        end: '2026-12-05T18:30:00.000Z',
        tzid: 'Europe/Istanbul',
        url: `${server.url}/events/${event.id}`,
        status: 'CONFIRMED',
        location: 'Odunpazarı',
      },
    ]);

    await host.client.post(`/api/events/${event.id}/cancel`, { reason: 'Salon kapalı' });
    const cancelled = parseIcs((await host.client.get(`/api/events/${event.id}/ics`)).text);
    expect(cancelled.events[0]?.status).toBe('CANCELLED');

    const secret = (await host.client.post('/api/events', { title: 'Gizli', description: 'Özel', date: '2026-12-06T10:00:00.000Z', isPrivate: true })).body;
    expect((await server.client().get(`/api/events/${secret.id}/ics`)).status).toBe(404);
    expect((await (await server.member()).client.get(`/api/events/${secret.id}/ics`)).status).toBe(404);
    expect((await host.client.get(`/api/events/${secret.id}/ics`)).status).toBe(200);
  });

  it("a member's private feed carries the events they attend; another's token, a revoked one or none gets nothing", async () => {
    const ayse = await server.member();
    const mehmet = await server.member();
    const open = (await mehmet.client.post('/api/events', { title: 'Açık', description: 'Herkese', date: '2026-12-10T09:00:00.000Z' })).body;
    const privateOfAyse = (await ayse.client.post('/api/events', { title: 'Ayşe özel', description: 'x', date: '2026-12-11T09:00:00.000Z', isPrivate: true }))
      .body;
    const privateOfMehmet = (
      await mehmet.client.post('/api/events', { title: 'Mehmet özel', description: 'x', date: '2026-12-12T09:00:00.000Z', isPrivate: true })
    ).body;
    await mehmet.client.post('/api/events', { title: 'Ayşe gitmiyor', description: 'x', date: '2026-12-13T09:00:00.000Z' });
    await ayse.client.post(`/api/events/${open.id}/attend`);

    expect((await ayse.client.get('/api/calendar/feed')).body).toEqual({ active: false, createdAt: null, url: null });
    const made = await ayse.client.post('/api/calendar/feed');
    expect(made.body).toMatchObject({ active: true, url: expect.stringMatching(/^http:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/) });
    expect((await ayse.client.get('/api/calendar/feed')).body).toMatchObject({ active: true, url: null });
    const url = new URL(made.body.url as string);

    // Anyone with the address (a calendar app has no session) gets Ayşe's events, and only hers.
    const feed = await server.client().get(url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const parsed = parseIcs(feed.text);
    expect(parsed.events.map((e) => e.summary)).toEqual(['Açık', 'Ayşe özel']);
    expect(parsed.events.map((e) => e.start)).toEqual(['2026-12-10T09:00:00.000Z', '2026-12-11T09:00:00.000Z']);
    expect(feed.text).not.toContain('Mehmet özel');

    // Mehmet's feed has his private event, never Ayşe's.
    const his = new URL((await mehmet.client.post('/api/calendar/feed')).body.url as string);
    const hisEvents = parseIcs((await server.client().get(his.pathname)).text).events.map((e) => e.summary);
    expect(hisEvents).toEqual(['Açık', 'Mehmet özel', 'Ayşe gitmiyor']);
    expect(hisEvents).not.toContain('Ayşe özel');
    expect(privateOfAyse.id).not.toBe(privateOfMehmet.id);

    // Renewing revokes the old address; revoking makes the address 404.
    const renewed = new URL((await ayse.client.post('/api/calendar/feed')).body.url as string);
    expect((await server.client().get(url.pathname)).status).toBe(404);
    expect((await server.client().get(renewed.pathname)).status).toBe(200);
    expect((await ayse.client.delete('/api/calendar/feed')).body).toEqual({ active: false, createdAt: null, url: null });
    const gone = await server.client().get(renewed.pathname);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('calendar_feed_not_found');
    expect(gone.text).not.toContain('Açık');
    expect((await server.client().get('/api/calendar/feed')).status).toBe(401);
    expect((await server.client().get(`/api/calendar/${'A'.repeat(32)}.ics`)).status).toBe(404);
  });
});
