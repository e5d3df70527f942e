import type { CliCommand } from './types';
import { helpCommand } from './commands/help';
import { migrateCommand } from './commands/migrate';
import { backupCommand } from './commands/backup';
import { restoreCommand } from './commands/restore';
import { createAdminCommand, demoteCommand, listAdminsCommand, promoteCommand } from './commands/admins';
import { cleanupUploadsCommand } from './commands/cleanup-uploads';
import { moveFilesCommand } from './commands/move-files';
import { statsCommand } from './commands/stats';
import { migrateToPostgresCommand } from './commands/migrate-to-postgres';
import { resetPasswordCommand } from './commands/reset-password';

/**
 * Every command of `npm run admin -- <command>`, one file each under commands/. To add one:
 * write commands/<name>.ts exporting a CliCommand and add it to this list (help lists it as is).
 */
export const COMMANDS: CliCommand[] = [
  helpCommand(() => COMMANDS),
  createAdminCommand,
  promoteCommand,
  demoteCommand,
  listAdminsCommand,
  resetPasswordCommand,
  cleanupUploadsCommand,
  moveFilesCommand,
  statsCommand,
  backupCommand,
  restoreCommand,
  migrateCommand,
  migrateToPostgresCommand,
];

export function findCommand(name: string): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}
