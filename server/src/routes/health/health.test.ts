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
