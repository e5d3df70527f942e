import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 64;

/** scrypt (memory-hard) with a per-user salt; parameters are stored with the hash. */
export async function hashPassword(password: string, cost = 15): Promise<string> {
  const N = 2 ** cost;
  const r = 8;
  const p = 1;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nStr, rStr, pStr, saltStr, keyStr] = parts;
  const N = Number(nStr);
  const r = Number(rStr);
  const p = Number(pStr);
  const expected = Buffer.from(keyStr, 'base64url');
  const key = await scrypt(password.normalize('NFC'), Buffer.from(saltStr, 'base64url'), expected.length, {
    N, r, p, maxmem: 256 * N * r,
  });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/** Spend the same time as a real check when the account does not exist or cannot sign in. */
export async function verifyAgainstDummy(password: string, cost: number): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'), cost);
  await verifyPassword(password, await dummyHash);
}
