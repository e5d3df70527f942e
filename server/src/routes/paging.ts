import type { Response } from 'express';
import type { Page } from '@mahalle/shared/contract';

/**
 * A list the specification fixed as a bare array (contract `cursorList`, `cursorHeader: true`):
 * the items as the body and the next page's cursor in X-Next-Cursor, absent on the last page.
 */
export function sendCursorList<T>(res: Response, page: Page<T>): void {
  if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
  res.json(page.items);
}

/**
 * The same, for a body already written as JSON (a member's feed page, see posts/shared-pages).
 * Where answers are checked against the contract (tests), it goes through res.json to be checked.
 */
export function sendCursorJson(res: Response, body: string | Buffer, nextCursor: string | null): void {
  if (nextCursor) res.setHeader('X-Next-Cursor', nextCursor);
  if (res.locals.contractCheck) res.json(JSON.parse(body.toString()));
  else res.setHeader('Content-Type', 'application/json; charset=utf-8').send(body);
}
