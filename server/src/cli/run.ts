import type { Config } from '../config';
import { findCommand } from './registry';
import { createCliContext } from './context';
import { printCommandHelp } from './commands/help';
import { CliError } from './types';
import { OpsError } from '../services/backup/errors';

export interface CliIo {
  out?: (line: string) => void;
  err?: (line: string) => void;
  input?: NodeJS.ReadableStream;
  cwd?: string;
}

/**
 * Runs one command line (`argv` without node and the script) and returns the exit code. The
 * configuration is read only when the command needs it (help needs none), so `--help` works on a
 * machine with no data folder yet.
 */
export async function runCli(argv: string[], loadConfig: () => Config, io: CliIo = {}): Promise<number> {
  const [first, ...rest] = argv;
  const err = io.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const name = first === undefined || first === '--help' || first === '-h' ? 'help' : first;
  const command = findCommand(name);
  if (!command) {
    err(`Bilinmeyen komut: ${name}. Komutlar için: npm run admin -- --help`);
    err(`Unknown command: ${name}. For the list: npm run admin -- --help`);
    return 2;
  }
  const helpOnly = name !== 'help' && (rest.includes('--help') || rest.includes('-h'));
  const ctx = createCliContext(name === 'help' || helpOnly ? lazyConfig(loadConfig) : loadConfig(), io);
  try {
    if (helpOnly) {
      printCommandHelp(ctx, command);
      return 0;
    }
    return await command.run(ctx, rest);
  } catch (e) {
    if (e instanceof CliError || e instanceof OpsError) {
      err(`Hata: ${e.text.tr}`);
      err(`Error: ${e.text.en}`);
      return e instanceof CliError ? e.exitCode : 1;
    }
    throw e;
  } finally {
    await ctx.close();
  }
}

/** A config read on first touch: help never creates a data folder. */
function lazyConfig(load: () => Config): Config {
  let config: Config | null = null;
  return new Proxy({} as Config, {
    get: (_target, key) => (config ??= load())[key as keyof Config],
  });
}
