import type { Knex } from 'knex';
import { nowDefault } from '../time';

/** created_at (and optionally updated_at) as timezone-aware timestamps defaulting to now. */
export function timestamps(t: Knex.CreateTableBuilder, knex: Knex, withUpdated = false): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
  if (withUpdated) t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
}

/** A foreign key to users. */
export function userRef(t: Knex.CreateTableBuilder, column: string, onDelete: 'CASCADE' | 'SET NULL'): Knex.ColumnBuilder {
  const col = t.integer(column).unsigned();
  if (onDelete === 'CASCADE') col.notNullable();
  else col.nullable();
  t.foreign(column).references('users.id').onDelete(onDelete);
  return col;
}
