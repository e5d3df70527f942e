import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { loadConfig, WRITE_ACTIONS, type Config } from '../config';
import { startServer, type RunningServer } from '../server';

export const ADMIN_USERNAME = 'yonetici';
export const ADMIN_PASSWORD = 'Yonetici.Sifre1';
export const STRONG_PASSWORD = 'Guclu.Sifre1';

export interface TestServer extends RunningServer {
  /** A client with its own cookie jar, like one browser. */
  client(): ApiClient;
  /**
   * Registers a fresh member and returns a signed-in client. The member starts at trust level 1
   * (a member) so tests of other rules meet no new-member limits; `trustLevel: 0` gives a new member.
   */
  member(overrides?: Partial<{ username: string; displayName: string; email: string; password: string; trustLevel: 0 | 1 | 2 }>): Promise<Member>;
  admin(): Promise<Member>;
  /**
   * Starts another node on this server's database (same schema, secret and data directory), as a
   * second machine behind a load balancer would. This server has already migrated and created the
   * admin, so the new node's boot finds both done instead of racing for them. Closing the node
   * leaves the database alone; close it before this server, which drops the schema.
   */
  anotherNode(overrides?: Partial<Config>): Promise<TestServer>;
}

export interface Member {
  client: ApiClient;
  user: { id: number; username: string; displayName: string; email: string; role: string };
}

/** Limits a test gives are merged over the harness's generous ones, so it names only those it tests. */
export type TestOverrides = Omit<Partial<Config>, 'rateLimits' | 'writeLimits' | 'loginDelay'> & {
  rateLimits?: Partial<Config['rateLimits']>;
  writeLimits?: Partial<Config['writeLimits']>;
  loginDelay?: Partial<Config['loginDelay']>;
};

const GENEROUS = { points: 10_000, durationSec: 60 };

/**
 * Starts the real server on an ephemeral port with a real database: a temporary SQLite
 * file, or a fresh schema in PostgreSQL when TEST_DATABASE_URL is set.
 */
export async function startTestServer(overrides: TestOverrides = {}): Promise<TestServer> {
  const { rateLimits, writeLimits, loginDelay, ...rest } = overrides;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL || null;
  let schema: string | null = null;
  if (pgUrl) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: pgUrl });
    await admin.raw(`create schema "${schema}"`);
    await admin.destroy();
  }
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      port: 0,
      host: '127.0.0.1',
      databaseUrl: pgUrl,
      databaseSchema: schema,
      seedDemo: false,
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      adminUsername: ADMIN_USERNAME,
      adminPassword: ADMIN_PASSWORD,
      passwordHashCost: 10,
      passwordHashing: { threads: 2, maxQueue: 1_000 },
      ...rest,
      rateLimits: {
        loginPerIp: GENEROUS,
        loginFailuresPerAccount: GENEROUS,
        registerPerIp: GENEROUS,
        authBurstPerIp: GENEROUS,
        accountDeletionPerMember: GENEROUS,
        ...rateLimits,
      },
      loginDelay: { freeFailures: 10_000, maxDelaySec: 1, windowSec: 60, ...loginDelay },
      writeLimits: { ...Object.fromEntries(WRITE_ACTIONS.map((a) => [a, GENEROUS])), ...writeLimits } as Config['writeLimits'],
    },
  );
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  return wrap(await startServer(config), config, async () => {
    if (pgUrl && schema) {
      const admin = knexFactory({ client: 'pg', connection: pgUrl });
      await admin.raw(`drop schema "${schema}" cascade`);
      await admin.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

function wrap(server: RunningServer, config: Config, cleanUp: () => Promise<void>): TestServer {
  let counter = 0;
  const test: TestServer = {
    ...server,
    client: () => new ApiClient(server.url),
    async member(o = {}) {
      counter += 1;
      const suffix = `${counter}${crypto.randomBytes(3).toString('hex')}`;
      const username = o.username ?? `uye_${suffix}`;
      const client = new ApiClient(server.url);
      const password = o.password ?? STRONG_PASSWORD;
      const res = await client.post('/api/auth/register', {
        displayName: o.displayName ?? `Üye ${suffix}`,
        username,
        email: o.email ?? `${username}@ornek.com`,
        password,
        confirmPassword: password,
        acceptTerms: true,
        acceptPrivacy: true,
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      const trustLevel = o.trustLevel ?? 1;
      if (trustLevel !== 0) await server.ctx.db('users').where({ id: res.body.id }).update({ trust_level: trustLevel });
      return { client, user: res.body };
    },
    async admin() {
      const client = new ApiClient(server.url);
      const res = await client.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
      return { client, user: res.body };
    },
    async anotherNode(overrides = {}) {
      const nodeConfig = { ...config, ...overrides };
      return wrap(await startServer(nodeConfig), nodeConfig, async () => undefined);
    },
    async close() {
      await server.close();
      await cleanUp();
    },
  };
  return test;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** A setup request's answer body, or a thrown error with its status and body (a test's preparation failing says why). */
export function ok<T = any>(res: ApiResponse<T>): T {
  if (res.status !== 200 && res.status !== 201) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A tiny HTTP client over fetch with a cookie jar, so tests speak HTTP like a browser does. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private defaultHeaders: Record<string, string> = {},
  ) {}

  withHeaders(headers: Record<string, string>): ApiClient {
    const c = new ApiClient(this.baseUrl, { ...this.defaultHeaders, ...headers });
    c.cookies = this.cookies;
    return c;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    urlPath: string,
    opts: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: RequestInit['body'] | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(this.baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: any = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) parsed = text ? JSON.parse(text) : null;
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = any>(p: string, headers?: Record<string, string>) {
    return this.request<T>('GET', p, { headers });
  }
  post<T = any>(p: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', p, { json: json ?? {}, headers });
  }
  patch<T = any>(p: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', p, { json: json ?? {}, headers });
  }
  put<T = any>(p: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', p, { json: json ?? {}, headers });
  }
  delete<T = any>(p: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', p, { headers });
  }
  /** multipart/form-data, as the UI sends files. */
  postForm<T = any>(p: string, form: FormData, headers?: Record<string, string>) {
    return this.request<T>('POST', p, { body: form, headers });
  }
  patchForm<T = any>(p: string, form: FormData, headers?: Record<string, string>) {
    return this.request<T>('PATCH', p, { body: form, headers });
  }
}
