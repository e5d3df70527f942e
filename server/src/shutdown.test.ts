import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH } from '@mahalle/shared';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const entry = path.resolve(here, 'index.ts');
const ADMIN = { username: 'kapanis_yonetici', password: 'Kapanis.Sifre9' };

const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((f) => f()));

/** The real entry point in a child process (node with tsx's loader, so signals reach the server itself). */
function startChild(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-stop-'));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanup.push(() => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  /** Resolves with the first log line matching `re`. */
  const line = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const hit = stdout.split('\n').find((l) => re.test(l));
        if (hit) return resolve(hit);
        if (child.exitCode !== null) return reject(new Error(`exited ${child.exitCode}:\n${stdout}`));
        setTimeout(look, 50);
      };
      look();
    });
  return { child, exited, line, output: () => stdout };
}

/** A login whose body is sent in two halves: in flight until `finish()` sends the rest. */
function slowLogin(url: string) {
  const body = JSON.stringify({ username: ADMIN.username, password: ADMIN.password });
  const half = Math.floor(body.length / 2);
  const u = new URL('/api/auth/login', url);
  let finish: () => void = () => undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    req.flushHeaders();
    finish = () => req.end(body.slice(half));
  });
  return { answer, finish: () => finish() };
}

describe('graceful stop (SIGTERM)', () => {
  it('stops accepting, tells sockets to reconnect, finishes every request in flight, and exits 0', async () => {
    const server = startChild({ SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const url = /"url":"([^"]+)"/.exec(await server.line(/Mahalle çalışıyor/))?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const socket = connect(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
    cleanup.push(() => socket.disconnect());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const told = new Promise<unknown>((resolve) => socket.on(SOCKET_EVENTS.serverShutdown, resolve));
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    // Three requests the server has begun reading; each needs a password hash once its body is in.
    const slow = [slowLogin(url), slowLogin(url), slowLogin(url)];
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    await server.line(/shutting down/);

    expect(await told).toEqual({ reconnectAfterMs: 1000 });
    expect(await closed).toBe('io server disconnect');
    // No new connections.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    slow.forEach((s) => s.finish());
    const answers = await Promise.all(slow.map((s) => s.answer));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(JSON.parse(answers[0]?.body ?? '{}').username).toBe(ADMIN.username);

    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });

  it('cuts what is still in flight after SHUTDOWN_TIMEOUT_SECONDS and still exits 0', async () => {
    const server = startChild({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const url = /"url":"([^"]+)"/.exec(await server.line(/Mahalle çalışıyor/))?.[1] ?? '';
    const stuck = slowLogin(url);
    stuck.answer.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(stuck.answer).rejects.toThrow();
    expect(server.output()).toMatch(/shutdown timeout/);
  });
});
