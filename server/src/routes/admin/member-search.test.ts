import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('admin member search', () => {
  it('finds members by the start of their username, e-mail or display name, Turkish letters folded', async () => {
    const admin = await server.admin();
    const tag = `ara${Date.now().toString(36)}`;
    const a = await server.member({ username: `${tag}_kisi`, displayName: 'Zeynep Işık' });
    const b = await server.member({ username: `kisi_${tag}`, displayName: `İLKNUR ${tag}`, email: `posta_${tag}@ornek.com` });
    const ids = async (search: string) =>
      ((await admin.client.get(`/api/admin/users?search=${encodeURIComponent(search)}&limit=50`)).body.items as { id: number }[]).map((u) => u.id).sort();
    expect(await ids(tag.toUpperCase())).toEqual([a.user.id]);
    expect(await ids(`ilknur ${tag}`)).toEqual([b.user.id]);
    expect(await ids(`POSTA_${tag}`)).toEqual([b.user.id]);
    // After a rename the new name is found and the old one no longer is.
    expect((await b.client.patch(`/api/users/${b.user.id}`, { displayName: `Çağla ${tag}` })).status).toBe(200);
    expect(await ids(`çağla ${tag}`)).toEqual([b.user.id]);
    expect(await ids(`ilknur ${tag}`)).toEqual([]);
  });
});
