import { describe, expect, it } from 'vitest';
import { LIMITS } from '@mahalle/shared/limits';
import { dayjs, formatEventTime, fromZone, inZone, outsideEventYears } from './time';

describe('event date pickers', () => {
  it('offer only the years the server accepts for an event', () => {
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMin - 1}-12-31T12:00:00`))).toBe(true);
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMin}-01-01T12:00:00`))).toBe(false);
    expect(outsideEventYears(dayjs())).toBe(false);
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMax}-12-31T12:00:00`))).toBe(false);
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMax + 1}-01-01T12:00:00`))).toBe(true);
  });
});

describe('event times in the community zone', () => {
  it('shows UTC in the zone on both sides of a daylight-saving change, whatever zone the computer is in', () => {
    expect(formatEventTime('2026-03-29T00:30:00.000Z', 'Europe/Berlin')).toBe('29 Mart 2026 Pazar, 01:30');
    expect(formatEventTime('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('29 Mart 2026 Pazar, 03:30');
    expect(formatEventTime('2026-12-01T16:00:00.000Z', 'Europe/Istanbul')).toBe('1 Aralık 2026 Salı, 19:00');
  });
  it('reads and writes the edit form in the zone', () => {
    expect(inZone('2026-07-01T16:00:00.000Z', 'Europe/Berlin').format('HH:mm')).toBe('18:00');
    expect(fromZone(dayjs('2026-07-01T18:00:00'), 'Europe/Berlin')).toBe('2026-07-01T16:00:00.000Z');
    expect(fromZone(dayjs('2026-01-01T18:00:00'), 'Europe/Berlin')).toBe('2026-01-01T17:00:00.000Z');
    expect(fromZone(dayjs('2026-01-01T18:00:00'), 'Europe/Istanbul')).toBe('2026-01-01T15:00:00.000Z');
  });
});
