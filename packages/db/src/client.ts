/**
 * Connections to PostgreSQL: a node-postgres pool for hand-written SQL and a Prisma client
 * (Prisma 7, driver adapter @prisma/adapter-pg) for typed queries.
 *
 * Values read through {@link createPool} follow the wire conventions of @tko/contract
 * (packages/contract/src/common/fields.ts): `numeric` stays a string ("1.100"), `date` stays
 * 'YYYY-MM-DD' (no time-zone shift through a JS Date), and `bigint` (e.g. `count(*)`) becomes a
 * number. The parsers are set per pool, not globally on `pg.types`.
 */
import { createHash } from 'node:crypto';
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

/** A parameterized text seen this often by one pool becomes a named (prepared) statement. */
const PREPARE_AFTER = 3;
/** At most this many named statements per pool (each connection prepares each at most once). */
const MAX_NAMED_STATEMENTS = 100;

/**
 * Makes `pool.query(text, values)` use a named prepared statement for a parameterized text it has
 * seen PREPARE_AFTER times (issue 8 §8): PostgreSQL then parses it once per connection and, after
 * five executions, keeps a generic plan when it is no worse than the custom ones, instead of
 * planning the statement on every call — planning was most of the database's CPU on a list page
 * (bench/RESULTS.md run 4). Only `(text, values)` calls are named (a parameterized query is a single
 * statement; plain texts may hold several); at most MAX_NAMED_STATEMENTS texts per pool, the rest are
 * sent as before, so server memory stays bounded. The name is a hash of the text, so a connection
 * never sees one name with two texts. Clients taken with `pool.connect()` are not affected.
 */
function nameRepeatedStatements(pool: pg.Pool): void {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      let name = names.get(text);
      if (!name && names.size < MAX_NAMED_STATEMENTS) {
        const count = (seen.get(text) ?? 0) + 1;
        if (count >= PREPARE_AFTER) {
          name = `tko_${createHash('sha1').update(text).digest('hex')}`;
          names.set(text, name);
          seen.delete(text);
        } else if (seen.size < 10 * MAX_NAMED_STATEMENTS) {
          seen.set(text, count);
        }
      }
      if (name) return query({ name, text, values }, callback);
    }
    return query(text, values, callback);
  }) as typeof pool.query;
}

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
  nameRepeatedStatements(pool);
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
