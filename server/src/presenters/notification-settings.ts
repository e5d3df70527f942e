import {
  defaultNotificationPreferences,
  IN_APP_LOCKED_GROUPS,
  NOTIFICATION_GROUPS,
  type NotificationPreferences,
  type NotificationSettings,
} from '@mahalle/shared';

/** A row of notification_settings as the database gives it. */
export interface NotificationSettingsRow {
  user_id: number;
  kinds: string;
  quiet_enabled: boolean | number;
  quiet_start: string;
  quiet_end: string;
  time_zone: string;
}

function parseKinds(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A stored row (or none) as the member's whole preferences: a group the row does not name keeps
 * its default (on), and in-app stays on for the groups that cannot be turned off.
 */
export function presentNotificationSettings(row: NotificationSettingsRow | undefined): NotificationSettings & NotificationPreferences {
  const prefs = defaultNotificationPreferences();
  if (!row) return prefs;
  const stored = parseKinds(row.kinds);
  for (const group of NOTIFICATION_GROUPS) {
    const s = stored[group];
    if (s && typeof s === 'object') {
      const { inApp, desktop } = s as { inApp?: unknown; desktop?: unknown };
      prefs.kinds[group] = {
        inApp: IN_APP_LOCKED_GROUPS.has(group) ? true : inApp !== false,
        desktop: desktop !== false,
      };
    }
  }
  prefs.quietHours = { enabled: Boolean(row.quiet_enabled), start: row.quiet_start, end: row.quiet_end, timeZone: row.time_zone };
  return prefs;
}
