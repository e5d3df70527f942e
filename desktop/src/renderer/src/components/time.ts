import dayjs from 'dayjs';
import { LIMITS } from '@mahalle/shared/limits';
import 'dayjs/locale/tr';
import relativeTime from 'dayjs/plugin/relativeTime';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { renderFrame, renderNow } from '../ssr/frame';

dayjs.extend(relativeTime);
dayjs.extend(updateLocale);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('tr');
dayjs.updateLocale('tr', { weekStart: 1 });

/**
 * A moment as this computer's clock and zone read it; while a server-rendered page is drawn or hydrated (ssr/frame.ts),
 * as the server read it: its "now" and the community's zone, so both sides write the same words.
 */
const local = (iso: string) => {
  const frame = renderFrame();
  return frame ? dayjs.utc(iso).tz(frame.zone) : dayjs(iso);
};
export const fromNow = (iso: string) => local(iso).from(renderNow());
export const formatDate = (iso: string) => local(iso).format('D MMMM YYYY');
export const formatDateTime = (iso: string) => local(iso).format('D MMMM YYYY, HH:mm');
/**
 * An event's time in the community's zone (the event answer's `timeZone`: Europe/Istanbul unless the
 * server is configured otherwise), whatever zone this computer is in; daylight saving comes from the zone's rules.
 */
export const formatEventTime = (iso: string, zone: string) => dayjs.utc(iso).tz(zone).locale('tr').format('D MMMM YYYY dddd, HH:mm');
/** A picked date-time as it reads in the event's zone (the edit form shows the stored time there). */
export const inZone = (iso: string, zone: string) => dayjs(dayjs.utc(iso).tz(zone).format('YYYY-MM-DDTHH:mm:ss'));
/** A date-time picked as wall-clock time in `zone`, as the UTC ISO string the server stores. */
export const fromZone = (picked: dayjs.Dayjs, zone: string) => dayjs.tz(picked.format('YYYY-MM-DDTHH:mm:ss'), zone).toISOString();
export { dayjs };

/** Event date pickers offer only the years the server accepts (LIMITS.eventYearMin..Max, in UTC there). */
export const outsideEventYears = (d: dayjs.Dayjs) => d.year() < LIMITS.eventYearMin || d.year() > LIMITS.eventYearMax;

/** A date picker's value as the server is sent it (an ISO string), for fieldRule's `read`. */
export const pickedIso = (v: unknown) => (dayjs.isDayjs(v) ? v.toISOString() : v);
