import { dayjs } from '../events/time';

/**
 * When a member's weekly digest is due. A week is the member's local ISO week (Monday to
 * Sunday in their zone), named by its Monday ('YYYY-MM-DD'); its slot is the chosen weekday and
 * hour there, as a UTC instant (the zone's rules, daylight saving included, from the runtime's
 * IANA data through dayjs' timezone plugin). Pure: the clock is an argument.
 */

export interface DigestTime {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  hour: number;
  timeZone: string;
}

export interface DueSlot {
  /** The week the slot belongs to: its Monday in the member's zone. */
  week: string;
  /** The slot as an ISO UTC instant. */
  at: string;
}

/** The member's local week containing `at`. */
export function weekOf(at: Date, timeZone: string): string {
  const local = dayjs(at).tz(timeZone);
  const isoWeekday = ((local.day() + 6) % 7) + 1;
  return local.subtract(isoWeekday - 1, 'day').format('YYYY-MM-DD');
}

/** The slot of `week` (a Monday) for this setting. */
export function slotOf(week: string, time: DigestTime): DueSlot {
  const [y, m, d] = week.split('-').map(Number) as [number, number, number];
  // Calendar arithmetic on the plain date (no zone), then read as a wall-clock time in the zone.
  const day = new Date(Date.UTC(y, m - 1, d + time.weekday - 1));
  const wall = `${day.toISOString().slice(0, 10)} ${String(time.hour).padStart(2, '0')}:00`;
  return { week, at: dayjs.tz(wall, 'YYYY-MM-DD HH:mm', time.timeZone).toDate().toISOString() };
}

/** The Monday a week after `week`. */
export function weekAfter(week: string): string {
  const [y, m, d] = week.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10);
}

/**
 * The next digest due for a member who turns it on (or changes it) at `now`: this week's slot
 * unless this week's digest was already handled (sent, skipped or being sent), else next week's.
 * A slot already past this week is due at once: the week's digest has not gone out yet.
 */
export function dueFrom(now: Date, time: DigestTime, weekDone: (week: string) => boolean): DueSlot {
  const week = weekOf(now, time.timeZone);
  return weekDone(week) ? slotOf(weekAfter(week), time) : slotOf(week, time);
}
