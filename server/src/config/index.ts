import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export interface RateLimitRule {
  points: number;
  durationSec: number;
}

/** What a member does that is counted per member (one window each, see middlewares/rate-limit.ts). */
export const WRITE_ACTIONS = ['posts', 'comments', 'messages', 'likes', 'follows', 'reports', 'uploads', 'groups', 'eventMessages'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** STORAGE=s3 needs at least a bucket; anything else keeps the files on disk. */
function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  if ((env.STORAGE ?? 'disk').toLowerCase() !== 's3') return { kind: 'disk' };
  const s3 = s3ConfigFromEnv(env);
  if (!s3) throw new Error('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as the provider asks)');
  return s3;
}

/** The bucket the S3_* settings name, whatever STORAGE says (the move-files command reads it before the switch); null without S3_BUCKET. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3StorageConfig | null {
  if (!env.S3_BUCKET) return null;
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT || null,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
  };
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Absolute; a relative DATA_DIR is taken from the checkout's root folder (installRoot). */
  dataDir: string;
  /** True when DATA_DIR is unset and the database was found in the older default, server/data. */
  legacyDataDir: boolean;
  uploadsDir: string;
  /** Where multipart parts are streamed while a request is read (DATA_DIR/tmp, beside the uploads: a move is a rename). */
  uploadTmpDir: string;
  /**
   * Where uploads and data-export archives are kept: 'disk' (uploadsDir and DATA_DIR/exports, the
   * default) or an S3-compatible bucket (STORAGE=s3 and the S3_* settings), under `uploads/` and `exports/`.
   */
  storage: StorageConfig;
  databaseUrl: string | null;
  /**
   * SQLite's `synchronous` in WAL mode (SQLITE_SYNCHRONOUS): 'full', the default, flushes the WAL
   * to the disk at every commit, so an acknowledged write survives a power loss too; 'normal'
   * flushes only at checkpoints, so a write survives the server's crash and the file is never
   * corrupted, but the last moments of writes can be lost if the machine loses power. For a disk
   * whose flushes are slow (an SD card, a network volume), where every write waits its turn behind
   * them. Under the soak benchmark on this project's disk the two measured the same.
   */
  sqliteSynchronous: 'normal' | 'full';
  /** PostgreSQL schema to work in (tests isolate themselves with it). */
  databaseSchema: string | null;
  /**
   * Whether JSON answers are checked against shared/src/contract (a misfit becomes a 500
   * `response_contract`): 'strict' (a route the contract does not know fails too), 'known'
   * (described routes only) or 'off'. Strict in tests; CONTRACT_CHECK sets it.
   */
  contractCheck: 'off' | 'known' | 'strict';
  /** How long a starting server waits for an unreachable PostgreSQL before it gives up (0: not at all). */
  databaseWaitSec: number;
  sessionSecret: string;
  /**
   * Web Push's VAPID key pair (base64url): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a pair
   * generated once and kept in DATA_DIR/vapid-keys.json (backed up and restored with the data: a
   * new pair would orphan every device's subscription). `subject` is the contact push services see.
   */
  vapid: { publicKey: string; privateKey: string; subject: string };
  trustProxy: string | number | boolean;
  adminUsername: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  webDir: string;
  /**
   * Visitors' public pages drawn on the server (server/src/ssr/): SERVER_RENDER=1 or 0, else on where the machine has
   * the memory for the renderer's worker (serverRenderByDefault); `entry` is the renderer's server build (SSR_ENTRY, else dist-ssr/entry-server.js beside the browser build).
   */
  serverRender: { enabled: boolean; entry: string };
  logLevel: string;
  allowedOrigins: string[];
  /** log2 of scrypt's N for new password hashes (stored with each hash). */
  passwordHashCost: number;
  /** scrypt runs in this many worker threads; this many more hashes may wait, then 503. */
  passwordHashing: { threads: number; maxQueue: number };
  rateLimits: {
    loginPerIp: RateLimitRule;
    /** Failures per account and address. */
    loginFailuresPerAccount: RateLimitRule;
    registerPerIp: RateLimitRule;
    /** Sign-ins and registrations per address in a few seconds, counted before any hash. */
    authBurstPerIp: RateLimitRule;
    /** 'Hesabımı sil' attempts per member (each checks the password). */
    accountDeletionPerMember: RateLimitRule;
  };
  /** Failures per account from all addresses: growing waits (see routes/auth). */
  loginDelay: { freeFailures: number; maxDelaySec: number; windowSec: number };
  /** Per-member write limits, one window per action. */
  writeLimits: Record<WriteAction, RateLimitRule>;
  /** Outgoing e-mail (password help, address checks): off unless SMTP_URL is set. */
  mail: { smtpUrl: string | null; from: string };
  /** The address members reach the site at, for links in e-mails and admin links (no trailing slash). */
  publicUrl: string | null;
  /** New members confirm their e-mail before they can sign in (only when mail is configured). */
  requireEmailVerification: boolean;
  /** Forgotten-password and verification requests: per address and per e-mail address. */
  accountMailLimits: { perIp: RateLimitRule; perEmail: RateLimitRule };
  /** On SIGTERM/SIGINT, how long requests in flight may take before their connections are cut. */
  shutdownTimeoutSec: number;
  /** Bearer token for GET /metrics; null turns the endpoint off (404). */
  metricsToken: string | null;
  /**
   * Backups (services/backup): where archives go (BACKUP_DIR, default `<DATA_DIR>-backups` beside
   * the data folder, so a copy of the data folder is not a copy of its backups too), every how
   * many hours the server takes one (BACKUP_INTERVAL_HOURS; 0, the default, is off), how many of
   * them it keeps (BACKUP_KEEP), and whether it takes one before migrating a database that has
   * data (BACKUP_BEFORE_MIGRATE, on unless set to false).
   */
  backup: { dir: string; intervalHours: number; keep: number; beforeMigrate: boolean };
  /** IANA zone event times are shown in (TIME_ZONE; Europe/Istanbul by default). Times are stored in UTC. */
  timeZone: string;
  /** How often the event reminder scheduler looks for due reminders (0: not at all; tests tick it themselves). */
  reminderIntervalSec: number;
  /** How often the KVKK job builds exports, removes expired ones and deletes accounts past their grace period (0: only at start and on request). */
  privacyIntervalSec: number;
  /** How often trending's running totals are moved to the current hour (TRENDING_INTERVAL_SECONDS; 0: never, tests tick it themselves). */
  trendingIntervalSec: number;
  /** How often the delivery queue (push and e-mail notifications) is drained (NOTIFICATION_DELIVERY_INTERVAL_SECONDS; 0: only when woken, as in tests). */
  deliveryIntervalSec: number;
  /** How often the weekly digest job looks for members whose chosen time has come (DIGEST_INTERVAL_SECONDS; 0: never, tests tick it themselves). */
  digestIntervalSec: number;
}

