import type { Knex } from 'knex';
import type { Config } from '../config';
import type { PasswordHasher } from '../services/passwords';

/** A text in both languages the command line speaks: Turkish first, English beside it. */
export interface Bilingual {
  tr: string;
  en: string;
}

/** What a command gets: configuration, the database on first use, output, and who runs it. */
export interface CliContext {
  config: Config;
  /** The database, opened on first call (and closed by the runner); schema must be current. */
  db(): Promise<Knex>;
  /** The database opened as it is, without the schema check (migrate, backup, restore). */
  rawDb(): Knex;
  /**
   * Refuses, naming the folder it looked in, when DATA_DIR holds no SQLite database (and
   * DATABASE_URL is unset): a command never creates an empty database where the organiser's
   * settings pointed by mistake.
   */
  assertDatabaseExists(): void;
  passwords(): PasswordHasher;
  /** The audit log's actor for this run, e.g. `cli:ali` (no account: actor_id stays null). */
  actorLabel: string;
  /** Where relative paths the user typed are resolved from (npm run changes into server/). */
  cwd: string;
  out(line?: string): void;
  err(line?: string): void;
  /** Reads one line from the terminal (create-admin's password); null when input is closed. */
  prompt(question: string, opts?: { hidden?: boolean }): Promise<string | null>;
}

export interface CliCommand {
  name: string;
  /** Arguments after the name, e.g. `<kullanıcı>` or `FILE [--force]`. */
  usage: string;
  summary: Bilingual;
  /** Longer help shown by `<command> --help` (optional). */
  details?: Bilingual;
  /** Returns the process exit code (0 on success). Throw CliError for a plain refusal. */
  run(ctx: CliContext, args: string[]): Promise<number>;
}

/** A refusal or failure the organiser can act on: printed in both languages, exit code 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    readonly text: Bilingual,
    readonly exitCode = 1,
  ) {
    super(text.en);
    this.name = 'CliError';
  }
}

export function usageError(command: CliCommand, problem: Bilingual): CliError {
  return new CliError(
    {
      tr: `${problem.tr}\nKullanım: npm run admin -- ${command.name} ${command.usage}`.trimEnd(),
      en: `${problem.en}\nUsage: npm run admin -- ${command.name} ${command.usage}`.trimEnd(),
    },
    2,
  );
}
