import crypto from 'node:crypto';
import type { Knex } from 'knex';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { LIMITS, TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { nowIso, toIso } from '../../db/time';
import type { EventRow } from '../../presenters/events';
import type { UserRow } from '../../presenters/users';
import { visible, visibleEventRow } from './events';
import { dayjs, zoneOffsetMinutes } from './time';

/**
 * Events as iCalendar (RFC 5545): one event's .ics file and each member's private feed, which
 * Google Calendar, Apple Calendar and Thunderbird subscribe to. Times are written in the
 * community's zone (DTSTART;TZID=Europe/Istanbul) with a VTIMEZONE that says what that zone's
 * offsets are, so every client reads the same UTC instant.
 */

/** Events have no end time; calendars get this length. */
const EVENT_HOURS = 2;

const vtimezones = new Map<string, string>();

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/**
 * A VTIMEZONE for an IANA zone, from the runtime's zone data: one observance per offset change
 * from two years ago to ten years ahead, or to the end of `lastYear` when the calendar holds a
 * later event (found day by day, then to the minute), so it holds for zones with daylight saving
 * (Europe/Berlin) and without (Europe/Istanbul since 2016). Kept per zone and end year.
 */
export function vtimezone(zone: string, lastYear = 0): string {
  const year = new Date().getUTCFullYear();
  const untilYear = Math.max(year + 10, lastYear + 1);
  const key = `${zone} ${untilYear}`;
  const cached = vtimezones.get(key);
  if (cached) return cached;
  const from = Date.UTC(year - 2, 0, 1);
  const until = Date.UTC(untilYear, 0, 1);
  const DAY = 86_400_000;
  const offset = (t: number) => zoneOffsetMinutes(t, zone);
  const changes: { at: number; before: number; after: number }[] = [];
  let prev = offset(from);
  for (let t = from + DAY; t <= until; t += DAY) {
    const now = offset(t);
    if (now === prev) continue;
    // The change lies in (t - DAY, t]: narrow it to the minute.
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offset(mid) === prev) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, before: prev, after: now });
    prev = now;
  }
  const local = (t: number, minutes: number) => dayjs.utc(t + minutes * 60_000).format('YYYYMMDD[T]HHmmss');
  const first = offset(from);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: string, before: number, after: number) =>
    lines.push(`BEGIN:${kind}`, `DTSTART:${start}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`, `END:${kind}`);
  const firstChange = changes.at(0);
  observance(firstChange && firstChange.after < first ? 'DAYLIGHT' : 'STANDARD', local(from, first), first, first);
  for (const c of changes) observance(c.after > c.before ? 'DAYLIGHT' : 'STANDARD', local(c.at, c.before), c.before, c.after);
  lines.push('END:VTIMEZONE');
  const text = lines.join('\r\n');
  vtimezones.set(key, text);
  return text;
}

/**
 * The calendar as RFC 5545 text. ical-generator writes some calendar properties after a component
 * (X-WR-TIMEZONE after the last VEVENT; REFRESH-INTERVAL, X-PUBLISHED-TTL after the VTIMEZONE) and
 * leaves END:VCALENDAR without its line break; the RFC wants the calendar's properties before its
 * first component (3.4, 3.6) and every content line ended by CRLF (3.1). Folded continuation
 * lines (a leading space or tab) stay with their property.
 */
function icsText(cal: ICalCalendar): string {
  const props: string[] = [];
  const components: string[] = [];
  let depth = 0;
  let into = props;
  for (const line of cal.toString().split('\r\n')) {
    if (line === '' || line === 'BEGIN:VCALENDAR' || line === 'END:VCALENDAR') continue;
    if (line.startsWith(' ') || line.startsWith('\t')) {
      into.push(line);
      continue;
    }
    if (line.startsWith('BEGIN:')) depth += 1;
    into = depth > 0 ? components : props;
    into.push(line);
    if (line.startsWith('END:')) depth -= 1;
  }
  return ['BEGIN:VCALENDAR', ...props, ...components, 'END:VCALENDAR', ''].join('\r\n');
}

