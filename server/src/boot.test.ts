import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');
const entry = path.resolve(here, 'index.ts');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs the real entry point (as `npm start` would, from source) and collects what it says. */
function runServer(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-boot-'));
  dirs.push(dataDir);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [entry], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

function expectOneClearLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  return lines[0] ?? '';
}

describe('a server that cannot reach its database at start', () => {
  it('prints one line naming the database (without its password) and what to check, and exits 1', async () => {
    const port = await closedPort();
    const run = await runServer({ DATABASE_URL: `postgres://mahalle:gizli-sifre@127.0.0.1:${port}/mahalle`, DATABASE_WAIT_SECONDS: '0' });
    expect(run.code).toBe(1);
    const line = expectOneClearLine(run.stderr);
    expect(line).toContain(`PostgreSQL at mahalle@127.0.0.1:${port}/mahalle`);
    expect(line).toContain('ECONNREFUSED');
    expect(line).toContain('check that PostgreSQL is running');
    expect(run.stderr + run.stdout).not.toContain('gizli-sifre');
  });

  it('waits with backoff for DATABASE_WAIT_SECONDS first, then gives up the same way', async () => {
    const port = await closedPort();
    const run = await runServer({ DATABASE_URL: `postgres://mahalle@127.0.0.1:${port}/mahalle`, DATABASE_WAIT_SECONDS: '3' });
    expect(run.code).toBe(1);
    const line = expectOneClearLine(run.stderr);
    expect(line).toContain('(waited 3 s)');
    // Retries after 0.5 s, then 1 s; the next, 2 s, would pass the deadline (fewer on a slow machine).
    const retries = run.stdout.match(/waiting for PostgreSQL/g)?.length ?? 0;
    expect(retries).toBeGreaterThanOrEqual(1);
    expect(retries).toBeLessThanOrEqual(2);
  });

  it('names the SQLite file when it cannot be opened', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-boot-'));
    dirs.push(dataDir);
    fs.mkdirSync(path.join(dataDir, 'mahalle.sqlite')); // a directory where the file should be
    const run = await runServer({ DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    const line = expectOneClearLine(run.stderr);
    expect(line).toContain(`SQLite at ${path.join(dataDir, 'mahalle.sqlite')}`);
    expect(line).toContain('SQLITE_CANTOPEN');
    expect(line).toContain('DATA_DIR');
  });
});
