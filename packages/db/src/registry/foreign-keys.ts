/**
 * The database's single-column foreign keys of the public schema (pg_constraint): where the
 * registries' references really are. Read by the delete rule (delete-references.ts: who refers to
 * a row) and the reference check (reference-access.ts: which registry a plain id column points
 * into, which tables hold attachments); each caches the answer (the schema is fixed while a
 * process runs).
 */
import type { Pool, PoolClient } from 'pg';

/** One single-column foreign key: `child.column` → `parent.id`. */
export interface ForeignKey {
  child: string;
  column: string;
  parent: string;
}

/** Every single-column foreign key of the public schema. */
export async function readForeignKeys(db: Pool | PoolClient): Promise<ForeignKey[]> {
  const { rows } = await db.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.connamespace = 'public'::regnamespace`,
  );
  return rows;
}
