import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { loadConfig } from '../../config';
import { formatEventTime } from '../../services/events/time';
import { startTestServer, type TestServer } from '../../test/harness';

/** A community in a zone with daylight saving: times stay right on both sides of the change. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ timeZone: 'Europe/Berlin' });
});
afterAll(async () => {
  await server?.close();
});

describe('event times in the configured zone', () => {
  it('formats UTC in the zone across daylight-saving changes (Europe/Berlin) and in Istanbul (no DST)', () => {
    // 29 March 2026, 01:00 UTC: clocks in Berlin jump from 02:00 CET to 03:00 CEST.
    expect(formatEventTime('2026-03-29T00:30:00.000Z', 'Europe/Berlin')).toBe('29 Mart 2026 Pazar, 01:30');
    expect(formatEventTime('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('29 Mart 2026 Pazar, 03:30');
    // 25 October 2026, 01:00 UTC: back from 03:00 CEST to 02:00 CET; 02:30 happens twice.
    expect(formatEventTime('2026-10-25T00:30:00.000Z', 'Europe/Berlin')).toBe('25 Ekim 2026 Pazar, 02:30');
    expect(formatEventTime('2026-10-25T01:30:00.000Z', 'Europe/Berlin')).toBe('25 Ekim 2026 Pazar, 02:30');
    expect(formatEventTime('2026-07-01T16:00:00.000Z', 'Europe/Istanbul')).toBe('1 Temmuz 2026 Çarşamba, 19:00');
    expect(formatEventTime('2026-12-01T16:00:00.000Z', 'Europe/Istanbul')).toBe('1 Aralık 2026 Salı, 19:00');
  });

  it('reads TIME_ZONE, keeping Europe/Istanbul for none or an unknown zone', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: server.ctx.config.dataDir }).timeZone).toBe('Europe/Istanbul');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: server.ctx.config.dataDir, TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: server.ctx.config.dataDir, TIME_ZONE: 'Mars/Olympus' }).timeZone).toBe('Europe/Istanbul');
  });

  it('a time moved over the spring change is told and written to .ics in local time with the right UTC instant', async () => {
    const host = await server.member();
    const guest = await server.member();
    const event = (await host.client.post('/api/events', { title: 'Brunch', description: 'x', date: '2099-03-28T10:00:00.000Z' })).body;
    expect(event.timeZone).toBe('Europe/Berlin');
    await guest.client.post(`/api/events/${event.id}/attend`);
    await host.client.patch(`/api/events/${event.id}`, { date: '2099-03-29T10:00:00.000Z' });
    const told = ((await guest.client.get('/api/notifications')).body as { type: string; message: string }[]).find((n) => n.type === 'event_time_changed');
    expect(told?.message).toBe('"Brunch" etkinliğinin zamanı değişti: 28 Mart 2099 Cumartesi, 11:00 yerine 29 Mart 2099 Pazar, 12:00');

    const ics = (await guest.client.get(`/api/events/${event.id}/ics`)).text;
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20990329T120000');
    const cal = new ICAL.Component(ICAL.parse(ics));
    for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const vevent = cal.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const e = new ICAL.Event(vevent);
    expect(e.startDate.toJSDate().toISOString()).toBe('2099-03-29T10:00:00.000Z');

    // The winter side of the same zone: 11:00 CET is 10:00 UTC.
    await host.client.patch(`/api/events/${event.id}`, { date: '2099-11-02T10:00:00.000Z' });
    const winter = (await guest.client.get(`/api/events/${event.id}/ics`)).text;
    expect(winter).toContain('DTSTART;TZID=Europe/Berlin:20991102T110000');
    const wcal = new ICAL.Component(ICAL.parse(winter));
    const wevent = wcal.getFirstSubcomponent('vevent');
    if (!wevent) throw new Error('no VEVENT');
    expect(new ICAL.Event(wevent).startDate.toJSDate().toISOString()).toBe('2099-11-02T10:00:00.000Z');
  });

  it("a weekly event keeps its wall-clock time across the spring change; a monthly one lands on the month's last day when short", async () => {
    const host = await server.member();
    // Sunday 22 March 2099, 10:00 CET (09:00 UTC); a week later clocks are on CEST.
    const weekly = await host.client.post('/api/events', {
      title: 'Koşu',
      description: 'Haftalık',
      date: '2099-03-22T09:00:00.000Z',
      capacity: 5,
      repeat: { every: 'weekly', count: 3 },
    });
    expect(weekly.status).toBe(201);
    expect(weekly.body).toMatchObject({ date: '2099-03-22T09:00:00.000Z', seriesId: weekly.body.id, capacity: 5 });
    const list = (await host.client.get('/api/events?limit=50')).body.items as {
      title: string;
      date: string;
      seriesId: number | null;
      attendeesCount: number;
    }[];
    const series = list.filter((e) => e.seriesId === weekly.body.id);
    expect(series.map((e) => e.date)).toEqual(['2099-03-22T09:00:00.000Z', '2099-03-29T08:00:00.000Z', '2099-04-05T08:00:00.000Z']);
    expect(series.every((e) => e.attendeesCount === 1)).toBe(true);

    const monthly = (
      await host.client.post('/api/events', { title: 'Kitap', description: 'Aylık', date: '2099-01-31T17:00:00.000Z', repeat: { every: 'monthly', count: 3 } })
    ).body;
    const months = ((await host.client.get('/api/events?limit=50')).body.items as { seriesId: number | null; date: string }[]).filter(
      (e) => e.seriesId === monthly.id,
    );
    // 18:00 in Berlin on 31 January, 28 February, 31 March (CEST from the 29th: 16:00 UTC).
    expect(months.map((e) => e.date)).toEqual(['2099-01-31T17:00:00.000Z', '2099-02-28T17:00:00.000Z', '2099-03-31T16:00:00.000Z']);

    const one = (await host.client.post('/api/events', { title: 'Tek', description: 'x', date: '2026-05-01T10:00:00.000Z' })).body;
    expect(one.seriesId).toBeNull();
    for (const repeat of [
      { every: 'weekly', count: 1 },
      { every: 'weekly', count: 13 },
      { every: 'daily', count: 3 },
    ]) {
      const bad = await host.client.post('/api/events', { title: 'x', description: 'y', date: '2026-05-01T10:00:00.000Z', repeat });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Tekrar sayısı 2 ile 12 arasında olmalıdır');
    }
  });
});
