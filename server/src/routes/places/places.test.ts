import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiClient, type Member, type TestServer } from '../../test/harness';
import { ESKISEHIR_PLACES } from '../../db/seed/eskisehir-places';

let server: TestServer;
let admin: Member;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

let seq = 0;
/** A district name of its own for each test (the server is shared by the file). */
const unique = (base: string) => `${base} ${++seq}${Date.now() % 100000}`;

async function placeIds(districtName: string) {
  const list = (await server.client().get('/api/places')).body as {
    districts: { id: number; name: string; neighbourhoods: { id: number; name: string; lat: number | null; lng: number | null }[] }[];
  };
  const d = list.districts.find((x) => x.name === districtName);
  if (!d) throw new Error(`no district ${districtName}`);
  return { districtId: d.id, hoods: new Map(d.neighbourhoods.map((n) => [n.name, n])) };
}

async function count(table: string): Promise<number> {
  const [row] = await server.ctx.db(table).count({ n: '*' });
  return Number(row?.n);
}

/** Walks a cursor-header list (X-Next-Cursor) to its end with small pages. */
async function walkHeader(client: ApiClient, base: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: { status: number; body: any; headers: Headers } = await client.get(
      `${base}${base.includes('?') ? '&' : '?'}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    ids.push(...(res.body as { id: number }[]).map((x) => x.id));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) return ids;
  }
  throw new Error('paging did not end');
}
async function walkPage(client: ApiClient, base: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: { status: number; body: any; headers: Headers } = await client.get(
      `${base}${base.includes('?') ? '&' : '?'}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    ids.push(...(res.body.items as { id: number }[]).map((x) => x.id));
    cursor = res.body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('paging did not end');
}

describe('places: the organiser defines districts and neighbourhoods', () => {
  it('only an admin may add, rename and remove; names are unique by the Turkish fold', async () => {
    const member = await server.member();
    const name = unique('Odunpazarı');
    expect((await server.client().post('/api/admin/places/districts', { name })).status).toBe(401);
    expect((await member.client.post('/api/admin/places/districts', { name })).status).toBe(403);
    expect((await member.client.post('/api/admin/places/import', { csv: 'name,district\nA,B' })).status).toBe(403);

    const district = await admin.client.post('/api/admin/places/districts', { name: `  ${name}  ` });
    expect(district.status).toBe(201);
    expect(district.body).toEqual({ id: expect.any(Number), name, neighbourhoods: [] });
    const dup = await admin.client.post('/api/admin/places/districts', { name: name.toLocaleUpperCase('tr') });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('place_name_taken');

    const hood = await admin.client.post('/api/admin/places/neighbourhoods', { name: 'İstiklal', districtId: district.body.id, lat: 39.771, lng: 30.51 });
    expect(hood.status).toBe(201);
    expect(hood.body).toMatchObject({ name: 'İstiklal', districtId: district.body.id, lat: 39.771, lng: 30.51 });
    // 'ISTIKLAL' folds to the same key as 'İstiklal': the same neighbourhood in this district.
    const folded = await admin.client.post('/api/admin/places/neighbourhoods', { name: 'ISTIKLAL', districtId: district.body.id });
    expect(folded.status).toBe(409);
    expect(folded.body.error).toBe('Bu ilçede bu adla bir mahalle zaten var');
    const half = await admin.client.post('/api/admin/places/neighbourhoods', { name: 'Paşa', districtId: district.body.id, lat: 39.7 });
    expect(half.status).toBe(400);
    expect(half.body.details[0].message).toBe('Enlem ve boylam birlikte girilmelidir');
    expect((await member.client.patch(`/api/admin/places/neighbourhoods/${hood.body.id}`, { name: 'X' })).status).toBe(403);

    const renamed = await admin.client.patch(`/api/admin/places/neighbourhoods/${hood.body.id}`, { name: 'Yeni İstiklal', lat: null, lng: null });
    expect(renamed.body).toMatchObject({ name: 'Yeni İstiklal', lat: null, lng: null });
    expect((await admin.client.patch(`/api/admin/places/districts/${district.body.id}`, { name: `${name} Merkez` })).body).toMatchObject({
      name: `${name} Merkez`,
      neighbourhoods: [{ name: 'Yeni İstiklal' }],
    });

    // A member who chose it, and an event there, keep nothing once it is removed.
    await member.client.put('/api/users/me/neighbourhood', { neighbourhoodId: hood.body.id, visibility: 'everyone' });
    const event = (
      await member.client.post('/api/events', { title: 'Orada', description: 'x', date: '2030-01-01T10:00:00.000Z', neighbourhoodId: hood.body.id })
    ).body;
    expect(event.neighbourhood).toMatchObject({ id: hood.body.id, name: 'Yeni İstiklal', districtName: `${name} Merkez` });
    const notEmpty = await admin.client.delete(`/api/admin/places/districts/${district.body.id}`);
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.code).toBe('district_not_empty');
    expect((await admin.client.delete(`/api/admin/places/neighbourhoods/${hood.body.id}`)).body).toEqual({ ok: true });
    expect((await member.client.get('/api/users/me/neighbourhood')).body).toEqual({ neighbourhood: null, visibility: 'everyone' });
    expect((await member.client.get(`/api/events/${event.id}`)).body.neighbourhood).toBeNull();
    expect(await server.ctx.db('events').where({ id: event.id }).first('district_id')).toEqual({ district_id: null });
    expect((await admin.client.delete(`/api/admin/places/districts/${district.body.id}`)).body).toEqual({ ok: true });
    expect((await admin.client.delete(`/api/admin/places/districts/${district.body.id}`)).body.code).toBe('district_not_found');
  });
});

