import { DEFAULT_TIME_ZONE, type NotificationType } from '../limits';

/** The kinds a member switches on and off, in the order the settings table shows them. */
export const NOTIFICATION_GROUPS = ['likes', 'comments', 'mentions', 'follows', 'messages', 'groupActivity', 'events', 'moderation'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/**
 * Which group a notification type belongs to. 'other' is what older rows and anything not yet
 * given its own type carry; it counts as group activity. Messages have no notification rows:
 * their group's desktop switch governs the native notice of a new message.
 */
export const NOTIFICATION_GROUP_OF: Record<NotificationType, NotificationGroup> = {
  like: 'likes',
  comment: 'comments',
  answer: 'comments',
  mention: 'mentions',
  follow: 'follows',
  follow_request: 'follows',
  follow_accepted: 'follows',
  group_activity: 'groupActivity',
  other: 'groupActivity',
  event: 'events',
  event_waitlisted: 'events',
  event_promoted: 'events',
  event_time_changed: 'events',
  event_cancelled: 'events',
  event_message: 'events',
  event_reminder: 'events',
  moderation: 'moderation',
  warning: 'moderation',
  // About the member's own account (their data export): always delivered in-app, like moderation notices.
  data_export: 'moderation',
  mail_paused: 'moderation',
  appeal: 'moderation',
};

/** Groups whose in-app notifications cannot be turned off: moderation notices always arrive, a message always reaches the inbox. */
export const IN_APP_LOCKED_GROUPS: ReadonlySet<NotificationGroup> = new Set<NotificationGroup>(['moderation', 'messages']);

export interface KindPreference {
  inApp: boolean;
  desktop: boolean;
}

export interface QuietHours {
  enabled: boolean;
  /** 'HH:mm', inclusive. */
  start: string;
  /** 'HH:mm', exclusive. */
  end: string;
  /** IANA time zone the two times are read in. */
  timeZone: string;
}

export interface NotificationPreferences {
  kinds: Record<NotificationGroup, KindPreference>;
  quietHours: QuietHours;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '23:00', end: '08:00', timeZone: DEFAULT_TIME_ZONE };

/** What a member who never saved anything has: everything on, quiet hours off. */
export function defaultNotificationPreferences(): NotificationPreferences {
  const kinds = Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, { inApp: true, desktop: true }])) as Record<NotificationGroup, KindPreference>;
  return { kinds, quietHours: { ...DEFAULT_QUIET_HOURS } };
}

function minutesOf(hhmm: string): number {
  const m = /^(\d\d):(\d\d)$/.exec(hhmm);
  if (!m) return 0;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The wall-clock minute of the day (0–1439) at `now` in `timeZone`. */
export function minuteOfDayIn(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/**
 * Whether `now` falls inside the quiet hours, read on the wall clock of their time zone. The
 * window is [start, end): 23:00–08:00 crosses midnight and holds from 23:00 to 07:59; a window
 * whose start equals its end is empty. An unknown time zone falls back to the default one.
 */
export function inQuietHours(quiet: QuietHours, now: Date): boolean {
  if (!quiet.enabled) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  let minute: number;
  try {
    minute = minuteOfDayIn(now, quiet.timeZone);
  } catch {
    minute = minuteOfDayIn(now, DEFAULT_TIME_ZONE);
  }
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Whether the desktop app should raise a native notice for this group now: its desktop switch is on and it is not quiet time. */
export function showsNatively(prefs: NotificationPreferences, group: NotificationGroup, now: Date): boolean {
  return prefs.kinds[group].desktop && !inQuietHours(prefs.quietHours, now);
}

/** Whether a notification of this type is written at all (moderation always is). */
export function wantsInApp(prefs: NotificationPreferences, type: NotificationType): boolean {
  const group = NOTIFICATION_GROUP_OF[type];
  return IN_APP_LOCKED_GROUPS.has(group) || prefs.kinds[group].inApp;
}

/**
 * What a member may get by e-mail: each notification group, and the weekly digest. The
 * unsubscribe link of a mail names its kind and turns only that one off.
 */
export const MAIL_KINDS = [...NOTIFICATION_GROUPS, 'digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** E-mail is off by default for every kind except direct messages. */
export function defaultMailKinds(): Record<MailKind, boolean> {
  return Object.fromEntries(MAIL_KINDS.map((k) => [k, k === 'messages'])) as Record<MailKind, boolean>;
}

/** A notification e-mail goes only to a member who has not been on the site for this long. */
export const AWAY_BEFORE_MAIL_MINUTES = 30;

/** Failed sends in a row after which an address is paused until its member resumes it. */
export const MAIL_FAILURES_BEFORE_PAUSE = 5;
