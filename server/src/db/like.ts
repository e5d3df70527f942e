import { foldKey } from '@mahalle/shared';

/** LIKE with an explicit escape character (a backslash): SQLite has none unless told, PostgreSQL's default. */
export const LIKE = "like ? escape '\\'";

/** "Contains" on folded text: the needle Turkish-folded, its LIKE wildcards escaped. */
export function likePattern(text: string): string {
  return `%${foldKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
