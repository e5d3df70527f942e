import { z } from 'zod';

/**
 * One HTTP call of the API, as both sides know it: its route (method and Express-style path under
 * /api), who may make it, the request schemas (as the server parses them) and the response schema
 * (what the server's presenter answers). The server checks its real answers against `response`
 * in tests, the OpenAPI document at /api/openapi.json is generated from these, and the renderer
 * infers its types from them (type imports only, so no schema code reaches the browser's first load).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Route = `${HttpMethod} /api${string}`;

export interface Endpoint {
  route: Route;
  /** One line, in English, for the reference page. */
  summary: string;
  /**
   * public: anyone (the answer may differ for a signed-in viewer); member: a session; moderator: a
   * site moderator's or an admin's session; admin: an admin's session.
   */
  access: 'public' | 'member' | 'moderator' | 'admin';
  /** OpenAPI tag (the resource); defaults to the first path segment. */
  tag?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body, or the text fields of a multipart body when `files` is set. */
  body?: z.ZodType;
  /** Multipart file fields (the body is multipart/form-data). */
  files?: readonly string[];
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 204;
  response: z.ZodType;
  /** The success answer's media type when it is not JSON (a file); the server sends it as its Content-Type. */
  mediaType?: 'text/calendar' | 'application/zip';
  /**
   * A list answered as a bare array: the next page's opaque cursor travels in the `X-Next-Cursor`
   * header (absent on the last page). Every other growing list answers `{ items, nextCursor }`
   * (see `pageOf`).
   */
  cursorHeader?: true;
}

/** Declares an endpoint, keeping its literal route type (the renderer's calls are checked against it). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** The one paging shape: a page of items and the opaque cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().meta({ description: 'Opaque cursor of the next page (pass as `cursor`); null on the last page.' }),
  });
export type Page<T> = { items: T[]; nextCursor: string | null };

/** A bare list paged by the `X-Next-Cursor` header (see Endpoint.cursorHeader). */
export const cursorList = <T extends z.ZodType>(item: T) =>
  z.array(item).meta({ description: "A bare list; the next page's cursor is in the X-Next-Cursor header (absent on the last page), passed back as `cursor`." });

/** An answer with nothing to say beyond success. */
export const okSchema = z.object({ ok: z.literal(true) });
/** A 204 answer: no body. */
export const noContent = z.undefined();

/** ISO 8601 timestamp, as every answer writes times. */
export const isoTime = z.string().meta({ description: 'ISO 8601 timestamp (UTC)' });

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** The item of a paged or cursor-header list. */
export type ItemOf<E extends Endpoint> = ResponseOf<E> extends { items: (infer T)[] } ? T : ResponseOf<E> extends (infer T)[] ? T : never;
