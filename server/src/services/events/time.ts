import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import 'dayjs/locale/tr.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * An event time as people read it: stored in UTC, shown in the community's zone (config.timeZone,
 * Europe/Istanbul unless TIME_ZONE says otherwise), in Turkish. The zone's rules (daylight saving
 * where it has it) come from the runtime's IANA data through dayjs' timezone plugin.
 */
export function formatEventTime(iso: string, zone: string): string {
  return dayjs.utc(iso).tz(zone).locale('tr').format('D MMMM YYYY dddd, HH:mm');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The UTC offset of `zone` at an instant, in minutes (for the calendar's VTIMEZONE). Straight from
 * Intl with one formatter per zone: the VTIMEZONE asks thousands of times, which dayjs' tz is too slow for.
 */
export function zoneOffsetMinutes(at: string | number, zone: string): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const t = typeof at === 'number' ? at : Date.parse(at);
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

export { dayjs };
