/**
 * Drift check (docs/DATABASE.md): every model of prisma/schema.prisma is a table of the migrated
 * database with exactly the model's columns, compatible types, nullability and defaults, and
 * every table of the database has a model. The models are read with Prisma's own parser
 * (getDMMF, offline WebAssembly); Unsupported fields (geometry), which the DMMF leaves out, are
 * read from the schema text.
 */
import { readFileSync } from 'node:fs';
import { getDMMF } from '@prisma/get-dmmf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

interface ExpectedColumn {
  column: string;
  /** information_schema.columns.udt_name, e.g. int4, _int4, numeric, geometry. */
  udt: string;
  nullable: boolean;
  precision?: [number, number];
  hasDefault: boolean;
  identity: boolean;
}

const schemaText = readFileSync(SCHEMA_PATH, 'utf8');

/** Prisma scalar type (+ native type) → PostgreSQL udt_name. */
function udtOf(type: string, native: string | undefined): string {
  switch (type) {
    case 'Int': return 'int4';
    case 'BigInt': return 'int8';
    case 'String': return native === 'Uuid' ? 'uuid' : 'text';
    case 'Boolean': return 'bool';
    case 'Decimal': return 'numeric';
    case 'Float': return native === 'Real' ? 'float4' : 'float8';
    case 'Json': return 'jsonb';
    case 'DateTime': return native === 'Date' ? 'date' : native === 'Time' ? 'time' : 'timestamptz';
    default: throw new Error(`unexpected Prisma type ${type}`);
  }
}

/** The Unsupported("…") fields of each model: Prisma's DMMF omits them. */
function unsupportedFields(model: string): ExpectedColumn[] {
  const body = new RegExp(`^model\\s+${model}\\s*\\{([\\s\\S]*?)^\\}`, 'm').exec(schemaText)?.[1] ?? '';
  return body.split('\n').flatMap((line) => {
    const m = /^\s*(\w+)\s+Unsupported\("(\w+)[^"]*"\)(\?)?(.*)$/.exec(line);
    if (!m) return [];
    const column = /@map\("([^"]+)"\)/.exec(m[4]!)?.[1] ?? m[1]!;
    return [{ column, udt: m[2]!, nullable: m[3] === '?', hasDefault: /@default\(/.test(m[4]!), identity: false }];
  });
}

async function expectedTables(): Promise<Map<string, ExpectedColumn[]>> {
  const dmmf = await getDMMF({ datamodel: schemaText });
  if (!('datamodel' in dmmf)) throw new Error(`schema.prisma does not parse: ${dmmf.reason}`);
  const tables = new Map<string, ExpectedColumn[]>();
  for (const model of dmmf.datamodel.models) {
    const columns: ExpectedColumn[] = model.fields
      .filter((f) => f.kind === 'scalar' || f.kind === 'enum')
      .map((f) => {
        const native = f.nativeType?.[0];
        const args = f.nativeType?.[1] ?? [];
        const udt = udtOf(f.type, native);
        const autoincrement = typeof f.default === 'object' && f.default !== null && 'name' in f.default && f.default.name === 'autoincrement';
        return {
          column: f.dbName ?? f.name,
          udt: f.isList ? `_${udt}` : udt,
          nullable: !f.isRequired,
          ...(udt === 'numeric' && args.length === 2 ? { precision: [Number(args[0]), Number(args[1])] as [number, number] } : {}),
          hasDefault: f.hasDefaultValue && !autoincrement,
          identity: autoincrement,
        };
      });
    tables.set(model.dbName ?? model.name, [...columns, ...unsupportedFields(model.name)]);
  }
  return tables;
}

const tables = await expectedTables();
let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

async function actualColumns(table: string): Promise<ExpectedColumn[]> {
  const { rows } = await db.pool.query(
    `SELECT column_name, udt_name, is_nullable, numeric_precision, numeric_scale, column_default, is_identity
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  return rows.map((r) => ({
    column: r.column_name,
    udt: r.udt_name,
    nullable: r.is_nullable === 'YES',
    ...(r.udt_name === 'numeric' ? { precision: [r.numeric_precision, r.numeric_scale] as [number, number] } : {}),
    hasDefault: r.column_default !== null,
    identity: r.is_identity === 'YES',
  }));
}

const byColumn = (a: ExpectedColumn, b: ExpectedColumn) => a.column.localeCompare(b.column);

describe('schema.prisma ↔ migrated database', () => {
  it('has a model for every table of the database and a table for every model', async () => {
    const { rows } = await db.pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', 'spatial_ref_sys')`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual([...tables.keys()].sort());
  });

  for (const [table, expected] of tables) {
    it(`${table}: same columns, types, nullability and defaults`, async () => {
      expect((await actualColumns(table)).sort(byColumn)).toEqual([...expected].sort(byColumn));
    });
  }
});
