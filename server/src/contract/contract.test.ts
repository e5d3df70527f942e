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
});