/** A calendar whose events are all in or before `lastEvent` (its VTIMEZONE reaches that far). */
function calendar(ctx: AppContext, name: string, lastEvent?: EventRow): ICalCalendar {
  const cal = ical({ name, prodId: { company: 'Mahalle', product: 'Etkinlikler', language: 'TR' } });
  const lastYear = lastEvent ? new Date(toIso(lastEvent.date)).getUTCFullYear() : 0;
  // No calendar-wide zone (DTSTAMP stays UTC, as RFC 5545 wants); each event names its zone and gets its VTIMEZONE.
  cal.timezone({ name: null, generator: (zone) => vtimezone(zone, lastYear) });
  cal.x('X-WR-TIMEZONE', ctx.config.timeZone);
  return cal;
}

function addEvent(ctx: AppContext, cal: ICalCalendar, r: EventRow, origin: string) {
  const start = dayjs.utc(toIso(r.date));
  const created = Date.parse(toIso(r.created_at));
  const updated = Date.parse(toIso(r.updated_at));
  cal.createEvent({
    id: `event-${r.id}@${new URL(origin).hostname}`,
    // Grows with every edit, so subscribed calendars take the new version.
    sequence: Math.max(0, Math.floor((updated - created) / 1000)),
    stamp: dayjs.utc(toIso(r.updated_at)),
    start,
    end: start.add(EVENT_HOURS, 'hour'),
    timezone: ctx.config.timeZone,
    summary: r.title,
    description: r.status === 'cancelled' ? `${TEXTS.events.cancelledTag}: ${r.cancel_reason ?? ''}\n\n${r.description}` : r.description,
    location: r.location || null,
    url: `${origin}/events/${r.id}`,
    status: r.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** One event as a .ics file, for whoever may see it (404 otherwise, as for the event itself). */
export async function eventIcs(ctx: AppContext, id: number, viewer: UserRow | undefined, origin: string): Promise<string> {
  const row = await visibleEventRow(ctx.db, id, viewer);
  const cal = calendar(ctx, row.title, row);
  addEvent(ctx, cal, row, origin);
  return icsText(cal);
}

// ---- the member's private feed ----

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function calendarFeed(db: Knex, me: UserRow) {
  const row = await db('calendar_feeds').where({ user_id: me.id }).first('created_at');
  return { active: Boolean(row), createdAt: row ? toIso(row.created_at) : null, url: null };
}

/** A new feed address; any earlier one stops working. The token is kept only as its hash, so the address is shown now or never. */
export async function createCalendarFeed(db: Knex, me: UserRow, origin: string) {
  const token = crypto.randomBytes(24).toString('base64url');
  const createdAt = nowIso();
  await db.transaction(async (trx) => {
    await trx('calendar_feeds').where({ user_id: me.id }).delete();
    await trx('calendar_feeds').insert({ user_id: me.id, token_hash: hashToken(token), created_at: createdAt });
  });
  return { active: true, createdAt, url: `${origin}/api/calendar/${token}.ics` };
}

export async function revokeCalendarFeed(db: Knex, me: UserRow) {
  await db('calendar_feeds').where({ user_id: me.id }).delete();
  return { active: false, createdAt: null, url: null };
}

/**
 * The feed behind a token: the events its member attends, from a month ago on, soonest first
 * (cancelled ones stay, marked cancelled, so calendars drop them). An unknown or revoked token is 404.
 */
export async function feedIcs(ctx: AppContext, token: string, origin: string): Promise<string> {
  const feed = await ctx
    .db('calendar_feeds')
    .where({ token_hash: hashToken(token) })
    .first('user_id');
  if (!feed) throw errors.notFound(TEXTS.events.calendarFeedNotFound, 'calendar_feed_not_found');
  const member: UserRow | undefined = await ctx.db('users').where({ id: feed.user_id }).first();
  if (!member) throw errors.notFound(TEXTS.events.calendarFeedNotFound, 'calendar_feed_not_found');
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const rows: EventRow[] = await visible(ctx.db('events as e').join('event_attendees as mine', 'mine.event_id', 'e.id').select('e.*'), member)
    .where('mine.user_id', member.id)
    .andWhere('e.date', '>=', since)
    .orderBy([
      { column: 'e.date', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .limit(LIMITS.calendarFeedMax);
  const cal = calendar(ctx, TEXTS.events.calendarName, rows.at(-1));
  cal.ttl(60 * 60);
  for (const r of rows) addEvent(ctx, cal, r, origin);
  return icsText(cal);
}
