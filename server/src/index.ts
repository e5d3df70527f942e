import { startServer } from './server';

const server = await startServer();
server.ctx.logger.info({ url: server.url }, `Mahalle çalışıyor: ${server.url}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  server.ctx.logger.info({ signal }, 'shutting down');
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