describe('places: CSV import', () => {
  it('imports valid rows, making missing districts; a re-import updates instead of duplicating', async () => {
    const d = unique('Tepebaşı');
    const csv = `name,district,lat,lng\nBatıkent,${d},39.795,30.48\nSazova,${d},,\n"Çamlıca",${d},39.808,30.518\n`;
    const first = await admin.client.post('/api/admin/places/import', { csv });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 3, updated: 0, districtsCreated: 1 });
    const before = { hoods: await count('neighbourhoods'), districts: await count('districts') };
    expect((await admin.client.post('/api/admin/places/import', { csv })).body).toEqual({ created: 0, updated: 0, districtsCreated: 0 });
    // Folded names match the existing ones: their written form and centre are updated, nothing is added.
    const again = await admin.client.post('/api/admin/places/import', { csv: `name;district;lat;lng\nBATIKENT;${d};39.8;30.49\nsazova;${d};39.775;30.47\n` });
    expect(again.body).toEqual({ created: 0, updated: 2, districtsCreated: 0 });
    expect({ hoods: await count('neighbourhoods'), districts: await count('districts') }).toEqual(before);
    const { hoods } = await placeIds(d);
    expect([...hoods.keys()].sort()).toEqual(['BATIKENT', 'Çamlıca', 'sazova'].sort());
    expect(hoods.get('BATIKENT')).toMatchObject({ lat: 39.8, lng: 30.49 });
    expect(hoods.get('sazova')).toMatchObject({ lat: 39.775, lng: 30.47 });
  });

  it('lists every bad row by line number in Turkish and writes nothing', async () => {
    const d = unique('Hatalı');
    const before = { hoods: await count('neighbourhoods'), districts: await count('districts') };
    const csv = [
      'name,district,lat,lng',
      `Emek,${d},39.7,30.5`,
      `,${d},,`,
      `Huzur,,39.7,30.5`,
      `Paşa,${d},95,30.5`,
      `Göztepe,${d},39.7,`,
      `EMEK,${d},,`,
      `Yenikent,${d},abc,30.5`,
    ].join('\n');
    const res = await admin.client.post('/api/admin/places/import', { csv });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('places_import_invalid');
    expect(res.body.error).toBe('CSV dosyasında hatalı satırlar var; hiçbir şey kaydedilmedi.');
    expect(res.body.details).toEqual([
      { path: 'satır 3', message: 'Mahalle adı (name) boş' },
      { path: 'satır 4', message: 'İlçe adı (district) boş' },
      { path: 'satır 5', message: 'Enlem (lat) -90 ile 90 arasında bir sayı olmalı' },
      { path: 'satır 6', message: 'Enlem ve boylam birlikte girilmeli' },
      { path: 'satır 7', message: 'Aynı ilçede aynı mahalle 2. satırda da var' },
      { path: 'satır 8', message: 'Enlem (lat) -90 ile 90 arasında bir sayı olmalı' },
    ]);
    expect({ hoods: await count('neighbourhoods'), districts: await count('districts') }).toEqual(before);
    const header = await admin.client.post('/api/admin/places/import', { csv: 'ad soyad,şehir\nA,B' });
    expect(header.status).toBe(400);
    expect(header.body.error).toBe('İlk satır başlık olmalı: name, district (isteğe bağlı: lat, lng)');
    expect((await admin.client.post('/api/admin/places/import', { csv: 'name,district\n' })).body.error).toBe(
      'CSV dosyası boş: en az bir mahalle satırı gerekli',
    );
  });

  it("accepts the repository's Eskişehir CSV, which holds the same places the demo seeds", async () => {
    const csv = fs.readFileSync(path.join(__dirname, '../../db/seed/eskisehir-mahalleler.csv'), 'utf8');
    const res = await admin.client.post('/api/admin/places/import', { csv });
    expect(res.body).toEqual({ created: ESKISEHIR_PLACES.length, updated: 0, districtsCreated: 2 });
    const odunpazari = await placeIds('Odunpazarı');
    const tepebasi = await placeIds('Tepebaşı');
    for (const [name, district, lat, lng] of ESKISEHIR_PLACES) {
      expect((district === 'Odunpazarı' ? odunpazari : tepebasi).hoods.get(name)).toMatchObject({ lat, lng });
    }
    expect((await admin.client.post('/api/admin/places/import', { csv })).body).toEqual({ created: 0, updated: 0, districtsCreated: 0 });
  });
});

