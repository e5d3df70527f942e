import type { CliCommand, CliContext } from '../types';

/**
 * The command list, Turkish and English, or one command's usage and details. The registry hands
 * it the list (help is in it too), so this file imports no command.
 */
export const helpCommand = (commands: () => readonly CliCommand[]): CliCommand => ({
  name: 'help',
  usage: '[komut]',
  summary: { tr: 'Komutları ya da bir komutun kullanımını gösterir', en: 'Lists the commands, or shows how to use one' },
  async run(ctx, args) {
    const COMMANDS = commands();
    const name = args.at(0);
    if (name) {
      const command = COMMANDS.find((c) => c.name === name);
      if (!command) {
        ctx.err(`Bilinmeyen komut: ${name} / Unknown command: ${name}`);
        return 2;
      }
      printCommandHelp(ctx, command);
      return 0;
    }
    ctx.out('Mahalle yönetim komutları / Mahalle admin commands');
    ctx.out('');
    ctx.out('Kullanım / Usage: npm run admin -- <komut|command> [seçenekler|options]');
    ctx.out('');
    const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.usage}`.trimEnd().length));
    for (const c of COMMANDS) {
      ctx.out(`  ${`${c.name} ${c.usage}`.trimEnd().padEnd(width)}  ${c.summary.tr}`);
      ctx.out(`  ${''.padEnd(width)}  ${c.summary.en}`);
    }
    ctx.out('');
    ctx.out('Bir komutun ayrıntıları / One command in detail: npm run admin -- <komut> --help');
    ctx.out('Ortam / Environment: DATA_DIR, DATABASE_URL (README: "Yönetim / Operations")');
    ctx.out("  --settings DOSYA / FILE: sunucunun ortam dosyasını okur / reads the server's environment file (/etc/mahalle/mahalle.env)");
    return 0;
  },
});

export function printCommandHelp(ctx: CliContext, command: CliCommand): void {
  ctx.out(`npm run admin -- ${command.name} ${command.usage}`.trimEnd());
  ctx.out('');
  ctx.out(`  ${command.summary.tr}`);
  if (command.details) for (const line of command.details.tr.split('\n')) ctx.out(`  ${line}`);
  ctx.out('');
  ctx.out(`  ${command.summary.en}`);
  if (command.details) for (const line of command.details.en.split('\n')) ctx.out(`  ${line}`);
}
