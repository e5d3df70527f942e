import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Endpoint } from '@mahalle/shared/contract';
import { startTestServer, type TestServer } from '../test/harness';
import { createApp } from '../app';
import { mountedRoutes, routeKey } from './routes';

/** The reference page and its assets are HTML and files, not API calls. */
const NOT_API = (key: string) => (key.split(' ')[1] ?? '').startsWith('/api/docs');

describe('the API contract (shared/src/contract)', () => {
  let server: TestServer;
  let mounted: string[];
  const described = new Set((Object.values(contract) as Endpoint[]).map((e) => routeKey(...(e.route.split(' ') as [string, string]))));
  beforeAll(async () => {
    server = await startTestServer();
    mounted = mountedRoutes(createApp(server.ctx)).filter((k) => !NOT_API(k));
  });
  afterAll(() => server.close());

  it('describes every route the server mounts', () => {
    expect(mounted.filter((k) => !described.has(k))).toEqual([]);
    expect(mounted.length).toBeGreaterThan(130);
  });

  it('mounts every route it describes, once', () => {
    expect([...described].filter((k) => !mounted.includes(k))).toEqual([]);
    expect(described.size).toBe(Object.keys(contract).length);
  });

  it('serves an OpenAPI 3.1 document with every described route, and its reference page from the server itself', async () => {
    const client = server.client();
    const res = await client.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.body.paths as Record<string, Record<string, { operationId: string; responses: object }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        documented.add(routeKey(method, path.replace(/\{(\w+)\}/g, ':$1')));
        expect(op.operationId in contract).toBe(true);
        expect(Object.keys(op.responses).length).toBeGreaterThan(1);
      }
    }
    expect(mounted.filter((k) => !documented.has(k))).toEqual([]);
    // A path parameter is always documented as one.
    const post = res.body.paths['/api/health'].get;
    expect(post.responses['200'].content['application/json'].schema.properties.status).toBeTruthy();

    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(String(page.text ?? page.body)).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const bundle = await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const init = await fetch(`${server.url}/api/docs/init.js`);
    expect(await init.text()).toContain("url: '/api/openapi.json'");
  });

  it('turns an answer that does not fit its schema into a 500 naming the field, in tests', async () => {
    // Break one answer on purpose: the health route's database kind.
    const original = contract['health.get'].response;
    const { z } = await import('zod');
    (contract['health.get'] as { response: unknown }).response = z.object({ status: z.literal('ok'), database: z.literal('nowhere') });
    try {
      const res = await server.client().get('/api/health');
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('response_contract');
      expect(res.body.details[0].message).toContain('database');
    } finally {
      (contract['health.get'] as { response: unknown }).response = original;
    }
  });

  it('answers every file route with the media type its document gives, and the document gives a file type for each', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const documented = new Map<string, string>();
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) {
        const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1];
        for (const type of Object.keys(success?.content ?? {})) if (type !== 'application/json') documented.set(op.operationId, type);
      }
    const member = await server.member();
    const event = (await member.client.post('/api/events', { title: 'Dosya türü', description: 'x', date: '2099-01-01T10:00:00.000Z' })).body;
    const withCookie = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: member.client.cookieHeader } });
    // One real call per route that answers a file.
    const calls: Record<string, () => Promise<Response>> = {
      'events.ics': () => fetch(`${server.url}/api/events/${event.id}/ics`),
      'calendar.feed': async () => fetch(String((await member.client.post('/api/calendar/feed')).body.url)),
      'privacy.downloadExport': async () => {
        await member.client.post('/api/users/me/data-export');
        await server.jobs.privacy.tick();
        return withCookie(String((await member.client.get('/api/users/me/data-export')).body.latest.downloadUrl));
      },
    };
    expect([...documented.keys()].sort()).toEqual(Object.keys(calls).sort());
    for (const [operationId, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, operationId).toBe(200);
      expect(res.headers.get('content-type')?.split(';')[0], operationId).toBe(documented.get(operationId));
      expect(documented.get(operationId)).toBe((contract as Record<string, Endpoint>)[operationId]?.mediaType);
    }
    // And a JSON route says JSON.
    expect((await server.client().get('/api/health')).headers.get('content-type')).toContain('application/json');
  });

  it('turns a success answered with another media type than its contract says into a 500 naming both, in tests', async () => {
    const member = await server.member();
    const event = (await member.client.post('/api/events', { title: 'Yanlış tür', description: 'x', date: '2099-01-02T10:00:00.000Z' })).body;
    const ics = contract['events.ics'] as Endpoint;
    const health = contract['health.get'] as Endpoint;
    ics.mediaType = 'application/zip';
    health.mediaType = 'text/calendar';
    try {
      const file = await fetch(`${server.url}/api/events/${event.id}/ics`);
      expect(file.status).toBe(500);
      expect(file.headers.get('x-contract-problem')).toBe('GET /api/events/:id/ics answered text/calendar; the contract says application/zip');
      const json = await fetch(`${server.url}/api/health`);
      expect(json.status).toBe(500);
      expect(json.headers.get('x-contract-problem')).toBe('GET /api/health answered application/json; the contract says text/calendar');
    } finally {
      ics.mediaType = 'text/calendar';
      delete health.mediaType;
    }
  });

  it('gives a URL two paths could match to the path with the fixed word (an id is an integer, never a word)', async () => {
    // The profile of a member named like a word of /api/users/{id}/<word>.
    const named = await server.member({ username: 'followers' });
    const profile = await server.client().get('/api/users/profile/followers');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe(named.user.username);
    // Unknown names and slugs are the fixed-word route's 404, not the id route's 400.
    for (const path of ['/api/users/profile/stats', '/api/blog/posts/slug/related', '/api/blog/posts/slug/comments', '/api/hobby-groups/posts/is-member']) {
      const res = await server.client().get(path);
      expect(res.status, path).toBe(404);
    }
  });
});
