import { spawn, spawnSync } from 'node:child_process';
import { OpsError } from './errors';

/** pg_dump / pg_restore from PATH (or PG_BIN), or a plain refusal saying how to get them. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const bin = process.env.PG_BIN ? `${process.env.PG_BIN.replace(/\/$/, '')}/${name}` : name;
  const probe = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new OpsError({
      tr: `${name} bulunamadı: PostgreSQL yedeği için PostgreSQL istemci araçları gerekir (Debian/Ubuntu: apt install postgresql-client; sunucu sürümüyle aynı ya da daha yeni olmalı). Başka bir yerdeyse PG_BIN ile klasörünü verin.`,
      en: `${name} was not found: PostgreSQL backups need the PostgreSQL client tools (Debian/Ubuntu: apt install postgresql-client; the same major version as the server or newer). If it is elsewhere, give its folder in PG_BIN.`,
    });
  }
  return bin;
}

/** Runs a PostgreSQL tool with the password kept out of the process list (PGPASSWORD, not the URL). */
export function runPgTool(bin: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...args, '--dbname', url.toString()], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      reject(
        new OpsError({
          tr: `${bin} başarısız oldu (çıkış ${code}): ${stderr.trim()}`,
          en: `${bin} failed (exit ${code}): ${stderr.trim()}`,
        }),
      );
    });
  });
}
