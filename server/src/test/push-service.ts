import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's side of a push subscription: its P-256 key pair and auth secret, made as a browser makes them. */
export interface BrowserKeys {
  ecdh: crypto.ECDH;
  auth: Buffer;
  /** What `PushSubscription.toJSON().keys` gives. */
  keys: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

export interface ReceivedPush {
  /** The device (the endpoint's last path segment). */
  device: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The decrypted JSON payload (only for answers in 2xx: a refusing service does not read it). */
  payload?: { title: string; body: string; url: string; tag: string; count?: number };
  /** The VAPID public key the request was signed with, once the JWT's signature checked out. */
  vapidKey?: string;
}

/** Checks the VAPID header (RFC 8292: `vapid t=<JWT>, k=<key>`): the ES256 signature by that key, this audience, a future expiry. */
function verifyVapid(header: string | undefined, audience: string): string {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [jwtHeader, claims, signature] = m[1]!.split('.');
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = crypto.verify('sha256', Buffer.from(`${jwtHeader}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; exp: number };
  if (body.aud !== audience || body.exp * 1000 < Date.now()) throw new Error(`bad VAPID claims ${JSON.stringify(body)}`);
  return m[2]!;
}

/**
 * A push service on 127.0.0.1, as Mozilla's or Google's would be to the server: each device is
 * `/push/<device>`; `answer` says what it replies (201 by default), and an accepted push is
 * decrypted with the device's private key and auth secret (RFC 8291, aes128gcm).
 */
export async function startPushService() {
  const devices = new Map<string, BrowserKeys>();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = (req.url ?? '').split('/').pop() ?? '';
      const status = answers.get(device)?.shift() ?? 201;
      const push: ReceivedPush = { device, status, headers: req.headers };
      try {
        push.vapidKey = verifyVapid(req.headers.authorization, `http://127.0.0.1:${port}`);
        const keys = devices.get(device);
        if (status < 300 && keys) {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
          push.payload = JSON.parse(decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString('utf8'));
        }
      } catch (err) {
        push.status = 400;
        res.statusCode = 400;
        res.end(String(err));
        received.push(push);
        waiters.splice(0).forEach((w) => w());
        return;
      }
      res.statusCode = status;
      res.end();
      received.push(push);
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    /** A new device: its subscription as the browser would send it to the server. */
    device(name: string) {
      const keys = browserKeys();
      devices.set(name, keys);
      return { endpoint: `http://127.0.0.1:${port}/push/${name}`, keys: keys.keys };
    },
    /** The next answers for a device (then 201 again). */
    answer(name: string, ...statuses: number[]) {
      answers.set(name, statuses);
    },
    /** Pushes to a device so far. */
    to: (name: string) => received.filter((r) => r.device === name),
    /** Waits until `count` pushes reached the device. */
    async until(name: string, count: number, timeoutMs = 5000): Promise<ReceivedPush[]> {
      const end = Date.now() + timeoutMs;
      while (received.filter((r) => r.device === name).length < count) {
        if (Date.now() > end) throw new Error(`only ${received.filter((r) => r.device === name).length} of ${count} pushes to ${name}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.filter((r) => r.device === name);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
