import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Member, type TestServer, ok } from '../../test/harness';

/**
 * The workspace's questions and events tables mark each row as the member pages do: held by a
 * watched word ("Onay bekliyor": pendingApproval) or hidden otherwise ("Gizlendi": isHidden),
 * and filter by either state.
 */

let server: TestServer;
let admin: Member;
let author: Member;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  author = await server.member();
  ok(await admin.client.post('/api/admin/watched-words', { word: 'patlıcan', action: 'require_approval' }));
});
afterAll(async () => {
  await server?.close();
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
type Marked = { id: number; isHidden: boolean; pendingApproval: boolean };
const marks = (rows: Marked[]) => Object.fromEntries(rows.map((r) => [r.id, { isHidden: r.isHidden, pendingApproval: r.pendingApproval }]));
const ids = async (path: string) => (ok(await admin.client.get(path)).items as Marked[]).map((r) => r.id).sort((a, b) => a - b);

describe('admin questions and events tables: held and hidden rows', () => {
  it('marks a held and a hidden question, and filters by each', async () => {
    const tag = `durumsoru${Date.now().toString(36)}`;
    const ask = async (content: string) => ok(await author.client.post('/api/questions', { title: `${tag} soru`, content })).id as number;
    const shown = await ask('Pazar nerede?');
    const held = await ask('Ucuz patlıcan burada');
    const hidden = await ask('Gizlenecek soru');
    ok(await admin.client.post(`/api/admin/moderation/question/${hidden}/hide`, { reason: 'Yanıltıcı' }));

    const rows = ok(await admin.client.get(`/api/admin/questions?search=${tag}`)).items as Marked[];
    expect(marks(rows)).toEqual({
      [shown]: { isHidden: false, pendingApproval: false },
      [held]: { isHidden: false, pendingApproval: true },
      [hidden]: { isHidden: true, pendingApproval: false },
    });
    expect(await ids(`/api/admin/questions?search=${tag}&state=pending`)).toEqual([held]);
    expect(await ids(`/api/admin/questions?search=${tag}&state=hidden&sort=upvotes`)).toEqual([hidden]);
    expect((await admin.client.get('/api/admin/questions?state=shown')).status).toBe(400);
  });

  it('marks held and hidden site events and group events, and filters by each', async () => {
    const tag = `durumetk${Date.now().toString(36)}`;
    const event = async (description: string) =>
      ok(await author.client.post('/api/events', { title: `${tag} etkinlik`, description, date: inDays(3) })).id as number;
    const shown = await event('Parkta buluşma');
    const held = await event('Ucuz patlıcan pazarı');
    const hidden = await event('Gizlenecek etkinlik');
    ok(await admin.client.post(`/api/admin/moderation/event/${hidden}/hide`, { reason: 'Yanıltıcı' }));

    const rows = ok(await admin.client.get(`/api/admin/events?search=${tag}`)).items as Marked[];
    expect(marks(rows)).toEqual({
      [shown]: { isHidden: false, pendingApproval: false },
      [held]: { isHidden: false, pendingApproval: true },
      [hidden]: { isHidden: true, pendingApproval: false },
    });
    expect(await ids(`/api/admin/events?search=${tag}&state=pending&sort=date&direction=asc`)).toEqual([held]);
    expect(await ids(`/api/admin/events?search=${tag}&state=hidden`)).toEqual([hidden]);

    const slug = ok(await author.client.post('/api/hobby-groups', { name: `Durum Grubu ${tag}`, description: 'Etkinlik durumları için.' })).slug as string;
    const groupEvent = async (title: string) =>
      ok(await author.client.post(`/api/hobby-groups/${slug}/events`, { title: `${tag} ${title}`, date: inDays(2), location: 'Park' })).id as number;
    const groupShown = await groupEvent('grup buluşması');
    const groupHeld = await groupEvent('patlıcan grubu');
    const groupRows = ok(await admin.client.get(`/api/admin/events?kind=group_event&search=${tag}`)).items as Marked[];
    expect(marks(groupRows)).toEqual({
      [groupShown]: { isHidden: false, pendingApproval: false },
      [groupHeld]: { isHidden: false, pendingApproval: true },
    });
    expect(await ids(`/api/admin/events?kind=group_event&search=${tag}&state=pending&sort=date`)).toEqual([groupHeld]);
    expect(await ids(`/api/admin/events?kind=group_event&search=${tag}&state=hidden`)).toEqual([]);
  });
});
