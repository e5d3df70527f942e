import fs from 'node:fs';
import path from 'node:path';
import { CliError } from './types';

/**
 * `--settings FILE` (anywhere on the command line) or MAHALLE_ENV_FILE: the environment file the
 * service reads (systemd's EnvironmentFile, KEY=value lines), so a command opens the same data
 * folder and database as the server. Variables already set in the environment win, as they do
 * for the service. Returns the arguments without the option. (Not `--env-file`: Node 20 takes that
 * flag from anywhere on its command line, after the script too, and reads the file itself.)
 */
export function applyEnvFile(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD ?? process.cwd()): string[] {
  const rest: string[] = [];
  let file: string | undefined = env.MAHALLE_ENV_FILE || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--settings') {
      file = argv[++i];
      if (!file) throw new CliError({ tr: '--settings bir dosya adı ister', en: '--settings needs a file name' }, 2);
    } else if (arg.startsWith('--settings=')) {
      file = arg.slice('--settings='.length);
    } else {
      rest.push(arg);
    }
  }
  if (file) {
    const full = path.resolve(cwd, file);
    let text: string;
    try {
      text = fs.readFileSync(full, 'utf8');
    } catch (err) {
      throw new CliError({
        tr: `Ortam dosyası okunamadı: ${full} (${(err as NodeJS.ErrnoException).code ?? 'hata'}). Root ya da servis kullanıcısı olarak çalıştırın.`,
        en: `The environment file cannot be read: ${full} (${(err as NodeJS.ErrnoException).code ?? 'error'}). Run as root or as the service user.`,
      });
    }
    for (const [key, value] of Object.entries(parseEnvFile(text))) if (env[key] === undefined || env[key] === '') env[key] = value;
  }
  return rest;
}

/** systemd's EnvironmentFile syntax: KEY=value per line, # comments, optional single or double quotes. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\(["\\$`])/g, '$1').replace(/\\n/g, '\n');
    }
    out[m[1]!] = value;
  }
  return out;
}
