import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installRoot } from '../config';

/**
 * scripts/start.sh, as `npm start` and the service file run it, with a stand-in `node` first on PATH
 * that prints what it was started with instead of starting the server.
 */
const root = installRoot();
const script = path.join(root, 'scripts', 'start.sh');
const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'start-script-'));
fs.writeFileSync(
  path.join(bin, 'node'),
  '#!/bin/sh\nprintf "preload=%s\\nconf=%s\\narenas=%s\\nargs=%s\\n" "${LD_PRELOAD:-}" "${MALLOC_CONF:-}" "${MALLOC_ARENA_MAX:-}" "$*"\n',
  { mode: 0o755 },
);
afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

function start(env: Record<string, string> = {}, cwd = os.tmpdir()): Record<string, string> {
  const out = execFileSync('/bin/sh', [script, '--extra'], { cwd, encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin`, ...env } });
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const jemalloc = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib']
  .map((dir) => path.join(dir, 'libjemalloc.so.2'))
  .find((lib) => fs.existsSync(lib));

describe('scripts/start.sh', () => {
  it("starts the checkout's built server with the heap flags, from any folder, passing its arguments on", () => {
    const got = start();
    expect(got.args).toBe(`--max-semi-space-size=4 --heap-growing-percent=75 ${path.join(root, 'server', 'dist', 'index.js')} --extra`);
    expect(got.arenas).toBe('2');
    expect(start({ MAHALLE_HEAP_GROWTH: '50' }).args).toMatch(/^--max-semi-space-size=4 --heap-growing-percent=50 /);
  });

  it.runIf(jemalloc)('preloads jemalloc when the system has it, with pages handed back by a background thread', () => {
    const got = start();
    expect(got.preload).toMatch(/libjemalloc\.so\.2$/);
    expect(got.conf).toBe('background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0');
  });

  it('leaves malloc alone when told to, and an LD_PRELOAD or MALLOC_CONF already set wins', () => {
    expect(start({ MAHALLE_JEMALLOC: '0' })).toMatchObject({ preload: '', conf: '' });
    expect(start({ LD_PRELOAD: '/opt/other.so' })).toMatchObject({ preload: '/opt/other.so', conf: '' });
    if (jemalloc) expect(start({ MALLOC_CONF: 'narenas:1' })).toMatchObject({ conf: 'narenas:1' });
  });
});