/** A fresh district with three neighbourhoods (two close together, one farther) and a second district. */
async function city() {
  const a = unique('İlçeA');
  const b = unique('İlçeB');
  await admin.client.post('/api/admin/places/import', {
    csv: `name,district,lat,lng\nMerkez,${a},39.7600,30.5000\nYakın,${a},39.7650,30.5050\nUzak,${a},39.8000,30.6000\nÖte,${b},39.9000,30.9000\n`,
  });
  const A = await placeIds(a);
  const B = await placeIds(b);
  const id = (m: { hoods: Map<string, { id: number }> }, n: string) => {
    const h = m.hoods.get(n);
    if (!h) throw new Error(n);
    return h.id;
  };
  return { merkez: id(A, 'Merkez'), yakin: id(A, 'Yakın'), uzak: id(A, 'Uzak'), ote: id(B, 'Öte') };
}

describe("places: a member's neighbourhood and who sees it", () => {
  it('nobody: only themself and admins; followers: accepted followers; everyone: anyone', async () => {
    const c = await city();
    const ayse = await server.member();
    const follower = await server.member();
    const stranger = await server.member();
    await follower.client.post(`/api/users/${ayse.user.id}/follow`);
    const seen = async (client: ApiClient) => (await client.get(`/api/users/${ayse.user.id}`)).body.neighbourhood as { id: number } | null;
    const byName = async (client: ApiClient) => (await client.get(`/api/users/profile/${ayse.user.username}`)).body.neighbourhood as { id: number } | null;

    expect((await ayse.client.get('/api/users/me/neighbourhood')).body).toEqual({ neighbourhood: null, visibility: 'nobody' });
    const set = await ayse.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'nobody' });
    expect(set.body).toMatchObject({ neighbourhood: { id: c.merkez, name: 'Merkez' }, visibility: 'nobody' });
    expect(await seen(ayse.client)).toMatchObject({ id: c.merkez });
    expect(await seen(admin.client)).toMatchObject({ id: c.merkez });
    expect(await seen(follower.client)).toBeNull();
    expect(await seen(stranger.client)).toBeNull();
    expect(await seen(server.client())).toBeNull();

    await ayse.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'followers' });
    expect(await seen(follower.client)).toMatchObject({ id: c.merkez, name: 'Merkez' });
    expect(await byName(follower.client)).toMatchObject({ id: c.merkez });
    expect(await seen(stranger.client)).toBeNull();
    expect(await byName(server.client())).toBeNull();

    await ayse.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'everyone' });
    expect(await seen(stranger.client)).toMatchObject({ id: c.merkez });
    expect(await byName(server.client())).toMatchObject({ id: c.merkez });

    const bad = await ayse.client.put('/api/users/me/neighbourhood', { neighbourhoodId: 999999, visibility: 'everyone' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('neighbourhood_not_found');
    const badVis = await ayse.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'herkes' });
    expect(badVis.status).toBe(400);
    expect((await ayse.client.put('/api/users/me/neighbourhood', { neighbourhoodId: null, visibility: 'everyone' })).body.neighbourhood).toBeNull();
    expect(await seen(stranger.client)).toBeNull();
  });
});

