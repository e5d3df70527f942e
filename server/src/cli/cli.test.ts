import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

/** The real entry, as `npm run admin -- …` starts it. */
export function spawnCli(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(tsx, ['src/cli/index.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('admin command line entry', () => {
  it('lists its commands in Turkish and English, without touching a data folder', () => {
    const dataDir = path.join(os.tmpdir(), `mahalle-cli-none-${process.pid}`);
    const res = spawnCli(['--help'], { DATA_DIR: dataDir });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Mahalle yönetim komutları / Mahalle admin commands');
    expect(res.stdout).toContain('Veritabanı geçişlerini çalıştırır');
    expect(res.stdout).toContain('Runs the database migrations');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('refuses an unknown command with exit code 2', () => {
    const res = spawnCli(['no-such-command']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Bilinmeyen komut: no-such-command');
    expect(res.stderr).toContain('Unknown command: no-such-command');
  });

  it('shows one command in detail with --help', () => {
    const res = spawnCli(['migrate', '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('npm run admin -- migrate');
  });
});
