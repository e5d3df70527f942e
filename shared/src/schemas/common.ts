import { z } from 'zod';
import '../zod-locale';
import { LIMITS, ROLES } from '../limits';
import { TEXTS } from '../texts';

/** The largest id a 32-bit integer column holds (PostgreSQL's `integer`). */
export const ID_MAX = 2_147_483_647;

/**
 * A positive integer id from a route parameter, a query, a form field (digits) or a JSON body
 * (a number or digits). Nothing else is read as a number: true, [14] or '1e3' are refused.
 */
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: TEXTS.errors.invalidId })
    .int({ error: TEXTS.errors.invalidId })
    .positive({ error: TEXTS.errors.invalidId })
    .max(ID_MAX, { error: TEXTS.errors.invalidId }),
);

export const idParamsSchema = z.object({ id: idSchema });

/** Keyset paging: newest first, `before` is the last id the client has seen. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit bir sayı olmalıdır' })
    .int({ error: 'limit bir tam sayı olmalıdır' })
    .min(1, { error: 'limit en az 1 olmalıdır' })
    .max(LIMITS.pageMax, { error: `limit en fazla ${LIMITS.pageMax} olabilir` })
    .default(LIMITS.pageDefault),
  before: idSchema.optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Boolean from a form field or JSON ("true", "false", "1", "0", true, false). */
export const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((v) => v === 'true' || v === '1' || v === 'on')]);

/**
 * An event's date: anything Date.parse reads, in the years LIMITS.eventYearMin..eventYearMax
 * (UTC), given on as an ISO string. Year 0 or +275760 made PostgreSQL fail and, stored as text
 * on SQLite, sorted among the wrong events.
 */
export function eventDateSchema(requiredText: string) {
  const first = Date.UTC(LIMITS.eventYearMin, 0, 1);
  const after = Date.UTC(LIMITS.eventYearMax + 1, 0, 1);
  return z
    .string({ error: requiredText })
    .min(1, { error: requiredText })
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: TEXTS.social.eventDateInvalid, abort: true })
    .refine((v) => Date.parse(v) >= first && Date.parse(v) < after, { message: TEXTS.social.eventDateOutOfRange })
    .transform((v) => new Date(v).toISOString());
}

/** ISO timestamp string used in every answer. */
export const isoDate = z.string();

/** Cursor paging: `cursor` is the opaque next-page cursor an earlier page answered (never built by clients). */
export const cursorQuerySchema = z.object({
  limit: pageQuerySchema.shape.limit,
  cursor: z.string().max(300).optional(),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/**
 * A person as posts, comments, messages ... embed them (the presenter's presentAuthor). A deleted
 * account is id 0 with an empty username and the 'Silinmiş kullanıcı' name.
 */
export const authorSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  /** WebP thumbnail of profileImage for avatars; null for images stored before thumbnails existed. */
  profileImageThumb: z.string().nullable(),
  role: z.enum(ROLES),
  /** Verified by an admin: shown with a mark next to the name (absent on the deleted-account placeholder). */
  isVerified: z.boolean().optional(),
});
export type AuthorSummary = z.infer<typeof authorSummarySchema>;

/**
 * Cursor paging: `limit` and the opaque `cursor` a page answered (nextCursor, or the
 * X-Next-Cursor header of a bare list); the server refuses a cursor it did not make (400 invalid_cursor).
 */
export const cursorPageQuerySchema = z.object({
  limit: pageQuerySchema.shape.limit,
  cursor: z.string().max(300).optional(),
});
export type CursorPageQuery = z.infer<typeof cursorPageQuerySchema>;
