import { startServer } from './server';
import { DatabaseStartError } from './db/faults';

const server = await startServer().catch((err: unknown) => {
  if (!(err instanceof DatabaseStartError)) throw err;
  // One line for the organiser (which database, what failed, what to check), and a non-zero exit for the service manager.
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
server.ctx.logger.info({ url: server.url }, `Mahalle çalışıyor: ${server.url}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  server.ctx.logger.info({ signal, timeoutSec: server.ctx.config.shutdownTimeoutSec }, 'shutting down');
  try {
    await server.close();
  } catch (err) {
    server.ctx.logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  server.ctx.logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
