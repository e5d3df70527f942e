import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Knex } from 'knex';
import { SQLITE_FILE_NAME, type Config } from '../config';
import { databaseOf } from '../services/operations/live-database';
import { createDb } from '../db/knex';
import { PasswordHasher } from '../services/passwords';
import { schemaStatus } from '../db/schema-version';
import { CliError, type CliContext } from './types';

/** `cli:<os user>`, as the audit log's actor_username holds it (30 characters at most). */
export function cliActorLabel(): string {
  let user = process.env.SUDO_USER || process.env.USER || process.env.USERNAME || '';
  try {
    user ||= os.userInfo().username;
  } catch {
    // No passwd entry (a container running as a bare uid).
  }
  return `cli:${user || 'unknown'}`.slice(0, 30);
}

export interface OpenedCliContext extends CliContext {
  close(): Promise<void>;
}

export function createCliContext(
  config: Config,
  io: { out?: (line: string) => void; err?: (line: string) => void; input?: NodeJS.ReadableStream; cwd?: string } = {},
): OpenedCliContext {
  let db: Knex | null = null;
  let passwords: PasswordHasher | null = null;
  const out = io.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = io.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const rawDb = () => (db ??= createDb({ ...config, log: { warn() {}, error() {}, deprecate() {}, debug() {} } }));
  const assertDatabaseExists = () => {
    if (config.databaseUrl || fs.existsSync(path.join(config.dataDir, SQLITE_FILE_NAME))) return;
    throw new CliError(noDatabase(config, 'missing'));
  };
  return {
    config,
    actorLabel: cliActorLabel(),
    cwd: io.cwd ?? process.env.INIT_CWD ?? process.cwd(),
    out: (line = '') => out(line),
    err: (line = '') => err(line),
    rawDb,
    assertDatabaseExists,
    async db() {
      assertDatabaseExists();
      const knex = rawDb();
      const status = await schemaStatus(knex);
      if (status.applied.length === 0) throw new CliError(noDatabase(config, 'empty'));
      if (status.unknown.length > 0) {
        throw new CliError({
          tr: `Veritabanı bu Mahalle sürümünden daha yeni (bilinmeyen geçiş: ${status.unknown.join(', ')}).`,
          en: `The database is newer than this Mahalle (unknown migration: ${status.unknown.join(', ')}).`,
        });
      }
      if (status.pending.length > 0) {
        throw new CliError({
          tr: `Veritabanı (${databaseOf(config).database}) güncel değil (${status.pending.length} geçiş bekliyor). Sunucunun kullandığı veritabanı buysa önce: npm run migrate`,
          en: `The database (${databaseOf(config).database}) is not up to date (${status.pending.length} migrations pending). If this is the one the server uses, first run: npm run migrate`,
        });
      }
      return knex;
    },
    passwords: () => (passwords ??= new PasswordHasher({ cost: config.passwordHashCost, threads: 1, maxQueue: 4 })),
    prompt(question, opts = {}) {
      return new Promise((resolve) => {
        const input = io.input ?? process.stdin;
        const tty = Boolean(process.stdin.isTTY) && !io.input;
        const rl = readline.createInterface({ input, output: tty ? process.stderr : undefined, terminal: Boolean(opts.hidden && tty) });
        if (opts.hidden && tty) {
          // Echo nothing of what is typed (readline's own output is the prompt only).
          (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
            if (s.startsWith(question)) process.stderr.write(question);
          };
        }
        let answered = false;
        rl.question(question, (answer) => {
          answered = true;
          rl.close();
          if (opts.hidden && tty) process.stderr.write('\n');
          resolve(answer);
        });
        rl.on('close', () => {
          if (!answered) resolve(null);
        });
      });
    },
    async close() {
      await db?.destroy();
      await passwords?.close();
    },
  };
}

/**
 * Where the command looked and how to point it at the server's data: the usual cause is a command
 * run without the service's settings (DATA_DIR and DATABASE_URL live in its environment file).
 */
function noDatabase(config: Config, why: 'missing' | 'empty'): { tr: string; en: string } {
  const where = databaseOf(config).database;
  const hint = {
    tr: 'DATA_DIR ve DATABASE_URL sunucununkilerle aynı olmalı; sunucu bir ortam dosyasından okuyorsa komuta onu verin: --settings /etc/mahalle/mahalle.env',
    en: "DATA_DIR and DATABASE_URL must be the server's; if the server reads an environment file, give it to the command: --settings /etc/mahalle/mahalle.env",
  };
  return why === 'missing'
    ? { tr: `Burada veritabanı yok: ${where}. ${hint.tr}`, en: `There is no database here: ${where}. ${hint.en}` }
    : {
        tr: `Veritabanı boş, Mahalle hiç kurulmamış: ${where}. ${hint.tr} (Yeni bir topluluk için sunucuyu başlatın.)`,
        en: `The database is empty, Mahalle was never set up in it: ${where}. ${hint.en} (For a new community, start the server.)`,
      };
}
