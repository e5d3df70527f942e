import type { Knex } from 'knex';
import { isPostgres } from './engine';

/**
 * Timestamps are ISO-8601 UTC strings with milliseconds everywhere we write them, so that
 * SQLite (text) and PostgreSQL (timestamptz) sort and compare them the same way.
 * Never bind a Date object: node-sqlite3 would store it as a number.
 */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Turn what a driver returns (Date from pg, string from sqlite) into an ISO string. */
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export function toIso(value: unknown): string {
  // What we write (nowIso) and what PostgreSQL's parser gives (db/knex.ts) is already the answer.
  if (typeof value === 'string' && CANONICAL.test(value)) return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') {
    if (/[zZ]|[+-]\d\d:?\d\d$/.test(value)) return new Date(value).toISOString();
    return new Date(value.replace(' ', 'T') + 'Z').toISOString();
  }
  return new Date(0).toISOString();
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/** Landed migrations import this name; everything else asks `db/engine.ts`. */
export function isPg(knex: Knex): boolean {
  return isPostgres(knex);
}

/** Column default "now" in the same ISO form as nowIso(). */
export function nowDefault(knex: Knex): Knex.Raw {
  return isPg(knex) ? knex.raw('CURRENT_TIMESTAMP') : knex.raw(`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
}
