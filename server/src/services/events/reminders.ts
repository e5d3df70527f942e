import type { Knex } from 'knex';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { nowIso, toIso } from '../../db/time';
import { whereRowAfter } from '../../db/keyset';
import { announceNotifications, createNotifications } from '../notifications';
import { formatEventTime } from './time';

/**
 * Event reminders, a day and an hour before, as `event_reminder` notifications to everyone
 * attending. Each one sent leaves a row in event_reminders_sent keyed by (event, member, kind,
 * event time), inserted before the notification in one transaction and skipped on conflict: two
 * server nodes ticking at once send each reminder once, and a rescheduled event reminds again.
 */

const HOUR = 3_600_000;
const BATCH = 200;
type Kind = 'day' | 'hour';

/** The window of event times a reminder kind is due for at `now`: an hour-ahead event gets only the hour reminder. */
const WINDOWS: Record<Kind, { from: number; to: number }> = {
  day: { from: HOUR, to: 24 * HOUR },
  hour: { from: 0, to: HOUR },
};

async function remindEvent(
  ctx: AppContext,
  event: { id: number; title: string; date: unknown },
  kind: Kind,
): Promise<{ userId: number; notificationId: number | null }[]> {
  const date = toIso(event.date);
  return ctx.db.transaction(async (trx: Knex.Transaction) => {
    const going: number[] = await trx('event_attendees').where({ event_id: event.id }).orderBy('user_id').pluck('user_id');
    if (!going.length) return [];
    const created_at = nowIso();
    const fresh: { user_id: number }[] = await trx('event_reminders_sent')
      .insert(going.map((user_id) => ({ event_id: event.id, user_id, kind, event_date: date, created_at })))
      .onConflict(['event_id', 'user_id', 'kind', 'event_date'])
      .ignore()
      .returning('user_id');
    const when = formatEventTime(date, ctx.config.timeZone);
    const message = kind === 'day' ? TEXTS.eventNotices.reminderDay(event.title, when) : TEXTS.eventNotices.reminderHour(event.title, when);
    return createNotifications(
      trx,
      fresh.map(({ user_id }) => ({ userId: user_id, type: 'event_reminder' as const, actorId: null, title: message, message, link: `/events/${event.id}` })),
    );
  });
}

/** Sends every reminder due at `now`; answers how many notifications were written. */
export async function sendDueReminders(ctx: AppContext, now: Date): Promise<number> {
  let sent = 0;
  for (const kind of ['hour', 'day'] as const) {
    const from = new Date(now.getTime() + WINDOWS[kind].from).toISOString();
    const to = new Date(now.getTime() + WINDOWS[kind].to).toISOString();
    let after: [string, number] | null = null;
    for (;;) {
      const q = ctx
        .db('events as e')
        .where('e.status', 'scheduled')
        // A hidden or held event reminds no one (its attendees cannot open it).
        .andWhere('e.is_hidden', false)
        .andWhere('e.date', '>', from)
        .andWhere('e.date', '<=', to)
        .select('e.id', 'e.title', 'e.date');
      if (after) whereRowAfter(q, ['e.date', 'e.id'], '>', after);
      const events: { id: number; title: string; date: unknown }[] = await q
        .orderBy([
          { column: 'e.date', order: 'asc' },
          { column: 'e.id', order: 'asc' },
        ])
        .limit(BATCH);
      for (const event of events) {
        const created = await remindEvent(ctx, event, kind);
        announceNotifications(ctx.bus, created);
        sent += created.length;
      }
      const last = events.at(-1);
      if (events.length < BATCH || !last) break;
      after = [toIso(last.date), last.id];
    }
  }
  return sent;
}
