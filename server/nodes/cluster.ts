/**
 * Real server processes behind Debian's nginx, for the two-node test (two-nodes.test.ts) and the
 * soak benchmark (bench/soak.ts): each node is the built server (`server/dist/index.js`) in a
 * process of its own, nginx runs `docs/nginx/mahalle.conf` (the deploy guide's file) with only its
 * ports, name and certificate changed, and files go to a real S3-compatible server (s3rver).
 * Everything listens on 127.0.0.1 and lives in one temporary folder, removed by close().
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { startTestBucket, type TestBucket } from '../src/test/s3';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const serverEntry = path.join(repoRoot, 'server/dist/index.js');
/** `npm start`'s and the service file's way to start the built server (it execs node, so a node's pid is node's). */
const startScript = path.join(repoRoot, 'scripts/start.sh');
export const nginxSiteFile = path.join(repoRoot, 'docs/nginx/mahalle.conf');
export const ADMIN = { username: 'yonetici', password: 'Yonetici.Sifre1' };

/** The nginx binary (Debian's /usr/sbin/nginx), or null when it is not installed. */
export function findNginx(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p;
  return null;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface NodeProcess {
  name: string;
  port: number;
  /** host:port, as nginx names it in X-Mahalle-Node. */
  addr: string;
  url: string;
  child: ChildProcess | null;
  log: string;
}

export interface ClusterOptions {
  /** PostgreSQL server URL (a fresh schema is made in it); null: one node on SQLite. */
  pgUrl: string | null;
  nodes: number;
  /** Extra environment for every node (rate limits, job intervals...). */
  env?: Record<string, string>;
  /** An SQLite file or PostgreSQL database to start from instead of an empty one (the benchmark's seed). */
  sqliteFile?: string;
  pgDatabaseUrl?: string;
  /** Worker connections for nginx (the benchmark's thousand sockets need more than the default). */
  nginxConnections?: number;
  /** How long a node may take to answer /api/health (a first boot on a big seed runs migrations). */
  bootTimeoutMs?: number;
  /** Node's flags for every node, started by node itself instead of scripts/start.sh (the benchmark compares memory settings). */
  nodeFlags?: string[];
}

export interface Cluster {
  /** https://localhost:PORT, nginx's TLS port. */
  url: string;
  proxyPort: number;
  /** The self-signed certificate nginx presents: clients trust it as their CA. */
  ca: Buffer;
  nodes: NodeProcess[];
  /** The database the nodes share (on the test's schema). */
  db: Knex;
  bucket: TestBucket;
  metricsToken: string;
  /** SESSION_SECRET of every node (the benchmark makes its members' sessions with it). */
  sessionSecret: string;
  /** Which node an X-Mahalle-Node header names (nginx lists every node it tried; the last answered). */
  nodeOf(header: string | null | undefined): NodeProcess | null;
  kill(node: NodeProcess, signal?: NodeJS.Signals): Promise<void>;
  /** Prometheus text of one node, asked directly (nginx refuses /metrics from outside its allowed network). */
  metrics(node: NodeProcess): Promise<string>;
  nginxLog(): string;
  close(): Promise<void>;
}

/** docs/nginx/mahalle.conf with ports, name and certificate replaced; each line must be found exactly as written. */
export function siteConfig(opts: { proxyPort: number; redirectPort: number; nodePorts: number[]; cert: string; key: string }): string {
  let text = fs.readFileSync(nginxSiteFile, 'utf8');
  const replace = (from: string, to: string, times: number) => {
    const found = text.split(from).length - 1;
    if (found !== times) throw new Error(`${path.relative(repoRoot, nginxSiteFile)}: expected ${times}× "${from}", found ${found}`);
    text = text.split(from).join(to);
  };
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${opts.proxyPort} ssl http2;`, 1);
  replace('listen 80;', `listen 127.0.0.1:${opts.redirectPort};`, 1);
  replace('server_name mahalle.example.org;', 'server_name localhost;', 2);
  replace('/etc/letsencrypt/live/mahalle.example.org/fullchain.pem', opts.cert, 1);
  replace('/etc/letsencrypt/live/mahalle.example.org/privkey.pem', opts.key, 1);
  const [first, ...more] = opts.nodePorts;
  replace('    server 127.0.0.1:3000;\n', `    server 127.0.0.1:${first};\n`, 1);
  replace('    server 127.0.0.1:3001;\n', more.map((p) => `    server 127.0.0.1:${p};\n`).join(''), 1);
  return text;
}

async function waitHealthy(node: NodeProcess, timeoutMs = 90_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (node.child && node.child.exitCode !== null) throw new Error(`${node.name} exited (${node.child.exitCode}):\n${tail(node.log)}`);
    const ok = await fetch(`${node.url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() - start > timeoutMs) throw new Error(`${node.name} did not become healthy:\n${tail(node.log)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function stopChild(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM', waitMs = 15_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), waitMs);
  await exited;
  clearTimeout(timer);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: build the server first (npm run build -w server)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-nodes-'));
  // nginx's workers may run as another user (nobody, when started as root): they write request bodies here.
  fs.chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const children: ChildProcess[] = [];
  const runCleanups = async () => {
    for (const c of children) await stopChild(c, 'SIGKILL', 5_000).catch(() => undefined);
    for (const c of cleanups.splice(0).reverse()) await Promise.resolve(c()).catch(() => undefined);
  };
  try {
    const bucket = await startTestBucket();
    cleanups.push(() => bucket.close());

    // The database: a fresh schema on PostgreSQL (or a copy of the benchmark's seed), or an SQLite file.
    let dbEnv: Record<string, string>;
    let db: Knex;
    if (opts.pgUrl) {
      const url = opts.pgDatabaseUrl ?? opts.pgUrl;
      const schema = opts.pgDatabaseUrl ? 'public' : `n_${crypto.randomBytes(6).toString('hex')}`;
      const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      if (!opts.pgDatabaseUrl) await admin.raw(`create schema "${schema}"`);
      await admin.destroy();
      if (!opts.pgDatabaseUrl)
        cleanups.push(async () => {
          const a = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
          await a.raw(`drop schema if exists "${schema}" cascade`);
          await a.destroy();
        });
      dbEnv = { DATABASE_URL: url, ...(opts.pgDatabaseUrl ? {} : { DATABASE_SCHEMA: schema }) };
      db = knexFactory({ client: 'pg', connection: url, searchPath: [schema], pool: { min: 0, max: 4 } });
    } else {
      if (opts.nodes !== 1) throw new Error('SQLite is one node');
      const dataDir = path.join(dir, 'node1');
      fs.mkdirSync(dataDir, { recursive: true });
      if (opts.sqliteFile) fs.copyFileSync(opts.sqliteFile, path.join(dataDir, 'mahalle.sqlite'));
      dbEnv = {};
      db = knexFactory({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'mahalle.sqlite') }, useNullAsDefault: true, pool: { min: 0, max: 1 } });
    }
    cleanups.push(() => db.destroy());

    // The nodes: separate data folders (nothing shared on disk), one session secret, the bucket.
    const sessionSecret = crypto.randomBytes(32).toString('hex');
    const metricsToken = crypto.randomBytes(16).toString('hex');
    const nodes: NodeProcess[] = [];
    for (let i = 1; i <= opts.nodes; i++) {
      const port = await freePort();
      nodes.push({ name: `node${i}`, port, addr: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, child: null, log: path.join(dir, `node${i}.log`) });
    }
    const s3 = bucket.storage;
    const spawnNode = (node: NodeProcess) => {
      const dataDir = path.join(dir, node.name);
      fs.mkdirSync(dataDir, { recursive: true });
      const out = fs.openSync(node.log, 'a');
      // As an organiser starts it (scripts/start.sh: jemalloc when installed, npm start's node flags), unless the
      // benchmark compares other flags.
      const [command, args] = opts.nodeFlags ? [process.execPath, [...opts.nodeFlags, serverEntry]] : ['/bin/sh', [startScript]];
      const child = spawn(command, args, {
        cwd: repoRoot,
        stdio: ['ignore', out, out],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          MALLOC_ARENA_MAX: '2',
          MALLOC_MMAP_THRESHOLD_: '131072',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(node.port),
          DATA_DIR: dataDir,
          ...dbEnv,
          SESSION_SECRET: sessionSecret,
          TRUST_PROXY: '1',
          STORAGE: 's3',
          S3_BUCKET: s3.bucket,
          S3_REGION: s3.region,
          S3_ENDPOINT: s3.endpoint ?? '',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: s3.accessKeyId ?? '',
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? '',
          SEED_DEMO: 'false',
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
          METRICS_TOKEN: metricsToken,
          LOG_LEVEL: 'warn',
          BACKUP_BEFORE_MIGRATE: 'false',
          ...opts.env,
        },
      });
      fs.closeSync(out);
      children.push(child);
      node.child = child;
    };
    // The first node migrates and creates the admin; the others then find both done.
    spawnNode(nodes[0]!);
    await waitHealthy(nodes[0]!, opts.bootTimeoutMs);
    for (const node of nodes.slice(1)) spawnNode(node);
    await Promise.all(nodes.slice(1).map((n) => waitHealthy(n, opts.bootTimeoutMs)));

    // nginx: a self-signed certificate for localhost, the guide's site file, paths inside `dir`.
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    fs.chmodSync(key, 0o644);
    const proxyPort = await freePort();
    const redirectPort = await freePort();
    fs.writeFileSync(path.join(dir, 'mahalle.conf'), siteConfig({ proxyPort, redirectPort, nodePorts: nodes.map((n) => n.port), cert, key }));
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, `nginx-${t}`), { mode: 0o777 });
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.chmodSync(path.join(dir, `nginx-${t}`), 0o777);
    const connections = opts.nginxConnections ?? 1024;
    const main = [
      'worker_processes 1;',
      `worker_rlimit_nofile ${connections * 2 + 64};`,
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log warn;`,
      `events { worker_connections ${connections}; }`,
      'http {',
      `    access_log ${dir}/nginx-access.log;`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/nginx-${t};`),
      `    include ${dir}/mahalle.conf;`,
      '}',
      '',
    ].join('\n');
    const mainConf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(mainConf, main);
    execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', mainConf], { stdio: 'pipe' });
    const nginxOut = fs.openSync(path.join(dir, 'nginx-stdout.log'), 'a');
    const nginxChild = spawn(nginx, ['-p', dir, '-c', mainConf, '-g', 'daemon off;'], { stdio: ['ignore', nginxOut, nginxOut] });
    fs.closeSync(nginxOut);
    children.push(nginxChild);
    const ca = fs.readFileSync(cert);
    const url = `https://localhost:${proxyPort}`;
    {
      const start = Date.now();
      for (;;) {
        if (nginxChild.exitCode !== null) throw new Error(`nginx exited:\n${tail(path.join(dir, 'nginx-error.log'))}`);
        const ok = await new Promise<boolean>((resolve) => {
          const req = https.get(`${url}/api/health`, { ca }, (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          });
          req.on('error', () => resolve(false));
        });
        if (ok) break;
        if (Date.now() - start > 15_000) throw new Error(`nginx did not answer:\n${tail(path.join(dir, 'nginx-error.log'))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    return {
      url,
      proxyPort,
      ca,
      nodes,
      db,
      bucket,
      metricsToken,
      sessionSecret,
      nodeOf(header) {
        const last = String(header ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .pop();
        return nodes.find((n) => n.addr === last) ?? null;
      },
      async kill(node, signal = 'SIGKILL') {
        await stopChild(node.child, signal);
      },
      async metrics(node) {
        const res = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
        if (!res.ok) throw new Error(`metrics of ${node.name}: ${res.status}`);
        return res.text();
      },
      nginxLog: () => tail(path.join(dir, 'nginx-error.log')),
      async close() {
        await stopChild(nginxChild, 'SIGQUIT', 5_000).catch(() => undefined);
        for (const n of nodes) await stopChild(n.child, 'SIGTERM').catch(() => undefined);
        await runCleanups();
      },
    };
  } catch (err) {
    await runCleanups();
    throw err;
  }
}

/** One value of a Prometheus counter or gauge with these labels (0 when absent). */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{[^}]*\})?\s+([0-9.eE+-]+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const lbl = m[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => lbl.includes(`${k}="${v}"`))) sum += Number(m[3]);
  }
  return sum;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
  /** The node nginx says answered (X-Mahalle-Node). */
  node: NodeProcess | null;
}

/**
 * A browser-like client of the proxy: its own cookie jar and its own loopback address
 * (127.0.0.x), which is what nginx's `hash $remote_addr` picks the node by.
 */
export class ProxyClient {
  readonly agent: https.Agent;
  readonly cookies = new Map<string, string>();
  constructor(
    readonly cluster: Cluster,
    readonly localAddress = '127.0.0.1',
    maxSockets = 4,
  ) {
    this.agent = new https.Agent({ keepAlive: true, ca: cluster.ca, localAddress, maxSockets });
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, p: string, body?: { json?: unknown; form?: FormData }, timeoutMs = 20_000): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let payload: Buffer | null = null;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = Buffer.from(JSON.stringify(body.json));
    } else if (body?.form) {
      const r = new Response(body.form);
      headers['content-type'] = r.headers.get('content-type') ?? '';
      payload = Buffer.from(await r.arrayBuffer());
    }
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = https.request(`${this.cluster.url}${p}`, { method, headers, agent: this.agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const eq = pair.indexOf('=');
            const name = pair.slice(0, eq).trim();
            const value = pair.slice(eq + 1).trim();
            if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          const raw = Buffer.concat(chunks);
          const type = String(res.headers['content-type'] ?? '');
          let parsed: any = raw;
          if (type.includes('application/json')) parsed = raw.length ? JSON.parse(raw.toString('utf8')) : null;
          else if (type.startsWith('text/')) parsed = raw.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: parsed as T,
            headers: res.headers,
            node: this.cluster.nodeOf(res.headers['x-mahalle-node'] as string | undefined),
          });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${p}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  }
  get<T = any>(p: string) {
    return this.request<T>('GET', p);
  }
  post<T = any>(p: string, json: unknown = {}) {
    return this.request<T>('POST', p, { json });
  }
  postForm<T = any>(p: string, form: FormData) {
    return this.request<T>('POST', p, { form });
  }
  close() {
    this.agent.destroy();
  }
}

/**
 * Loopback addresses whose requests nginx sends to each node: asks /api/health from 127.0.0.1,
 * 127.0.0.2... until every node has answered one (bounded), reading X-Mahalle-Node.
 */
export async function addressesByNode(cluster: Cluster, max = 64): Promise<Map<NodeProcess, string[]>> {
  const found = new Map<NodeProcess, string[]>();
  for (let i = 1; i <= max; i++) {
    const client = new ProxyClient(cluster, `127.0.0.${i}`);
    try {
      const res = await client.get('/api/health');
      if (res.status === 200 && res.node) found.set(res.node, [...(found.get(res.node) ?? []), `127.0.0.${i}`]);
    } finally {
      client.close();
    }
    if (found.size === cluster.nodes.length && [...found.values()].every((a) => a.length >= 3)) break;
  }
  return found;
}
