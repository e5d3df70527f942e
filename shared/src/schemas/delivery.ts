import { z } from 'zod';
import '../zod-locale';
import { TEXTS } from '../texts';
import { isoTime } from '../contract/endpoint';
import { MAIL_KINDS, type MailKind } from '../rules/notification-prefs';

const T = TEXTS.delivery;

/** The server's VAPID public key (base64url), the `applicationServerKey` a browser subscribes with. */
export const pushKeySchema = z.object({ publicKey: z.string() });

const base64url = (max: number) =>
  z
    .string({ error: T.invalidSubscription })
    .min(16, { error: T.invalidSubscription })
    .max(max, { error: T.invalidSubscription })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: T.invalidSubscription });

/** What `PushSubscription.toJSON()` gives in the browser: the push service's URL and the device's keys. */
export const pushSubscribeSchema = z.object(
  {
    endpoint: z
      .string({ error: T.invalidSubscription })
      .max(1000, { error: T.invalidSubscription })
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: T.invalidSubscription }),
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }, { error: T.invalidSubscription }),
  },
  { error: T.invalidSubscription },
);
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** One of the member's devices that gets pushes. */
export const pushDeviceSchema = z.object({
  id: z.number(),
  /** "Chrome, Linux", from the browser's user agent when it subscribed. */
  label: z.string(),
  /** Lets a browser find its own row (its subscription's endpoint). */
  endpoint: z.string(),
  createdAt: isoTime,
  lastSuccessAt: isoTime.nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

const mailKindsShape = Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean({ error: T.invalidEmailPrefs })])) as Record<MailKind, z.ZodBoolean>;

/** The member's e-mail choices per kind, and whether their address is paused after failures. */
export const mailPreferencesSchema = z.object({
  kinds: z.object(mailKindsShape),
  /** When the address was paused (sends failed 5 times in a row); null while mail goes out. */
  pausedAt: isoTime.nullable(),
  /** Whether this server sends e-mail at all (SMTP and PUBLIC_URL set). */
  mailConfigured: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const updateMailPreferencesSchema = z.object({ kinds: z.object(mailKindsShape, { error: T.invalidEmailPrefs }) }, { error: T.invalidEmailPrefs });
export type UpdateMailPreferences = z.infer<typeof updateMailPreferencesSchema>;
