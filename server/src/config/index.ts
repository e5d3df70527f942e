import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

export interface RateLimitRule {
  points: number;
  durationSec: number;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | null;
  /** PostgreSQL schema to work in (tests isolate themselves with it). */
  databaseSchema: string | null;
  /** How long a starting server waits for an unreachable PostgreSQL before it gives up (0: not at all). */
  databaseWaitSec: number;
  sessionSecret: string;
  trustProxy: string | number | boolean;
  adminUsername: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  webDir: string;
  logLevel: string;
  allowedOrigins: string[];
  /** log2 of scrypt's N for new password hashes (stored with each hash). */
  passwordHashCost: number;
  rateLimits: {
    loginPerIp: RateLimitRule;
    loginFailuresPerAccount: RateLimitRule;
    registerPerIp: RateLimitRule;
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The renderer's browser build, found from the source tree or from server/dist. */
function defaultWebDir(): string {
  const candidates = [
    path.resolve(here, '../../../desktop/dist-web'), // server/src/config -> desktop/dist-web
    path.resolve(here, '../../desktop/dist-web'), // server/dist -> desktop/dist-web
  ];
  return candidates.find((p) => fs.existsSync(p)) ?? candidates[0];
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

/** SESSION_SECRET from the environment, else one generated once and kept in DATA_DIR. */
function resolveSessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  fs.mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const nodeEnv = (env.NODE_ENV === 'test' || env.NODE_ENV === 'development' ? env.NODE_ENV : 'production') as Config['env'];

  const config: Config = {
    env: nodeEnv,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    uploadsDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    databaseWaitSec: Math.max(0, Number(env.DATABASE_WAIT_SECONDS ?? 30) || 0),
    sessionSecret: resolveSessionSecret(dataDir, env.SESSION_SECRET),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    adminUsername: env.ADMIN_USERNAME || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: bool(env.SEED_DEMO, true),
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : defaultWebDir(),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    passwordHashCost: 15,
    rateLimits: {
      loginPerIp: { points: 30, durationSec: 15 * 60 },
      loginFailuresPerAccount: { points: 10, durationSec: 15 * 60 },
      registerPerIp: { points: 20, durationSec: 60 * 60 },
    },
  };
  return { ...config, ...overrides };
}
