import { z } from 'zod';
import '../zod-locale';
import { TEXTS } from '../texts';
import { isTimeZone } from './notification-settings';

const T = TEXTS.digest;

/**
 * The weekly neighbourhood digest's setting: on or off (off until the member turns it on), the
 * weekday (ISO: 1 Monday … 7 Sunday) and the hour, read in the member's own IANA time zone.
 */
export const digestSettingsSchema = z.object(
  {
    enabled: z.boolean({ error: T.invalidSwitch }),
    weekday: z.number({ error: T.invalidWeekday }).int({ error: T.invalidWeekday }).min(1, { error: T.invalidWeekday }).max(7, { error: T.invalidWeekday }),
    hour: z.number({ error: T.invalidHour }).int({ error: T.invalidHour }).min(0, { error: T.invalidHour }).max(23, { error: T.invalidHour }),
    timeZone: z
      .string({ error: T.invalidTimeZone })
      .trim()
      .min(1, { error: T.invalidTimeZone })
      .max(64, { error: T.invalidTimeZone })
      .refine(isTimeZone, { error: T.invalidTimeZone }),
  },
  { error: T.invalidSettings },
);
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
export const updateDigestSettingsSchema = digestSettingsSchema;
