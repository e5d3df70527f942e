import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded plain-text body (quoted-printable soft breaks joined; of a multipart message, its text/plain part). */
  text: string;
  /** The decoded text/html part of a multipart message, if any. */
  html: string | null;
  /** The message's headers, folded lines joined, by lower-case name. */
  headers: Map<string, string>;
  subject: string;
}

/**
 * A real SMTP server on a free local port, in this process: the server under test talks SMTP to
 * it through nodemailer exactly as to the organiser's mail server, and every message lands here.
 */
export async function startMailSink() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  /** Messages still to be refused (a mail server that is down for a while): each answered 451 and not kept. */
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          return callback(Object.assign(new Error('Geçici bir sorun, sonra deneyin'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: partOf(raw, 'text/plain') ?? decodeBody(raw),
          html: partOf(raw, 'text/html'),
          headers: headersOf(raw),
          subject: decodeSubject(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for the next message to `to` (or resolves with one already here that no earlier call took). */
    async next(to: string, seen = new Set<ReceivedMail>()): Promise<ReceivedMail> {
      for (;;) {
        const hit = received.find((m) => m.to.includes(to) && !seen.has(m));
        if (hit) return hit;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** Refuses the next `n` messages (451), as a mail server in trouble does. */
    refuseNext(n: number) {
      refusing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailSink = Awaited<ReturnType<typeof startMailSink>>;

function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const out = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) out.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return out;
}

/** The decoded part of this type of a multipart message (null when the message is not multipart or has none). */
function partOf(raw: string, type: string): string | null {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))?.[1];
  if (!boundary) return null;
  for (const part of raw.split(`--${boundary}`)) {
    const body = part.replace(/^\r\n/, '');
    if (new RegExp(`^Content-Type:\\s*${type}`, 'im').test(body.slice(0, body.indexOf('\r\n\r\n')))) return decodeBody(body).replace(/\r\n$/, '');
  }
  return null;
}

function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
    body = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  } else if (/Content-Transfer-Encoding:\s*base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

function decodeSubject(raw: string): string {
  const m = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw);
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  const value = (m?.[1] ?? '').replace(/\r\n[ \t]/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** A message's header (unfolded), or null. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head);
  return m ? m[1]!.trim() : null;
}

/** The decoded body of a multipart message's part of this Content-Type (text/plain, text/html), or null. */
export function mailPart(raw: string, type: string): string | null {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return null;
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!new RegExp(`Content-Type:\\s*${type.replace('/', '\\/')}`, 'i').test(head)) continue;
    return decodeBody(part.replace(/^\r\n/, '')).replace(/\r\n$/, '');
  }
  return null;
}
