import type { Knex } from 'knex';
import ipaddr from 'ipaddr.js';
import { TEXTS, type PushDevice, type PushSubscribeInput } from '@mahalle/shared';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { nowIso } from '../../db/time';
import { presentPushDevice, type PushSubscriptionRow } from '../../presenters/delivery';

const T = TEXTS.delivery;

/** Devices a member keeps at most; subscribing one more drops the oldest (so the list never grows). */
export const MAX_PUSH_DEVICES = 20;

/** "Chrome, Linux": the browser and the system, read from a user agent, for the member's device list. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /SamsungBrowser\//.test(ua)
          ? 'Samsung Internet'
          : /Chrome\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return [browser, system].filter(Boolean).join(', ') || T.unknownDevice;
}

/**
 * Whether the server may send to this endpoint: a push service is a public https host. In tests
 * (NODE_ENV=test) a local http endpoint stands in for it; elsewhere loopback, private and
 * link-local addresses are refused so a subscription cannot make the server call inside its network.
 */
function acceptableEndpoint(ctx: AppContext, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (ctx.config.env === 'test') return true;
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || (!host.includes('.') && !ipaddr.isValid(host))) return false;
  if (ipaddr.isValid(host)) return ipaddr.process(host).range() === 'unicast';
  return true;
}

/** Registers (or moves to this member) a browser's subscription; the same endpoint again replaces its row. */
export async function subscribe(ctx: AppContext, userId: number, input: PushSubscribeInput, userAgent: string | undefined): Promise<PushDevice> {
  if (!acceptableEndpoint(ctx, input.endpoint)) throw errors.badRequest(T.invalidSubscription);
  return ctx.db.transaction(async (trx) => {
    const row = { user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label: deviceLabel(userAgent).slice(0, 100) };
    await trx('push_subscriptions')
      .insert({ ...row, created_at: nowIso() })
      .onConflict('endpoint')
      .merge(['user_id', 'p256dh', 'auth', 'label']);
    const saved = (await trx('push_subscriptions').where({ endpoint: input.endpoint }).first()) as PushSubscriptionRow;
    const keep = trx('push_subscriptions').where({ user_id: userId }).orderBy('id', 'desc').limit(MAX_PUSH_DEVICES).select('id');
    await trx('push_subscriptions').where({ user_id: userId }).whereNotIn('id', keep).delete();
    return presentPushDevice(saved);
  });
}

/** The member's devices, newest first (at most MAX_PUSH_DEVICES). */
export async function listDevices(db: Knex, userId: number): Promise<PushDevice[]> {
  const rows = (await db('push_subscriptions').where({ user_id: userId }).orderBy('id', 'desc').limit(MAX_PUSH_DEVICES)) as PushSubscriptionRow[];
  return rows.map(presentPushDevice);
}

/** Another member's device answers 404 like a missing one. */
export async function removeDevice(db: Knex, userId: number, id: number): Promise<void> {
  const removed = await db('push_subscriptions').where({ id, user_id: userId }).delete();
  if (!removed) throw errors.notFound(T.deviceNotFound, 'push_subscription_not_found');
}
