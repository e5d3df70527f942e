import { loadConfig } from '../config';
import { applyEnvFile } from './env-file';
import { runCli } from './run';
import { CliError } from './types';

/** `npm run admin -- <command>`: see registry.ts for the commands, `--help` for their use. */
const code = await Promise.resolve()
  .then(() => runCli(applyEnvFile(process.argv.slice(2)), () => loadConfig()))
  .catch((err: unknown) => {
    if (err instanceof CliError) {
      process.stderr.write(`Hata: ${err.text.tr}\nError: ${err.text.en}\n`);
      return err.exitCode;
    }
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  });
process.exitCode = code;