describe('near me: the area filter on the feed, Discover, events and groups', () => {
  it('mahallem, ilçem and the whole city return only matching items, paged across pages', async () => {
    const c = await city();
    const me = await server.member();
    const other = await server.member();
    await me.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'nobody' });

    // Without a neighbourhood, mahallem and ilçem ask for one.
    const none = await other.client.get('/api/events?area=mahalle');
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'neighbourhood_required', error: 'Yakınındakileri görmek için profil ayarlarından mahalleni seç.' });
    expect((await server.client().get('/api/posts?area=ilce')).body.code).toBe('neighbourhood_required');
    expect((await me.client.get('/api/events?area=uzay')).status).toBe(400);

    const posts: Record<string, number[]> = { merkez: [], yakin: [], ote: [], none: [] };
    const events: Record<string, number[]> = { merkez: [], yakin: [], ote: [], none: [] };
    const groups: Record<string, number[]> = { merkez: [], yakin: [], ote: [], none: [] };
    const hoodOf: Record<string, number | undefined> = { merkez: c.merkez, yakin: c.yakin, ote: c.ote, none: undefined };
    let day = 1;
    for (const key of ['merkez', 'yakin', 'ote', 'none', 'merkez', 'yakin', 'merkez']) {
      const neighbourhoodId = hoodOf[key];
      const post = await other.client.post('/api/posts', { content: `${key} gönderisi`, ...(neighbourhoodId ? { neighbourhoodId } : {}) });
      expect(post.status).toBe(201);
      expect(post.body.neighbourhood?.id ?? null).toBe(neighbourhoodId ?? null);
      posts[key]?.push(post.body.id);
      const event = await other.client.post('/api/events', {
        title: `${key} etkinliği`,
        description: 'x',
        date: new Date(Date.now() + day++ * 86_400_000).toISOString(),
        ...(neighbourhoodId ? { neighbourhoodId } : {}),
      });
      events[key]?.push(event.body.id);
      const group = await other.client.post('/api/hobby-groups', {
        name: `${key} grubu ${day}`,
        description: 'Yakınlardaki komşular',
        ...(neighbourhoodId ? { neighbourhoodId } : {}),
      });
      expect(group.status).toBe(201);
      groups[key]?.push(group.body.id);
    }
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    const inMahalle = (m: Record<string, number[]>) => sorted(m.merkez ?? []);
    const inIlce = (m: Record<string, number[]>) => sorted([...(m.merkez ?? []), ...(m.yakin ?? [])]);

    // Feed (newest) and Discover's trending (popular): paged by X-Next-Cursor, two a page.
    expect(sorted(await walkHeader(me.client, '/api/posts?area=mahalle'))).toEqual(inMahalle(posts));
    expect(sorted(await walkHeader(me.client, '/api/posts?area=ilce'))).toEqual(inIlce(posts));
    expect(sorted(await walkHeader(me.client, '/api/posts?area=ilce&sort=popular'))).toEqual(inIlce(posts));
    expect(sorted(await walkHeader(me.client, '/api/posts?area=mahalle&sort=commented'))).toEqual(inMahalle(posts));
    const city_ = await walkHeader(me.client, '/api/posts?area=sehir');
    for (const id of [...(posts.ote ?? []), ...(posts.none ?? [])]) expect(city_).toContain(id);
    // Events (upcoming, soonest first) keep their order across pages.
    const ev = await walkPage(me.client, '/api/events?area=ilce');
    expect(ev).toEqual(inIlce(events));
    expect(await walkPage(me.client, '/api/events?area=mahalle')).toEqual(inMahalle(events));
    // Groups by size.
    expect(sorted(await walkHeader(me.client, '/api/hobby-groups?area=mahalle'))).toEqual(inMahalle(groups));
    expect(sorted(await walkHeader(me.client, '/api/hobby-groups?area=ilce'))).toEqual(inIlce(groups));
    const eventCard = (await me.client.get(`/api/events/${events.merkez?.[0]}`)).body;
    expect(eventCard.neighbourhood).toMatchObject({ id: c.merkez, name: 'Merkez' });
  });

  it("an event's address and map point, a group's neighbourhood set by its founder", async () => {
    const c = await city();
    const host = await server.member();
    const ev = await host.client.post('/api/events', {
      title: 'Piknik',
      description: 'x',
      date: '2030-05-01T09:00:00.000Z',
      neighbourhoodId: c.yakin,
      address: 'Park Sk. No: 3',
      lat: '39.7651',
      lng: 30.5052,
    });
    expect(ev.status).toBe(201);
    expect(ev.body).toMatchObject({ address: 'Park Sk. No: 3', lat: 39.7651, lng: 30.5052, neighbourhood: { id: c.yakin } });
    const half = await host.client.post('/api/events', { title: 'Yarım', description: 'x', date: '2030-05-01T09:00:00.000Z', lat: 39.7 });
    expect(half.status).toBe(400);
    const moved = await host.client.patch(`/api/events/${ev.body.id}`, { neighbourhoodId: c.ote, address: 'Başka yer', lat: null, lng: null });
    expect(moved.body).toMatchObject({ address: 'Başka yer', lat: null, lng: null, neighbourhood: { id: c.ote } });
    expect((await host.client.patch(`/api/events/${ev.body.id}`, { neighbourhoodId: 999999 })).body.code).toBe('neighbourhood_not_found');

    const group = (await host.client.post('/api/hobby-groups', { name: `Komşular ${seq}`, description: 'Mahalle grubu' })).body;
    expect(group.neighbourhood).toBeNull();
    const stranger = await server.member();
    expect((await stranger.client.patch(`/api/hobby-groups/${group.slug}`, { neighbourhoodId: c.merkez })).status).toBe(403);
    const set = await host.client.patch(`/api/hobby-groups/${group.slug}`, { neighbourhoodId: c.merkez });
    expect(set.body.neighbourhood).toMatchObject({ id: c.merkez, name: 'Merkez' });
    expect((await server.client().get(`/api/hobby-groups/${group.slug}`)).body.neighbourhood).toMatchObject({ id: c.merkez });
  });
});

