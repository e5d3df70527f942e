import { z } from 'zod';
import { contract, type Endpoint } from '@mahalle/shared/contract';
import { SESSION_COOKIE } from '../middlewares/auth';

type Json = Record<string, unknown>;

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const out = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
};

/** Path and query parameters from an object schema's properties. */
function parameters(s: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!s) return [];
  const js = schemaOf(s, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

const ACCESS: Record<Endpoint['access'], string> = {
  public: 'Anyone may call it, signed in or not; the answer may differ for a signed-in viewer.',
  member: 'Needs a signed-in member (the session cookie or a bearer token); 401 without.',
  moderator: "Needs a site moderator's or an admin's session; 401 without one, 403 for a member who is neither.",
  admin: "Needs an admin's session; 401 without one, 403 for a member who is not an admin.",
};

/** The success answer's schema: JSON Schema for JSON, a string of its media type for a file. */
function mediaSchema(e: Endpoint): Json {
  if (!e.mediaType) return schemaOf(e.response, 'output');
  const description = e.response.description;
  return { type: 'string', contentMediaType: e.mediaType, ...(description ? { description } : {}) };
}

function operation(name: string, e: Endpoint): Json {
  const [, path] = e.route.split(' ') as [string, string];
  const status = String(e.status ?? 200);
  const op: Json = {
    operationId: name,
    summary: e.summary,
    tags: [e.tag ?? path.split('/')[2]],
    parameters: [...parameters(e.params, 'path'), ...parameters(e.query, 'query')],
    responses: {
      [status]:
        status === '204'
          ? { description: 'No content' }
          : {
              description: 'OK',
              content: { [e.mediaType ?? 'application/json']: { schema: mediaSchema(e) } },
              ...(e.cursorHeader
                ? { headers: { 'X-Next-Cursor': { description: 'Cursor of the next page; absent on the last page', schema: { type: 'string' } } } }
                : {}),
            },
      '4XX': ERROR_RESPONSE,
      '5XX': ERROR_RESPONSE,
    },
  };
  // Public calls say so (an empty list): they need no session, and a signed-in caller may get more.
  op.security = e.access === 'public' ? [] : [{ session: [] }, { bearer: [] }];
  op.description = ACCESS[e.access];
  if (e.body || e.files) {
    if (e.files) {
      const fields = e.body ? schemaOf(e.body, 'input') : { type: 'object', properties: {} };
      const props = { ...((fields.properties ?? {}) as Json) };
      for (const f of e.files) props[f] = { type: 'string', format: 'binary' };
      op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { ...fields, properties: props } } } };
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(e.body!, 'input') } } };
    }
  }
  return op;
}

/** The OpenAPI 3.1 document of the whole API, built from shared/src/contract (JSON Schema 2020-12 by zod). */
export function openApiDocument(version = '1.0'): Json {
  const paths: Record<string, Json> = {};
  for (const [name, e] of Object.entries(contract) as [string, Endpoint][]) {
    const [method, path] = e.route.split(' ') as [string, string];
    const oasPath = path.replace(/:(\w+)/g, '{$1}');
    (paths[oasPath] ??= {})[method.toLowerCase()] = operation(name, e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mahalle API',
      version,
      description:
        'The JSON API of a Mahalle community. Signed-in calls use the session cookie (browser) or `Authorization: Bearer <token>` (desktop app, scripts). ' +
        'Errors are `{ error, code, details? }`: `error` is Turkish text for people, `code` a stable identifier for programs. ' +
        'Growing lists answer `{ items, nextCursor }` and take `cursor`; a few answer a bare array and carry the next cursor in the `X-Next-Cursor` header (absent on the last page). ' +
        'Where two paths could match one URL (`/api/users/profile/{username}` and `/api/users/{id}/stats`), the path with the fixed word there wins: ids are integers, so a word never reaches an `{id}`. ' +
        'Files answer their own media type (`text/calendar` for calendars, `application/zip` for the data export).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      responses: {
        Error: {
          description: 'An error: Turkish text and a stable code',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['error', 'code'],
                properties: {
                  error: { type: 'string' },
                  code: { type: 'string' },
                  details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
                },
              },
            },
          },
        },
      },
    },
  };
}
