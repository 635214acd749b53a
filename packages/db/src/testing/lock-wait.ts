/**
 * Deterministic interleaving of two real transactions in a test: the second one is started, then
 * the test waits until PostgreSQL reports it blocked by the first (pg_blocking_pids) before the
 * first commits — the marker that it waits on the lock, never a sleep.
 */
import type { Pool, PoolClient } from 'pg';

/** The backend process id of a connection (pg_backend_pid()). */
export async function backendPid(db: PoolClient): Promise<number> {
  return (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
}

/**
 * Resolves with the query texts of the backends blocked by backend `pid` once there are `count` of
 * them (polled on `pool` every 20 ms); throws after `timeoutMs` (generous: the machine is loaded).
 */
export async function blockedBy(pool: Pool, pid: number, count = 1, timeoutMs = 60_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid)) ORDER BY query`, [pid]);
    if (rows.length >= count) return rows.map((r) => r.query);
    if (Date.now() > until) throw new Error(`${rows.length} of ${count} backends blocked by ${pid} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
