/**
 * Connections to PostgreSQL: a node-postgres pool for hand-written SQL and a Prisma client
 * (Prisma 7, driver adapter @prisma/adapter-pg) for typed queries.
 *
 * Values read through {@link createPool} follow the wire conventions of @tko/contract
 * (packages/contract/src/common/fields.ts): `numeric` stays a string ("1.100"), `date` stays
 * 'YYYY-MM-DD' (no time-zone shift through a JS Date), and `bigint` (e.g. `count(*)`) becomes a
 * number. The parsers are set per pool, not globally on `pg.types`.
 */
import pg from 'pg';
import type { PoolConfig } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

const OID = { int8: 20, numeric: 1700, date: 1082, textArray: 1009, int4Array: 1007, int8Array: 1016, numericArray: 1231, dateArray: 1182 } as const;

type Parser = (value: string) => unknown;
/** node-postgres' built-in parser of any OID (its TypeId type lists only scalar types). */
const builtin = pg.types.getTypeParser as unknown as (oid: number, format?: 'text' | 'binary') => Parser;
const keep = (value: string) => value;
const parseTextArray = builtin(OID.textArray);
const parseIntArray = builtin(OID.int4Array);

/** Type parsers of our pools; anything not listed falls back to node-postgres' defaults. */
export const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): Parser => {
    switch (oid) {
      case OID.int8: return (v: string) => Number.parseInt(v, 10);
      case OID.numeric: return keep;
      case OID.date: return keep;
      case OID.int8Array: return parseIntArray;
      case OID.numericArray: return parseTextArray;
      case OID.dateArray: return parseTextArray;
      default: return builtin(oid, format);
    }
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A pg Pool on `url` with the parsers above. Extra pool options (max, idleTimeoutMillis, ...)
 * may be passed; the caller ends the pool (`await pool.end()`).
 */
export function createPool(url: string, options: Omit<PoolConfig, 'connectionString' | 'types'> = {}): pg.Pool {
  return new pg.Pool({ ...options, connectionString: url, types: typeParsers });
}

/**
 * A Prisma client on `url` through @prisma/adapter-pg. Geometry columns are not visible to it
 * (Unsupported in schema.prisma): read and write them with `$queryRaw`/`$executeRaw`.
 * The caller disconnects it (`await prisma.$disconnect()`).
 */
export function createPrisma(url: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
}

export type { PrismaClient };
