import os from 'node:os';
import readline from 'node:readline';
import type { Knex } from 'knex';
import type { Config } from '../config';
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
  return {
    config,
    actorLabel: cliActorLabel(),
    cwd: io.cwd ?? process.env.INIT_CWD ?? process.cwd(),
    out: (line = '') => out(line),
    err: (line = '') => err(line),
    rawDb,
    async db() {
      const knex = rawDb();
      const status = await schemaStatus(knex);
      if (status.unknown.length > 0) {
        throw new CliError({
          tr: `Veritabanı bu Mahalle sürümünden daha yeni (bilinmeyen geçiş: ${status.unknown.join(', ')}).`,
          en: `The database is newer than this Mahalle (unknown migration: ${status.unknown.join(', ')}).`,
        });
      }
      if (status.pending.length > 0) {
        throw new CliError({
          tr: `Veritabanı güncel değil (${status.pending.length} geçiş bekliyor). Önce: npm run migrate`,
          en: `The database is not up to date (${status.pending.length} migrations pending). First run: npm run migrate`,
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
