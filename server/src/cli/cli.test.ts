import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../test/ops';

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
