import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable and 503 when it is not', async () => {
    const server = await startTestServer();
    try {
      const ok = await server.client().get('/api/health');
      expect(ok.status).toBe(200);
      expect(ok.body.status).toBe('ok');
      await server.ctx.db.destroy();
      const down = await server.client().get('/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: 'Hizmet şu anda kullanılamıyor', code: 'unavailable' });
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database and the socket adapter answer, and 503 naming the part that failed', async () => {
    const server = await startTestServer();
    try {
      const ok = await server.client().get('/api/ready');
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ status: 'ok', database: 'ok', realtime: 'ok' });

      await server.realtime.close();
      const noSockets = await server.client().get('/api/ready');
      expect(noSockets.status).toBe(503);
      expect(noSockets.body.code).toBe('unavailable');
      expect(noSockets.body.details.map((d: { path: string }) => d.path)).toEqual(['realtime']);
      // Liveness does not depend on the socket adapter.
      expect((await server.client().get('/api/health')).status).toBe(200);

      await server.ctx.db.destroy();
      const down = await server.client().get('/api/ready');
      expect(down.status).toBe(503);
      expect(down.body.details.map((d: { path: string }) => d.path)).toEqual(['database', 'realtime']);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
