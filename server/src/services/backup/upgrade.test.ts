import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { cli } from '../../test/ops';
import { migrationSource } from '../../db/migrations';
import { knownMigrations } from '../../db/schema-version';
import { createBackup } from './backup';
import { readManifest } from './restore';
import { pruneBackups } from './schedule';
import { IntervalJob, scheduledBackup } from '../../jobs';
import { pgTool } from './pg-tools';
import { migrateWithBackup } from './upgrade';
import { OpsError } from './errors';

const FUTURE = '29991231000000_from_a_newer_mahalle';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.member();
});
afterAll(async () => {
  await server?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-upgrade-'));
  dirs.push(dir);
  return dir;
}

function source() {
  const { db, config } = server.ctx;
  return { db, dataDir: config.dataDir, uploadsDir: config.uploadsDir, databaseUrl: config.databaseUrl };
}

function archives(d: string): string[] {
  return fs.readdirSync(d).filter((f) => f.endsWith('.tar.gz'));
}

describe('upgrades', () => {
  it('backs up an existing database before migrating it, then migrates; BACKUP_BEFORE_MIGRATE=false skips the backup', async () => {
    const known = await knownMigrations();
    await server.ctx.db.migrate.down({ migrationSource });
    const before = freshDir();
    await migrateWithBackup({ ...server.ctx, config: { ...server.ctx.config, backup: { ...server.ctx.config.backup, dir: before } } });
    const taken = archives(before);
    expect(taken).toHaveLength(1);
    const manifest = await readManifest(path.join(before, taken[0] ?? ''));
    // The archive holds the database as it was before the migration ran.
    expect(manifest.migration).toBe(known.at(-2));
    expect(manifest.tables.users).toBeGreaterThan(0);
    const applied = (await server.ctx.db('knex_migrations').pluck('name')) as string[];
    expect(applied).toContain(known.at(-1));

    await server.ctx.db.migrate.down({ migrationSource });
    const skipped = freshDir();
    await migrateWithBackup({ ...server.ctx, config: { ...server.ctx.config, backup: { ...server.ctx.config.backup, dir: skipped, beforeMigrate: false } } });
    expect(archives(skipped)).toHaveLength(0);
    expect((await server.ctx.db('knex_migrations').pluck('name')) as string[]).toContain(known.at(-1));
  });

  it('npm run migrate runs pending migrations alone; the admin commands wait for it', async () => {
    await server.ctx.db.migrate.down({ migrationSource });
    const config = { ...server.ctx.config, backup: { ...server.ctx.config.backup, dir: freshDir() } };
    const refused = await cli(['list-admins'], config);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('npm run migrate');
    const res = await cli(['migrate'], config);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('1 geçiş çalıştırıldı');
    expect(res.stdout).toContain('Önce yedek alındı');
    // A backup works on a database that waits for its migrations (it is most wanted then).
    await server.ctx.db.migrate.down({ migrationSource });
    const backup = await cli(['backup', '--dir', freshDir()], config);
    expect(backup.code, backup.stderr).toBe(0);
    await cli(['migrate'], config);
    expect((await cli(['migrate'], config)).stdout).toContain('güncel');
  });

  it('refuses to start on a database a newer Mahalle migrated, and to restore its backups', async () => {
    const out = freshDir();
    await server.ctx.db('knex_migrations').insert({ name: FUTURE, batch: 99, migration_time: new Date().toISOString() });
    try {
      await expect(server.anotherNode()).rejects.toThrow(`bilinmeyen geçiş(ler) ${FUTURE}`);
      const backup = await createBackup(source(), out);
      const migrate = await cli(['migrate'], server.ctx.config);
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain(FUTURE);
      const target = fs.mkdtempSync(path.join(os.tmpdir(), 'mahalle-newer-'));
      const res = await cli(['restore', backup.file], { ...server.ctx.config, dataDir: target, uploadsDir: path.join(target, 'uploads') });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('daha yeni bir Mahalle sürümünden');
      expect(res.stderr).toContain(FUTURE);
      fs.rmSync(target, { recursive: true, force: true });
    } finally {
      await server.ctx.db('knex_migrations').where({ name: FUTURE }).delete();
    }
  });

  it('keeps the newest BACKUP_KEEP scheduled backups', async () => {
    const out = freshDir();
    const { config } = server.ctx;
    const schedule = new IntervalJob(server.ctx, scheduledBackup({ ...server.ctx, config: { ...config, backup: { ...config.backup, dir: out, keep: 2 } } }));
    const files: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await schedule.tick();
      files.push(path.basename(result?.file ?? ''));
      // Names carry the millisecond: the next one sorts after.
      await new Promise((r) => setTimeout(r, 5));
    }
    await schedule.stop();
    expect(archives(out).sort()).toEqual(files.slice(1).sort());
    expect(pruneBackups(out, 1)).toEqual([files[1]]);
  });

  it('says plainly when pg_dump is missing', () => {
    const saved = process.env.PG_BIN;
    process.env.PG_BIN = '/nonexistent';
    try {
      expect(() => pgTool('pg_dump')).toThrow(OpsError);
      try {
        pgTool('pg_dump');
      } catch (e) {
        expect((e as OpsError).text.tr).toContain('pg_dump bulunamadı');
        expect((e as OpsError).text.en).toContain('pg_dump was not found');
      }
    } finally {
      if (saved === undefined) delete process.env.PG_BIN;
      else process.env.PG_BIN = saved;
    }
  });
});