describe('places: moving a neighbourhood into another district', () => {
  it("carries its posts, groups and events into the new district's İlçem; a taken name or a missing district is refused and nothing moves", async () => {
    const c = await city();
    const me = await server.member();
    const host = await server.member();
    await me.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.ote, visibility: 'nobody' });
    const post = (await host.client.post('/api/posts', { content: 'Uzak mahalleden', neighbourhoodId: c.uzak })).body as { id: number };
    const event = (
      await host.client.post('/api/events', { title: 'Uzak etkinlik', description: 'x', date: '2031-01-01T09:00:00.000Z', neighbourhoodId: c.uzak })
    ).body as { id: number };
    const group = (await host.client.post('/api/hobby-groups', { name: `Uzaklar ${seq}`, description: 'Uzak komşular', neighbourhoodId: c.uzak })).body as {
      id: number;
    };
    const inIlce = async () => ({
      posts: (await walkHeader(me.client, '/api/posts?area=ilce')).includes(post.id),
      events: (await walkPage(me.client, '/api/events?area=ilce')).includes(event.id),
      groups: (await walkHeader(me.client, '/api/hobby-groups?area=ilce')).includes(group.id),
    });
    expect(await inIlce()).toEqual({ posts: false, events: false, groups: false });
    const oteDistrict = (await server.ctx.db('neighbourhoods').where({ id: c.ote }).first('district_id')) as { district_id: number };
    const path = `/api/admin/places/neighbourhoods/${c.uzak}`;

    expect((await me.client.patch(path, { districtId: oteDistrict.district_id })).status).toBe(403);
    const missing = await admin.client.patch(path, { districtId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('district_not_found');
    // 'Öte' is taken in the target district (by the Turkish fold): refused, nothing moved.
    const taken = await admin.client.patch(path, { districtId: oteDistrict.district_id, name: 'öTE' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('place_name_taken');
    expect(await inIlce()).toEqual({ posts: false, events: false, groups: false });

    const moved = await admin.client.patch(path, { districtId: oteDistrict.district_id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: c.uzak, name: 'Uzak', districtId: oteDistrict.district_id });
    expect(await inIlce()).toEqual({ posts: true, events: true, groups: true });
    const logged = (await server.ctx
      .db('audit_log')
      .where({ action: 'place.neighbourhood_update', target_id: String(c.uzak) })
      .orderBy('id', 'desc')
      .first('after')) as { after: string };
    expect(JSON.parse(logged.after)).toMatchObject({ districtId: oteDistrict.district_id });
  });
});

describe("places: a post's neighbourhood after posting", () => {
  it('its author moves it to another neighbourhood or to none; nobody else may, and a missing neighbourhood is refused', async () => {
    const c = await city();
    const me = await server.member();
    const author = await server.member();
    await me.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'nobody' });
    const post = (await author.client.post('/api/posts', { content: 'Yanlış mahalle seçtim', neighbourhoodId: c.ote })).body as { id: number };
    const inMahalle = async () => (await walkHeader(me.client, '/api/posts?area=mahalle')).includes(post.id);
    expect(await inMahalle()).toBe(false);

    expect((await me.client.patch(`/api/posts/${post.id}`, { content: 'Yanlış mahalle seçtim', neighbourhoodId: c.merkez })).status).toBe(403);
    const missing = await author.client.patch(`/api/posts/${post.id}`, { content: 'Yanlış mahalle seçtim', neighbourhoodId: 999999 });
    expect(missing.body.code).toBe('neighbourhood_not_found');
    expect(await inMahalle()).toBe(false);

    const moved = await author.client.patch(`/api/posts/${post.id}`, { content: 'Doğru mahalle', neighbourhoodId: c.merkez });
    expect(moved.status).toBe(200);
    expect(moved.body.neighbourhood).toMatchObject({ id: c.merkez, name: 'Merkez' });
    expect(await inMahalle()).toBe(true);
    // Absent leaves it; null clears it.
    expect((await author.client.patch(`/api/posts/${post.id}`, { content: 'Yine doğru' })).body.neighbourhood).toMatchObject({ id: c.merkez });
    expect((await author.client.patch(`/api/posts/${post.id}`, { content: 'Mahallesiz', neighbourhoodId: null })).body.neighbourhood).toBeNull();
    expect(await inMahalle()).toBe(false);
  });
});

