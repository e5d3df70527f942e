import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { loadCommonPasswords, requireCommonPasswords } from '@mahalle/shared';
import { errors } from '../errors';

// The shared rule for a new password refuses common ones. The list (some 4 MiB of heap) comes with the first new
// password the server checks, not at start: a server that only serves reads never holds it. A check before it has
// come throws rather than letting a common password through.
requireCommonPasswords();

/** To await before a new password is checked against the shared rules (registerSchema, resetPasswordSchema, …). */
export const newPasswordRulesReady = loadCommonPasswords;

const KEY_LENGTH = 64;

interface ScryptTask {
  password: string;
  salt: Buffer;
  keylen: number;
  N: number;
  r: number;
  p: number;
}

/**
 * Runs in each worker thread. scryptSync on purpose: the async scrypt would go back to libuv's
 * 4-thread pool, which the SQLite driver and file I/O of the whole process share; a few hashes
 * there were enough to hold every visitor's database read for seconds.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
// Below the request threads in the scheduler's eyes (Linux: a thread is its own task, found
// through /proc/thread-self), so a burst of hashes slows sign-ins, not every visitor's page.
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 10);
} catch {}
parentPort.on('message', ({ password, salt, keylen, N, r, p }) => {
  try {
    const key = crypto.scryptSync(password, Buffer.from(salt), keylen, { N, r, p, maxmem: 256 * N * r });
    parentPort.postMessage({ key });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

interface Pending {
  task: ScryptTask;
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  current: (Pending & { startedAt: number }) | null;
  /** Ends an idle worker (see IDLE_WORKER_MS). */
  idleTimer: NodeJS.Timeout | null;
}

/**
 * A worker idle this long is ended: each holds its own V8 heap and the allocator's arena of its
 * 32 MiB hash (about 10–40 MiB of RSS), which a server busy with reads should not keep after a
 * few sign-ins. Starting one again costs about 20 ms, once per burst.
 */
const IDLE_WORKER_MS = 10_000;

/**
 * A few worker threads for scrypt, with a short queue. At most `threads` hashes run at once
 * (kept below the number of cores, so request handling keeps a core), `maxQueue` more wait;
 * beyond that the caller gets a 503 with Retry-After instead of an ever longer wait.
 * Node's worker_threads directly: the task is one function, and a worker-pool library would
 * need a separate worker file on disk, which the bundle, tsx and vitest each place differently.
 */
class ScryptPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private closed = false;
  get queueLength(): number {
    return this.queue.length;
  }
  /** Moving average of one hash, for Retry-After. */
  private averageMs = 100;

  constructor(
    private threads: number,
    private maxQueue: number,
  ) {}

  run(task: ScryptTask): Promise<Buffer> {
    if (this.closed) return Promise.reject(errors.unavailable());
    const idle = this.slots.find((s) => !s.current) ?? (this.slots.length < this.threads ? this.spawn() : null);
    if (!idle && this.queue.length >= this.maxQueue) {
      const waitMs = ((this.queue.length + this.threads) * this.averageMs) / this.threads;
      return Promise.reject(errors.busy(waitMs / 1000));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const pending = { task, resolve, reject };
      if (idle) this.start(idle, pending);
      else this.queue.push(pending);
    });
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }), current: null, idleTimer: null };
    slot.worker.unref();
    slot.worker.on('message', (msg: { key?: Uint8Array; error?: string }) => {
      const done = slot.current;
      slot.current = null;
      if (done) {
        this.averageMs = this.averageMs * 0.8 + (performance.now() - done.startedAt) * 0.2;
        if (msg.key) done.resolve(Buffer.from(msg.key));
        else done.reject(new Error(msg.error ?? 'scrypt failed'));
      }
      this.next(slot);
    });
    // A worker that dies takes only its own task with it; the slot is refilled on demand.
    slot.worker.on('error', (err) => this.lose(slot, err));
    slot.worker.on('exit', (code) => this.lose(slot, new Error(`scrypt worker exited with ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private lose(slot: Slot, err: Error) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (!this.slots.includes(slot)) return;
    this.slots = this.slots.filter((s) => s !== slot);
    slot.current?.reject(err);
    slot.current = null;
    const next = this.closed ? undefined : this.queue.shift();
    if (next) this.start(this.spawn(), next);
  }

  private start(slot: Slot, pending: Pending) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.current = { ...pending, startedAt: performance.now() };
    slot.worker.postMessage(pending.task);
  }

  private next(slot: Slot) {
    const pending = this.queue.shift();
    if (pending) return this.start(slot, pending);
    slot.idleTimer = setTimeout(() => this.retire(slot), IDLE_WORKER_MS);
    slot.idleTimer.unref();
  }

  /** Ends an idle worker; the next hash starts a new one. */
  private retire(slot: Slot) {
    if (slot.current || !this.slots.includes(slot)) return;
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(errors.unavailable());
    const slots = this.slots.splice(0);
    for (const s of slots) {
      if (s.idleTimer) clearTimeout(s.idleTimer);
      s.current?.reject(errors.unavailable());
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

export interface PasswordHashingOptions {
  /** log2 of scrypt's N for new hashes (stored with each hash). */
  cost: number;
  threads: number;
  maxQueue: number;
}

/** scrypt (memory-hard) with a per-user salt; parameters are stored with the hash. */
export class PasswordHasher {
  private pool: ScryptPool;
  private dummyHash: Promise<string> | null = null;

  constructor(private opts: PasswordHashingOptions) {
    this.pool = new ScryptPool(Math.max(1, opts.threads), Math.max(0, opts.maxQueue));
  }

  async hash(password: string): Promise<string> {
    const N = 2 ** this.opts.cost;
    const r = 8;
    const p = 1;
    const salt = crypto.randomBytes(16);
    const key = await this.pool.run({ password: password.normalize('NFC'), salt, keylen: KEY_LENGTH, N, r, p });
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    const [scheme, nStr, rStr, pStr, saltStr, keyStr] = parts;
    if (parts.length !== 6 || scheme !== 'scrypt' || saltStr === undefined || keyStr === undefined) return false;
    const expected = Buffer.from(keyStr, 'base64url');
    const key = await this.pool.run({
      password: password.normalize('NFC'),
      salt: Buffer.from(saltStr, 'base64url'),
      keylen: expected.length,
      N: Number(nStr),
      r: Number(rStr),
      p: Number(pStr),
    });
    return key.length === expected.length && crypto.timingSafeEqual(key, expected);
  }

  /** Spend the same time as a real check when the account does not exist or cannot sign in. */
  async verifyAgainstDummy(password: string): Promise<void> {
    this.dummyHash ??= this.hash(crypto.randomBytes(16).toString('hex'));
    const dummy = this.dummyHash;
    // A dummy hash that failed (a full queue) is made again next time.
    dummy.catch(() => {
      if (this.dummyHash === dummy) this.dummyHash = null;
    });
    await this.verify(password, await dummy);
  }

  /** Hashes waiting for a worker (for /metrics). */
  get queueLength(): number {
    return this.pool.queueLength;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
