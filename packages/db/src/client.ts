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

/** Called with a connection error that no query is waiting for (see createPool). */
export type PoolErrorHandler = (error: Error) => void;

const logPoolError: PoolErrorHandler = (error) => console.error(`postgres: connection lost (${error.message}); the pool reconnects on the next query`);

/**
 * A pg Pool on `url` with the parsers above. Extra pool options (max, idleTimeoutMillis, ...)
 * may be passed; the caller ends the pool (`await pool.end()`).
 *
 * Survives the database going away (issue 8 §1): an error of an idle connection (the pool's
 * 'error' event) and of a checked-out connection between two queries (the client's 'error'
 * event, which node-postgres leaves unhandled while a client is checked out) go to `onError`
 * (default: one line on stderr) instead of killing the process. The broken client is dropped
 * on release and the next checkout opens a new connection. A connect gives up after
 * `connectionTimeoutMillis` (default 5 000 ms) instead of waiting for ever; TCP keep-alive finds
 * dead peers.
 */
export function createPool(url: string, options: Omit<PoolConfig, 'connectionString' | 'types'> & { onError?: PoolErrorHandler } = {}): pg.Pool {
  const { onError = logPoolError, ...poolOptions } = options;
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, keepAlive: true, ...poolOptions, connectionString: url, types: typeParsers });
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onError(error));
  });
  return pool;
}

/**
 * A Prisma client on `url` through @prisma/adapter-pg. Geometry columns are not visible to it
 * (Unsupported in schema.prisma): read and write them with `$queryRaw`/`$executeRaw`.
 * The caller disconnects it (`await prisma.$disconnect()`). Connection errors go to `onError`
 * (default: one line on stderr), never crash the process; see createPool.
 */
export function createPrisma(url: string, onError: PoolErrorHandler = logPoolError): PrismaClient {
  // The adapter's own pool; its idle and transaction connections report errors here.
  const adapter = new PrismaPg({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true }, { onPoolError: onError, onConnectionError: onError });
  return new PrismaClient({ adapter });
}

export type { PrismaClient };