describe("Discover's Yakınımda", () => {
  it("orders the member's district by distance when both sides have coordinates; never another district", async () => {
    const c = await city();
    const me = await server.member();
    const other = await server.member();
    expect((await me.client.get('/api/places/nearby')).body.code).toBe('neighbourhood_required');
    expect((await server.client().get('/api/places/nearby')).status).toBe(401);
    await me.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'nobody' });
    const soon = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    // Created soonest-first far to near, so date order and distance order differ.
    const far = (await other.client.post('/api/events', { title: 'Uzakta', description: 'x', date: soon(1), neighbourhoodId: c.uzak })).body;
    const near = (await other.client.post('/api/events', { title: 'Yakında', description: 'x', date: soon(2), neighbourhoodId: c.yakin })).body;
    // Its own map point, right at my neighbourhood's centre.
    const here = (await other.client.post('/api/events', { title: 'Burada', description: 'x', date: soon(3), neighbourhoodId: c.uzak, lat: 39.76, lng: 30.5 }))
      .body;
    await other.client.post('/api/events', { title: 'Başka ilçe', description: 'x', date: soon(1), neighbourhoodId: c.ote });
    // A hidden event of the member's own neighbourhood is not near them: it is not there.
    const hidden = (await other.client.post('/api/events', { title: 'Gizlenen', description: 'x', date: soon(2), neighbourhoodId: c.merkez })).body;
    expect((await admin.client.post(`/api/admin/moderation/event/${hidden.id}/hide`, { reason: 'Yanıltıcı' })).status).toBe(200);
    const pFar = (await other.client.post('/api/posts', { content: 'uzak', neighbourhoodId: c.uzak })).body;
    const pNear = (await other.client.post('/api/posts', { content: 'yakın', neighbourhoodId: c.yakin })).body;
    const pMine = (await other.client.post('/api/posts', { content: 'benim mahallem', neighbourhoodId: c.merkez })).body;
    await other.client.post('/api/posts', { content: 'öte', neighbourhoodId: c.ote });
    const gFar = (await other.client.post('/api/hobby-groups', { name: `Uzak grup ${seq}`, description: 'Uzaktakiler', neighbourhoodId: c.uzak })).body;
    const gNear = (await other.client.post('/api/hobby-groups', { name: `Yakın grup ${seq}`, description: 'Yakındakiler', neighbourhoodId: c.yakin })).body;

    const res = await me.client.get('/api/places/nearby');
    expect(res.status).toBe(200);
    expect(res.body.neighbourhood).toMatchObject({ id: c.merkez, name: 'Merkez' });
    expect(res.body.byDistance).toBe(true);
    expect(res.body.events.map((e: { item: { id: number } }) => e.item.id)).toEqual([here.id, near.id, far.id]);
    const km = res.body.events.map((e: { distanceKm: number }) => e.distanceKm);
    expect(km[0]).toBe(0);
    expect(km[1]).toBeGreaterThan(0);
    expect(km[1]).toBeLessThan(1);
    expect(km[2]).toBeGreaterThan(8);
    expect(res.body.posts.map((p: { item: { id: number } }) => p.item.id)).toEqual([pMine.id, pNear.id, pFar.id]);
    expect(res.body.groups.map((g: { item: { id: number } }) => g.item.id)).toEqual([gNear.id, gFar.id]);

    // Without coordinates on the member's side: same neighbourhood first, then the rest in their own order (soonest).
    const plain = await admin.client.post('/api/admin/places/neighbourhoods', {
      name: 'Noktasız',
      districtId: (await server.ctx.db('neighbourhoods').where({ id: c.merkez }).first('district_id')).district_id,
    });
    await me.client.put('/api/users/me/neighbourhood', { neighbourhoodId: plain.body.id, visibility: 'nobody' });
    const mine = (await other.client.post('/api/events', { title: 'Noktasız mahallede', description: 'x', date: soon(4), neighbourhoodId: plain.body.id }))
      .body;
    const byHood = (await me.client.get('/api/places/nearby')).body;
    expect(byHood.byDistance).toBe(false);
    expect(byHood.events.map((e: { item: { id: number } }) => e.item.id)).toEqual([mine.id, far.id, near.id, here.id]);
    expect(byHood.events.every((e: { distanceKm: number | null }) => e.distanceKm === null)).toBe(true);
  });
});

