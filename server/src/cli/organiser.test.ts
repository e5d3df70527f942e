import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBackupDir, installRoot, loadConfig, resolveDataDir } from '../config';
import { LIVE_DATABASE_FILE, recordLiveDatabase } from '../services/operations/live-database';
import { createBackup } from '../services/backup/backup';
import { restoreBackup } from '../services/backup/restore';
import { startTestServer, type TestServer } from '../test/harness';
import { cli, emptyTarget, openConfigDb, spawnCli } from '../test/ops';
import { applyEnvFile, parseEnvFile } from './env-file';

const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the organiser's settings mean the same for every command", () => {
  it('takes a relative DATA_DIR and BACKUP_DIR from the checkout root, whatever the working directory', () => {
    const root = installRoot();
    expect(fs.existsSync(path.join(root, 'server', 'package.json'))).toBe(true);
    const name = `.organiser-test-${process.pid}`;
    temps.push(path.join(root, name), path.join(root, `${name}-b`));
    const cwd = process.cwd();
    try {
      for (const dir of [os.tmpdir(), path.join(root, 'server')]) {
        process.chdir(dir);
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: name, BACKUP_DIR: `${name}-b` });
        expect(config.dataDir).toBe(path.join(root, name));
        expect(config.backup.dir).toBe(path.join(root, `${name}-b`));
      }
    } finally {
      process.chdir(cwd);
    }
  });

  it('keeps backups beside the data folder, not inside it', () => {
    const data = tempDir('mahalle-org-');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: data });
    expect(config.backup.dir).toBe(defaultBackupDir(data));
    expect(config.backup.dir.startsWith(`${data}${path.sep}`)).toBe(false);
    expect(path.dirname(config.backup.dir)).toBe(path.dirname(data));
  });

  it('finds an older install’s database in server/data when DATA_DIR is unset, and data/ otherwise', () => {
    const root = tempDir('mahalle-root-');
    expect(resolveDataDir(undefined, root)).toEqual({ dir: path.join(root, 'data'), legacy: false });
    fs.mkdirSync(path.join(root, 'server', 'data'), { recursive: true });
    fs.writeFileSync(path.join(root, 'server', 'data', 'mahalle.sqlite'), '');
    expect(resolveDataDir(undefined, root)).toEqual({ dir: path.join(root, 'server', 'data'), legacy: true });
    fs.mkdirSync(path.join(root, 'data'));
    fs.writeFileSync(path.join(root, 'data', 'mahalle.sqlite'), '');
    expect(resolveDataDir(undefined, root)).toEqual({ dir: path.join(root, 'data'), legacy: false });
  });
});

