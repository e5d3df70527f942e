import type { Response } from 'express';

/**
 * Answers a list the specification fixed as a bare array (contract: cursorList + cursorHeader):
 * the items are the body and the next page's opaque cursor travels in X-Next-Cursor, absent on
 * the last page.
 */
export function sendCursorList(res: Response, page: { items: unknown[]; nextCursor: string | null }): void {
  if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
  res.json(page.items);
}
