import { describe, expect, it } from 'vitest';
import { LIMITS } from '@mahalle/shared/limits';
import { dayjs, outsideEventYears } from './time';

describe('event date pickers', () => {
  it('offer only the years the server accepts for an event', () => {
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMin - 1}-12-31T12:00:00`))).toBe(true);
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMin}-01-01T12:00:00`))).toBe(false);
    expect(outsideEventYears(dayjs())).toBe(false);
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMax}-12-31T12:00:00`))).toBe(false);
    expect(outsideEventYears(dayjs(`${LIMITS.eventYearMax + 1}-01-01T12:00:00`))).toBe(true);
  });
});
