import crypto from 'node:crypto';

/**
 * The digest's one-click unsubscribe token: the member's id and an HMAC-SHA256 of
 * 'digest:<id>' under the server's session key, so it works without a session, only for the
 * digest and only for that member, and needs no table. It does not expire: an old digest's link
 * keeps working (RFC 8058 asks that it work for as long as mail is sent).
 */
const SCOPE = 'digest';

function mac(secret: string, memberId: number): string {
  return crypto.createHmac('sha256', secret).update(`${SCOPE}:${memberId}`).digest('base64url');
}

export function digestUnsubscribeToken(secret: string, memberId: number): string {
  return `${memberId}.${mac(secret, memberId)}`;
}

/** The member a token is for, or null when it is not one this server signed for the digest. */
export function memberOfUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const given = Buffer.from(m[2]!);
  const expected = Buffer.from(mac(secret, id));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}

/** The path of the unsubscribe page (served outside /api: a page for people and a POST for mail clients). */
export const unsubscribePath = (token: string) => `/unsubscribe/digest/${token}`;
