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

/** The UTC offset of `zone` at `iso`, in minutes (for the calendar's VTIMEZONE). */
export function zoneOffsetMinutes(iso: string | number, zone: string): number {
  return dayjs.utc(iso).tz(zone).utcOffset();
}

export { dayjs };
