import dayjs from 'dayjs';
import { LIMITS } from '@mahalle/shared/limits';
import 'dayjs/locale/tr';
import relativeTime from 'dayjs/plugin/relativeTime';
import updateLocale from 'dayjs/plugin/updateLocale';

dayjs.extend(relativeTime);
dayjs.extend(updateLocale);
dayjs.locale('tr');
dayjs.updateLocale('tr', { weekStart: 1 });

export const fromNow = (iso: string) => dayjs(iso).fromNow();
export const formatDate = (iso: string) => dayjs(iso).format('D MMMM YYYY');
export const formatDateTime = (iso: string) => dayjs(iso).format('D MMMM YYYY, HH:mm');
export { dayjs };

/** Event date pickers offer only the years the server accepts (LIMITS.eventYearMin..Max, in UTC there). */
export const outsideEventYears = (d: dayjs.Dayjs) => d.year() < LIMITS.eventYearMin || d.year() > LIMITS.eventYearMax;

/** A date picker's value as the server is sent it (an ISO string), for fieldRule's `read`. */
export const pickedIso = (v: unknown) => (dayjs.isDayjs(v) ? v.toISOString() : v);