describe('near me: the filtered lists page on an index', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'SQLite reads each filtered list through its (neighbourhood_id | district_id, sort key) index',
    async () => {
      const c = await city();
      const me = await server.member();
      await me.client.put('/api/users/me/neighbourhood', { neighbourhoodId: c.merkez, visibility: 'nobody' });
      const db = server.ctx.db;
      const plans: Record<string, { sql: string; bindings: readonly unknown[] }> = {};
      const listener = (q: { sql: string; bindings: readonly unknown[] }) => {
        for (const table of ['posts', 'events', 'hobby_groups']) {
          if (q.sql.startsWith('select') && q.sql.includes(`from \`${table}\``) && /`(neighbourhood_id|district_id)` = \?/.test(q.sql)) plans[q.sql] = q;
        }
      };
      db.on('query', listener);
      for (const area of ['mahalle', 'ilce']) {
        await me.client.get(`/api/posts?area=${area}`);
        await me.client.get(`/api/posts?area=${area}&sort=popular`);
        await me.client.get(`/api/events?area=${area}`);
        await me.client.get(`/api/hobby-groups?area=${area}`);
      }
      db.off('query', listener);
      const sqls = Object.values(plans);
      expect(sqls.length).toBe(8);
      for (const { sql, bindings } of sqls) {
        const plan = (await db.raw(`explain query plan ${sql}`, bindings as never[])) as { detail: string }[];
        const text = plan.map((p) => p.detail).join('\n');
        expect(text, `${sql}\n${text}`).toMatch(/USING (COVERING )?INDEX \w*(neighbourhood|district)\w*/);
        expect(text, `${sql}\n${text}`).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      }
    },
  );
});
