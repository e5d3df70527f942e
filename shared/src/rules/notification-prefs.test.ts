import { describe, expect, it } from 'vitest';
import {
  defaultNotificationPreferences,
  inQuietHours,
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_GROUPS,
  showsNatively,
  wantsInApp,
  type QuietHours,
} from './notification-prefs';
import { NOTIFICATION_TYPES } from '../limits';

const night: QuietHours = { enabled: true, start: '23:00', end: '08:00', timeZone: 'Europe/Istanbul' };

describe('quiet hours', () => {
  it('holds across midnight on the wall clock of Istanbul (UTC+3)', () => {
    // 20:00Z = 23:00 in Istanbul: the window begins (start inclusive).
    expect(inQuietHours(night, new Date('2026-11-24T20:00:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-11-24T19:59:00Z'))).toBe(false);
    // 00:30 and 07:59 next morning: still quiet.
    expect(inQuietHours(night, new Date('2026-11-24T21:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-11-25T04:59:00Z'))).toBe(true);
    // 08:00: over (end exclusive); midday: not quiet.
    expect(inQuietHours(night, new Date('2026-11-25T05:00:00Z'))).toBe(false);
    expect(inQuietHours(night, new Date('2026-11-25T09:00:00Z'))).toBe(false);
  });

  it('reads the times in the member’s own time zone', () => {
    const at = new Date('2026-11-24T22:30:00Z'); // 01:30 Istanbul, 22:30 London, 17:30 New York
    expect(inQuietHours(night, at)).toBe(true);
    expect(inQuietHours({ ...night, timeZone: 'Europe/London' }, at)).toBe(false);
    expect(inQuietHours({ ...night, timeZone: 'America/New_York' }, at)).toBe(false);
    expect(inQuietHours({ ...night, timeZone: 'Europe/London' }, new Date('2026-11-24T23:00:00Z'))).toBe(true);
  });

  it('handles a window within one day, an empty window and the switch off', () => {
    const lunch: QuietHours = { enabled: true, start: '12:00', end: '13:30', timeZone: 'UTC' };
    expect(inQuietHours(lunch, new Date('2026-11-24T11:59:00Z'))).toBe(false);
    expect(inQuietHours(lunch, new Date('2026-11-24T12:00:00Z'))).toBe(true);
    expect(inQuietHours(lunch, new Date('2026-11-24T13:29:00Z'))).toBe(true);
    expect(inQuietHours(lunch, new Date('2026-11-24T13:30:00Z'))).toBe(false);
    expect(inQuietHours({ ...lunch, end: '12:00' }, new Date('2026-11-24T12:00:00Z'))).toBe(false);
    expect(inQuietHours({ ...night, enabled: false }, new Date('2026-11-24T21:30:00Z'))).toBe(false);
  });

  it('falls back to Istanbul for a time zone Intl does not know', () => {
    expect(inQuietHours({ ...night, timeZone: 'Mars/Olympus' }, new Date('2026-11-24T21:30:00Z'))).toBe(true);
  });
});

describe('preferences', () => {
  it('map every notification type to a group and default to everything on', () => {
    for (const t of NOTIFICATION_TYPES) expect(NOTIFICATION_GROUPS).toContain(NOTIFICATION_GROUP_OF[t]);
    const prefs = defaultNotificationPreferences();
    expect(prefs.quietHours).toEqual({ enabled: false, start: '23:00', end: '08:00', timeZone: 'Europe/Istanbul' });
    for (const g of NOTIFICATION_GROUPS) expect(prefs.kinds[g]).toEqual({ inApp: true, desktop: true });
  });

  it('keep moderation in-app whatever the switch says; desktop follows the switch and the quiet hours', () => {
    const prefs = defaultNotificationPreferences();
    prefs.kinds.likes.inApp = false;
    prefs.kinds.moderation.inApp = false;
    expect(wantsInApp(prefs, 'like')).toBe(false);
    expect(wantsInApp(prefs, 'moderation')).toBe(true);
    expect(wantsInApp(prefs, 'comment')).toBe(true);
    const noon = new Date('2026-11-24T09:00:00Z');
    const midnight = new Date('2026-11-24T21:00:00Z');
    expect(showsNatively(prefs, 'likes', noon)).toBe(true);
    prefs.quietHours = night;
    expect(showsNatively(prefs, 'likes', midnight)).toBe(false);
    prefs.kinds.comments.desktop = false;
    expect(showsNatively(prefs, 'comments', noon)).toBe(false);
  });
});