/** A zone name Intl knows, else the fallback. */
function zone(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return fallback;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The SQLite file's name inside DATA_DIR (db/knex.ts opens it). */
export const SQLITE_FILE_NAME = 'mahalle.sqlite';

/**
 * The checkout's root folder (the one with the workspaces' package.json), found from the source
 * tree (server/src/config) or from the build (server/dist). Relative DATA_DIR and BACKUP_DIR are
 * taken from here, so `npm start`, `npm run backup` and `node server/dist/index.js` open the same
 * folder whichever directory they were started in.
 */
export function installRoot(): string {
  const candidates = [path.resolve(here, '../../..'), path.resolve(here, '../..')];
  return (
    candidates.find((dir) => {
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown };
        return Array.isArray(pkg.workspaces);
      } catch {
        return false;
      }
    }) ?? process.cwd()
  );
}

/**
 * DATA_DIR as an absolute path. Unset, it is `data/` in the checkout's root, except where an
 * install made before relative paths were fixed to the root keeps its database in `server/data`
 * (where `npm start` put it): that folder is used, so an upgrade never opens an empty database.
 */
export function resolveDataDir(value: string | undefined, root = installRoot()): { dir: string; legacy: boolean } {
  if (value) return { dir: path.resolve(root, value), legacy: false };
  const dir = path.join(root, 'data');
  const legacy = path.join(root, 'server', 'data');
  if (!fs.existsSync(path.join(dir, SQLITE_FILE_NAME)) && fs.existsSync(path.join(legacy, SQLITE_FILE_NAME))) return { dir: legacy, legacy: true };
  return { dir, legacy: false };
}

