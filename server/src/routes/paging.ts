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
