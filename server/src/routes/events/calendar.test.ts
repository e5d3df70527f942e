import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { ok, startTestServer, type TestServer } from '../../test/harness';

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
        date: '2099-12-05T16:30:00.000Z',
        location: 'Odunpazarı',
      })
    ).body;
    const res = await server.client().get(`/api/events/${event.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.headers.get('content-disposition')).toContain(`etkinlik-${event.id}.ics`);
    expect(res.text).toContain('DTSTART;TZID=Europe/Istanbul:20991205T193000');
    const { events, cal } = parseIcs(res.text);
    expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Istanbul');
    expect(events).toEqual([
      {
        uid: expect.stringMatching(new RegExp(`^event-${event.id}@`)),
        summary: 'Kitap; Kulübü, Aralık',
        start: '2099-12-05T16:30:00.000Z',
        end: '2099-12-05T18:30:00.000Z',
        tzid: 'Europe/Istanbul',
        url: `${server.url}/events/${event.id}`,
        status: 'CONFIRMED',
        location: 'Odunpazarı',
      },
    ]);

    await host.client.post(`/api/events/${event.id}/cancel`, { reason: 'Salon kapalı' });
    const cancelled = parseIcs((await host.client.get(`/api/events/${event.id}/ics`)).text);
    expect(cancelled.events[0]?.status).toBe('CANCELLED');

    const secret = (await host.client.post('/api/events', { title: 'Gizli', description: 'Özel', date: '2099-12-06T10:00:00.000Z', isPrivate: true })).body;
    expect((await server.client().get(`/api/events/${secret.id}/ics`)).status).toBe(404);
    expect((await (await server.member()).client.get(`/api/events/${secret.id}/ics`)).status).toBe(404);
    expect((await host.client.get(`/api/events/${secret.id}/ics`)).status).toBe(200);
  });

  it("a member's private feed carries the events they attend; another's token, a revoked one or none gets nothing", async () => {
    const ayse = await server.member();
    const mehmet = await server.member();
    const open = (await mehmet.client.post('/api/events', { title: 'Açık', description: 'Herkese', date: '2099-12-10T09:00:00.000Z' })).body;
    const privateOfAyse = (await ayse.client.post('/api/events', { title: 'Ayşe özel', description: 'x', date: '2099-12-11T09:00:00.000Z', isPrivate: true }))
      .body;
    const privateOfMehmet = (
      await mehmet.client.post('/api/events', { title: 'Mehmet özel', description: 'x', date: '2099-12-12T09:00:00.000Z', isPrivate: true })
    ).body;
    await mehmet.client.post('/api/events', { title: 'Ayşe gitmiyor', description: 'x', date: '2099-12-13T09:00:00.000Z' });
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
    expect(parsed.events.map((e) => e.start)).toEqual(['2099-12-10T09:00:00.000Z', '2099-12-11T09:00:00.000Z']);
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

  it("a member's feed leaves out an event a moderator hid, and carries it again once restored", async () => {
    const member = await server.member();
    const host = await server.member();
    const admin = await server.admin();
    const shown = ok(await host.client.post('/api/events', { title: 'Açık kalan', description: 'x', date: '2099-11-10T09:00:00.000Z' }));
    const hidden = ok(await host.client.post('/api/events', { title: 'Gizlenecek', description: 'x', date: '2099-11-11T09:00:00.000Z' }));
    for (const e of [shown, hidden]) ok(await member.client.post(`/api/events/${e.id}/attend`));
    const feed = new URL(ok(await member.client.post('/api/calendar/feed')).url as string);
    const summaries = async () => parseIcs((await server.client().get(feed.pathname)).text).events.map((e) => e.summary);
    expect(await summaries()).toEqual(['Açık kalan', 'Gizlenecek']);
    ok(await admin.client.post(`/api/admin/moderation/event/${hidden.id}/hide`, { reason: 'Yanıltıcı ilan' }));
    expect(await summaries()).toEqual(['Açık kalan']);
    // Its own .ics is gone too, for the attendee as for anyone.
    expect((await member.client.get(`/api/events/${hidden.id}/ics`)).status).toBe(404);
    ok(await admin.client.post(`/api/admin/moderation/event/${hidden.id}/restore`, { reason: 'Yanlışlıkla gizlenmiş' }));
    expect(await summaries()).toEqual(['Açık kalan', 'Gizlenecek']);
  });

  it('both .ics answers follow RFC 5545 to the byte: CRLF after every line (the last too), calendar properties before the first component', async () => {
    const host = await server.member();
    const event = (await host.client.post('/api/events', { title: 'Bayt bayt', description: 'x', date: '2099-12-20T08:00:00.000Z' })).body;
    // Its organiser attends it: it is in their feed.
    const feedUrl = new URL((await host.client.post('/api/calendar/feed')).body.url as string);
    const files = {
      event: { path: `/api/events/${event.id}/ics`, props: ['VERSION', 'PRODID', 'X-WR-CALNAME', 'X-WR-TIMEZONE'] },
      feed: { path: feedUrl.pathname, props: ['VERSION', 'PRODID', 'X-WR-CALNAME', 'X-WR-TIMEZONE', 'REFRESH-INTERVAL', 'X-PUBLISHED-TTL'] },
    };
    for (const [name, { path, props }] of Object.entries(files)) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: '' } });
      expect(res.status, name).toBe(200);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(await res.arrayBuffer());
      // Every line break is CRLF, the last line included; no line is longer than 75 octets.
      expect(text.endsWith('END:VCALENDAR\r\n'), name).toBe(true);
      expect(text.replace(/\r\n/g, ''), name).not.toMatch(/[\r\n]/);
      const lines = text.slice(0, -2).split('\r\n');
      expect(
        lines.filter((l) => Buffer.byteLength(l) > 75),
        name,
      ).toEqual([]);
      // Between BEGIN:VCALENDAR and the first component: the calendar's properties, every one of them.
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      const firstComponent = lines.findIndex((l, i) => i > 0 && l.startsWith('BEGIN:'));
      const head = lines.slice(1, firstComponent).filter((l) => !/^[ \t]/.test(l));
      expect(
        head.map((l) => l.split(/[:;]/)[0]),
        name,
      ).toEqual(expect.arrayContaining(props));
      expect(head.find((l) => l.startsWith('X-WR-TIMEZONE'))).toBe('X-WR-TIMEZONE:Europe/Istanbul');
      // After the last component's END: only END:VCALENDAR.
      const lastEnd = lines.findLastIndex((l) => l.startsWith('END:') && l !== 'END:VCALENDAR');
      expect(lines.slice(lastEnd + 1), name).toEqual(['END:VCALENDAR']);
      // Nothing at the calendar's level between or after its components.
      let depth = 0;
      const stray: string[] = [];
      for (const l of lines.slice(firstComponent, -1)) {
        if (l.startsWith('BEGIN:')) depth += 1;
        else if (l.startsWith('END:')) depth -= 1;
        else if (depth === 0 && !/^[ \t]/.test(l)) stray.push(l);
      }
      expect(stray, name).toEqual([]);
      // ical.js reads the same calendar properties and the event.
      const { cal, events } = parseIcs(text);
      expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Istanbul');
      expect(events.map((e) => e.summary)).toContain('Bayt bayt');
    }
  });
});