/** Backups go beside the data folder, not inside it: `<DATA_DIR>-backups` unless BACKUP_DIR says. */
export function defaultBackupDir(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}-backups`);
}

/** The renderer's browser build, found from the source tree or from server/dist. */
function defaultWebDir(): string {
  const candidates = [
    path.resolve(here, '../../../desktop/dist-web'), // server/src/config -> desktop/dist-web
    path.resolve(here, '../../desktop/dist-web'), // server/dist -> desktop/dist-web
  ] as const;
  return candidates.find((p) => fs.existsSync(p)) ?? candidates[0];
}

/** The memory this process may use: the machine's, or its container's limit when that is lower (cgroups). */
export function machineMemory(): number {
  const total = os.totalmem();
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < total ? limit : total;
}

/**
 * Below this, the renderer's worker (60–100 MiB while pages are drawn) is left off unless SERVER_RENDER=1 asks for it.
 * A machine sold as 2 GB shows the system some 1.9 GiB (the kernel keeps the rest), one sold as 1 GB under 1 GiB.
 */
export const SERVER_RENDER_MIN_MEMORY = 1.5 * 1024 ** 3;

/**
 * Visitors' pages are drawn on the server by default in production on a machine of 2 GB or more; a 1 GB machine keeps
 * its memory for the service (deploy.md §2). Tests and `npm run dev` ask for it themselves.
 */
export function serverRenderByDefault(nodeEnv: Config['env'], memory: number): boolean {
  return nodeEnv === 'production' && memory >= SERVER_RENDER_MIN_MEMORY;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

function parseTrustProxy(value: string | undefined): string | number | boolean {
  if (value === undefined || value === '') return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** "points/seconds", e.g. RATE_LIMIT_POSTS=30/600; anything else keeps the default. */
function rule(value: string | undefined, fallback: RateLimitRule): RateLimitRule {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value ?? '');
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) return fallback;
  return { points: Number(m[1]), durationSec: Number(m[2]) };
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

function int(value: string | undefined, fallback: number, min = 0): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : fallback;
}

/** SESSION_SECRET from the environment, else one generated once and kept in DATA_DIR. */
function resolveSessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The file in DATA_DIR that holds the generated VAPID key pair. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * A P-256 key pair in web-push's form (the public key uncompressed, 65 bytes; the private one 32 bytes; both
 * base64url), made with node:crypto as web-push's own generateVAPIDKeys makes it: the server does not load
 * web-push (about 1.5 MiB of heap) until it sends a push.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** VAPID keys from the environment, else a pair generated once and kept in DATA_DIR. */
function resolveVapidKeys(dataDir: string, env: NodeJS.ProcessEnv): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = generateVapidKeys();
  fs.writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 });
  return keys;
}

/** The contact push services see: VAPID_SUBJECT, else the site's https address, else the sender's address. */
function vapidSubject(env: NodeJS.ProcessEnv, publicUrl: string | null, from: string): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `mailto:${address.includes('@') ? address.trim() : 'mahalle@localhost'}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = installRoot();
  const resolvedDataDir = resolveDataDir(overrides.dataDir ?? env.DATA_DIR, root);
  const dataDir = resolvedDataDir.dir;
  fs.mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const nodeEnv = (env.NODE_ENV === 'test' || env.NODE_ENV === 'development' ? env.NODE_ENV : 'production') as Config['env'];

  const webDir = env.WEB_DIR ? path.resolve(root, env.WEB_DIR) : defaultWebDir();
  const config: Config = {
    env: nodeEnv,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    uploadsDir,
    uploadTmpDir: path.join(dataDir, 'tmp'),
    storage: storageConfig(env),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    sqliteSynchronous: (env.SQLITE_SYNCHRONOUS ?? '').toLowerCase() === 'normal' ? 'normal' : 'full',
    contractCheck: (['off', 'known', 'strict'] as const).find((m) => m === env.CONTRACT_CHECK) ?? (nodeEnv === 'test' ? 'strict' : 'off'),
    databaseWaitSec: Math.max(0, Number(env.DATABASE_WAIT_SECONDS ?? 30) || 0),
    sessionSecret: resolveSessionSecret(dataDir, env.SESSION_SECRET),
    vapid: {
      ...resolveVapidKeys(dataDir, env),
      subject: vapidSubject(env, env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null, env.MAIL_FROM || 'Mahalle <mahalle@localhost>'),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    adminUsername: env.ADMIN_USERNAME || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: bool(env.SEED_DEMO, true),
    legacyDataDir: resolvedDataDir.legacy,
    webDir,
    serverRender: {
      enabled: bool(env.SERVER_RENDER?.toLowerCase() === 'auto' ? undefined : env.SERVER_RENDER, serverRenderByDefault(nodeEnv, machineMemory())),
      entry: env.SSR_ENTRY ? path.resolve(root, env.SSR_ENTRY) : path.join(path.dirname(webDir), 'dist-ssr', 'entry-server.js'),
    },
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    passwordHashCost: 15,
    passwordHashing: {
      // One core stays free for requests; two threads at most, as each hash holds 32 MiB.
      threads: int(env.PASSWORD_HASH_THREADS, Math.max(1, Math.min(2, os.availableParallelism() - 1)), 1),
      maxQueue: int(env.PASSWORD_HASH_QUEUE, 16),
    },
    rateLimits: {
      loginPerIp: rule(env.RATE_LIMIT_LOGIN, { points: 30, durationSec: 15 * 60 }),
      loginFailuresPerAccount: rule(env.RATE_LIMIT_LOGIN_FAILURES, { points: 10, durationSec: 15 * 60 }),
      registerPerIp: rule(env.RATE_LIMIT_REGISTER, { points: 20, durationSec: 60 * 60 }),
      authBurstPerIp: rule(env.RATE_LIMIT_LOGIN_BURST, { points: 5, durationSec: 10 }),
      accountDeletionPerMember: rule(env.RATE_LIMIT_ACCOUNT_DELETION, { points: 5, durationSec: 60 * 60 }),
    },
    loginDelay: {
      freeFailures: int(env.LOGIN_DELAY_AFTER_FAILURES, 5, 1),
      maxDelaySec: int(env.LOGIN_DELAY_MAX_SECONDS, 300, 1),
      windowSec: 60 * 60,
    },
    // Sizes no real member meets: a burst of activity is a few a minute, not hundreds.
    writeLimits: {
      posts: rule(env.RATE_LIMIT_POSTS, { points: 30, durationSec: 600 }),
      comments: rule(env.RATE_LIMIT_COMMENTS, { points: 60, durationSec: 600 }),
      messages: rule(env.RATE_LIMIT_MESSAGES, { points: 120, durationSec: 600 }),
      likes: rule(env.RATE_LIMIT_LIKES, { points: 300, durationSec: 600 }),
      follows: rule(env.RATE_LIMIT_FOLLOWS, { points: 60, durationSec: 600 }),
      reports: rule(env.RATE_LIMIT_REPORTS, { points: 20, durationSec: 600 }),
      uploads: rule(env.RATE_LIMIT_UPLOADS, { points: 30, durationSec: 600 }),
      groups: rule(env.RATE_LIMIT_GROUPS, { points: 30, durationSec: 600 }),
      // Every message reaches every attendee: a few an hour.
      eventMessages: rule(env.RATE_LIMIT_EVENT_MESSAGES, { points: 5, durationSec: 3600 }),
    },
    mail: { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM || 'Mahalle <mahalle@localhost>' },
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    requireEmailVerification: bool(env.REQUIRE_EMAIL_VERIFICATION, false),
    accountMailLimits: {
      perIp: rule(env.RATE_LIMIT_ACCOUNT_MAIL, { points: 10, durationSec: 60 * 60 }),
      perEmail: rule(env.RATE_LIMIT_ACCOUNT_MAIL_PER_ADDRESS, { points: 3, durationSec: 60 * 60 }),
    },
    shutdownTimeoutSec: int(env.SHUTDOWN_TIMEOUT_SECONDS, 10),
    metricsToken: env.METRICS_TOKEN || null,
    backup: {
      dir: env.BACKUP_DIR ? path.resolve(root, env.BACKUP_DIR) : defaultBackupDir(dataDir),
      intervalHours: positiveNumber(env.BACKUP_INTERVAL_HOURS, 0),
      keep: int(env.BACKUP_KEEP, 7, 1),
      beforeMigrate: bool(env.BACKUP_BEFORE_MIGRATE, true),
    },
    timeZone: zone(env.TIME_ZONE, 'Europe/Istanbul'),
    reminderIntervalSec: int(env.EVENT_REMINDER_INTERVAL_SECONDS, nodeEnv === 'test' ? 0 : 60),
    privacyIntervalSec: int(env.PRIVACY_JOB_INTERVAL_SECONDS, nodeEnv === 'test' ? 0 : 300),
    trendingIntervalSec: int(env.TRENDING_INTERVAL_SECONDS, nodeEnv === 'test' ? 0 : 60),
    deliveryIntervalSec: int(env.NOTIFICATION_DELIVERY_INTERVAL_SECONDS, nodeEnv === 'test' ? 0 : 15),
    digestIntervalSec: int(env.DIGEST_INTERVAL_SECONDS, nodeEnv === 'test' ? 0 : 300),
  };
  return { ...config, ...overrides };
}
