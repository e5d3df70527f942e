import type { Knex } from 'knex';
import { migrationSource } from './migrations';

/** Where a database's schema stands against the migrations this build knows. */
export interface SchemaStatus {
  /** Migrations recorded in the database, oldest first. */
  applied: string[];
  /** Known here, not yet run. */
  pending: string[];
  /** Recorded in the database but unknown here: the database was migrated by a newer Mahalle. */
  unknown: string[];
  /** The newest migration recorded (null: never migrated). */
  current: string | null;
  /** The newest migration this build knows. */
  latest: string;
}

/** The migration table knex keeps (its default name; createDb does not change it). */
export const MIGRATIONS_TABLE = 'knex_migrations';

export async function knownMigrations(): Promise<string[]> {
  return (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
}

/** Reads knex's migration table directly: knex itself only says "the migration directory is corrupt". */
export async function schemaStatus(db: Knex | Knex.Transaction): Promise<SchemaStatus> {
  const known = await knownMigrations();
  const latest = known.at(-1) ?? '';
  const applied = (await db.schema.hasTable(MIGRATIONS_TABLE)) ? ((await db(MIGRATIONS_TABLE).orderBy('id').pluck('name')) as string[]) : [];
  const appliedSet = new Set(applied);
  const knownSet = new Set(known);
  return {
    applied,
    pending: known.filter((m) => !appliedSet.has(m)),
    unknown: applied.filter((m) => !knownSet.has(m)),
    current: [...applied].sort().at(-1) ?? null,
    latest,
  };
}

/** The database was migrated by a newer Mahalle than this one: starting would misread its data. */
export class NewerSchemaError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `Veritabanı bu Mahalle sürümünden daha yeni: bilinmeyen geçiş(ler) ${unknown.join(', ')}. ` +
        `Mahalle'nin yeni sürümünü kurun ya da bu sürümle alınmış bir yedeği geri yükleyin. / ` +
        `The database is newer than this Mahalle: unknown migration(s) ${unknown.join(', ')}. ` +
        `Install the newer Mahalle, or restore a backup taken with this version.`,
    );
    this.name = 'NewerSchemaError';
  }
}
