import { z } from 'zod';
import '../zod-locale';
import { TEXTS } from '../texts';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '../rules/notification-prefs';

const T = TEXTS.notificationSettings;

/** Whether the runtime knows `tz` as an IANA time zone (Intl's own check). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const switchSchema = z.boolean({ error: T.invalidSwitch });
export const kindPreferenceSchema = z.object({ inApp: switchSchema, desktop: switchSchema }, { error: T.invalidSwitch });

const timeSchema = z.string({ error: T.invalidTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: T.invalidTime });

export const quietHoursSchema = z.object(
  {
    enabled: z.boolean({ error: T.invalidSwitch }),
    start: timeSchema,
    end: timeSchema,
    timeZone: z
      .string({ error: T.invalidTimeZone })
      .trim()
      .min(1, { error: T.invalidTimeZone })
      .max(64, { error: T.invalidTimeZone })
      .refine(isTimeZone, { error: T.invalidTimeZone }),
  },
  { error: T.invalidSettings },
);

const kindsShape = Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, kindPreferenceSchema])) as Record<NotificationGroup, typeof kindPreferenceSchema>;

/** The member's notification preferences: what GET answers and PUT takes (every kind, whole). */
export const notificationSettingsSchema = z.object(
  { kinds: z.object(kindsShape, { error: T.invalidSettings }), quietHours: quietHoursSchema },
  { error: T.invalidSettings },
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingsSchema = notificationSettingsSchema;
