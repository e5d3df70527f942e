import { loadConfig } from '../config';
import { runCli } from './run';

/** `npm run admin -- <command>`: see registry.ts for the commands, `--help` for their use. */
const code = await runCli(process.argv.slice(2), () => loadConfig()).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  return 1;
});
process.exitCode = code;