describe('--settings', () => {
  it("reads systemd's KEY=value syntax; variables already set (and not empty) win", () => {
    expect(parseEnvFile('# comment\nDATA_DIR=/var/lib/mahalle\nexport PORT=3000\nDATABASE_URL="postgres://m@db/x"\nEMPTY=\nbad line\n')).toEqual({
      DATA_DIR: '/var/lib/mahalle',
      PORT: '3000',
      DATABASE_URL: 'postgres://m@db/x',
      EMPTY: '',
    });
    const dir = tempDir('mahalle-env-');
    fs.writeFileSync(path.join(dir, 'mahalle.env'), 'DATA_DIR=/from/file\nDATABASE_URL=postgres://m@db/x\n');
    const env: NodeJS.ProcessEnv = { DATA_DIR: '/from/env' };
    expect(applyEnvFile(['backup', '--settings', 'mahalle.env', '--keep', '3'], env, dir)).toEqual(['backup', '--keep', '3']);
    expect(env).toEqual({ DATA_DIR: '/from/env', DATABASE_URL: 'postgres://m@db/x' });
  });

  it('opens the database the file names (the command line entry, end to end)', () => {
    const data = tempDir('mahalle-envdata-');
    const envFile = path.join(tempDir('mahalle-envfile-'), 'mahalle.env');
    fs.writeFileSync(envFile, `DATA_DIR=${data}\n`);
    const res = spawnCli(['stats', '--settings', envFile], { DATA_DIR: '' });
    // The folder the file names has no database yet: the refusal names it, and creates nothing.
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Burada veritabanı yok: SQLite at ${path.join(data, 'mahalle.sqlite')}`);
    expect(res.stderr).toContain('--settings /etc/mahalle/mahalle.env');
    expect(fs.existsSync(path.join(data, 'mahalle.sqlite'))).toBe(false);
  });

  it('says which file it could not read', () => {
    const res = spawnCli(['stats', '--settings', '/nonexistent/mahalle.env']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Ortam dosyası okunamadı: /nonexistent/mahalle.env');
  });
});

describe('commands against the wrong database', () => {
  let app: TestServer | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('never creates an empty SQLite database where DATA_DIR pointed by mistake', async () => {
    const { config, cleanUp } = await emptyTarget(null);
    try {
      if (config.databaseUrl) return; // The SQLite file is what is at stake.
      for (const argv of [['stats'], ['list-admins'], ['backup']]) {
        const res = await cli(argv, config);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain('Burada veritabanı yok');
        expect(fs.existsSync(path.join(config.dataDir, 'mahalle.sqlite'))).toBe(false);
      }
    } finally {
      await cleanUp();
    }
  });

  it('refuses to back up a database the server no longer runs on, and names both', async () => {
    app = await startTestServer();
    const config = app.ctx.config;
    // The server moved: its marker names another engine than the one these settings open.
    const other = config.databaseUrl
      ? { engine: 'sqlite', database: `SQLite at ${path.join(config.dataDir, 'mahalle.sqlite')}` }
      : { engine: 'postgres', database: 'PostgreSQL at mahalle@db.local:5432/mahalle' };
    fs.writeFileSync(path.join(config.dataDir, LIVE_DATABASE_FILE), JSON.stringify({ ...other, startedAt: new Date().toISOString() }));
    const backups = tempDir('mahalle-bk-');
    const res = await cli(['backup', '--dir', backups], config);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Bu veri klasörünü kullanan sunucu ${other.database} üzerinde çalışıyor`);
    expect(res.stderr).toContain('--settings');
    expect(fs.readdirSync(backups)).toEqual([]);

    // With the settings the server started with, the backup goes ahead.
    recordLiveDatabase(config);
    const ok = await cli(['backup', '--dir', backups], config);
    expect(ok.code, ok.stderr).toBe(0);
    expect(fs.readdirSync(backups).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1);
  });

  it('carries the session key and the Web Push keys in the backup, so members stay signed in and subscribed after a restore elsewhere', async () => {
    app = await startTestServer();
    const config = app.ctx.config;
    const secret = fs.readFileSync(path.join(config.dataDir, 'session-secret'), 'utf8');
    const vapid = fs.readFileSync(path.join(config.dataDir, 'vapid-keys.json'), 'utf8');
    expect(JSON.parse(vapid).publicKey).toBe(config.vapid.publicKey);
    const backups = tempDir('mahalle-bk-');
    const { file, manifest } = await createBackup(
      { db: app.ctx.db, dataDir: config.dataDir, uploadsDir: config.uploadsDir, databaseUrl: config.databaseUrl },
      backups,
    );
    expect(manifest.sessionSecret?.bytes).toBe(Buffer.byteLength(secret));
    expect(manifest.vapidKeys?.bytes).toBe(Buffer.byteLength(vapid));
    const target = await emptyTarget(config.databaseSchema);
    const db = openConfigDb(target.config);
    try {
      expect(fs.readFileSync(path.join(target.config.dataDir, 'session-secret'), 'utf8')).not.toBe(secret);
      await restoreBackup(
        file,
        {
          db,
          dataDir: target.config.dataDir,
          uploadsDir: target.config.uploadsDir,
          databaseUrl: target.config.databaseUrl,
          databaseSchema: target.config.databaseSchema,
        },
        { force: false },
      );
      expect(fs.readFileSync(path.join(target.config.dataDir, 'session-secret'), 'utf8')).toBe(secret);
      expect(fs.statSync(path.join(target.config.dataDir, 'session-secret')).mode & 0o077).toBe(0);
      expect(fs.readFileSync(path.join(target.config.dataDir, 'vapid-keys.json'), 'utf8')).toBe(vapid);
    } finally {
      await db.destroy().catch(() => undefined);
      await target.cleanUp();
    }
  });
});
