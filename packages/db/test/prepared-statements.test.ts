/**
 * createPool names a parameterized text it has seen three times (issue 8 §8, client.ts
 * nameRepeatedStatements): from the third call the connection holds it as a prepared statement
 * (pg_prepared_statements), answers stay the same (our type parsers included), plain texts and
 * checked-out clients are untouched, and an idle-connection error is handled, not thrown.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { createPool } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
let pool: Pool;
const errors: Error[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 1, onError: (e) => errors.push(e) });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const prepared = async () => (await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r) => r.name);

describe('named statements', () => {
  it('prepares a parameterized text from its third call; the answers keep the wire conventions', async () => {
    const text = 'SELECT count(*) AS n, $1::numeric(14, 3) AS dec, $2::date AS day FROM generate_series(1, $3::int)';
    const name = `tko_${createHash('sha1').update(text).digest('hex')}`;
    for (let i = 1; i <= 5; i++) {
      const { rows } = await pool.query(text, ['1.1', '2026-03-01', i]);
      expect(rows[0]).toEqual({ n: i, dec: '1.100', day: '2026-03-01' });
      expect((await prepared()).includes(name)).toBe(i >= 3);
    }
    await pool.query('SELECT 1 AS one'); // a plain text is never prepared
    expect(await prepared()).toEqual([name]);
  });

  it('survives the connection being terminated (a new one prepares again)', async () => {
    const text = 'SELECT $1::int + 1 AS v';
    for (let i = 0; i < 3; i++) await pool.query(text, [i]);
    const other = createPool(db.url, { max: 1 });
    try {
      await other.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    } finally {
      await other.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(errors.length).toBeGreaterThan(0); // reported to onError, not thrown
    const { rows } = await pool.query(text, [41]);
    expect(rows[0]).toEqual({ v: 42 });
  });
});
