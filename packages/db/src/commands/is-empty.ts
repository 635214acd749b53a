/**
 * `pnpm --filter @tko/db is-empty`: exit code 0 when DATABASE_URL has no waste areas yet
 * (so a start script may import the demo data), 1 when it has some, 2 on an error
 * (no DATABASE_URL, no connection, database not migrated), so an error is never taken for
 * "empty".
 */
import type pg from 'pg';
import { createPool } from '../client';
import { databaseUrlFromEnv } from './cli';

let pool: pg.Pool | undefined;
try {
  pool = createPool(databaseUrlFromEnv());
  const { rows } = await pool.query<{ n: number }>('SELECT count(*) AS n FROM waste_area');
  const n = rows[0]?.n ?? 0;
  console.log(n === 0 ? 'Мест накопления нет: база пуста.' : `Мест накопления в базе: ${n}.`);
  process.exitCode = n === 0 ? 0 : 1;
} catch (err) {
  console.error(`Ошибка: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
} finally {
  await pool?.end();
}
