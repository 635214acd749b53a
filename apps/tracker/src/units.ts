/**
 * Which vehicle a tracker is: the login's IMEI / unit id equals `vehicle.external_identifier`
 * (the Wialon unit id of the vehicle card). Cached per process for `ttlMs` (unknown ones too,
 * so a misconfigured tracker reconnecting in a loop does not load the database).
 */
import type { Pool } from 'pg';

export function unitLookup(pool: Pool, ttlMs = 60_000): (imei: string) => Promise<number | null> {
  const cache = new Map<string, { id: number | null; until: number }>();
  return async (imei) => {
    const hit = cache.get(imei);
    if (hit && hit.until > Date.now()) return hit.id;
    const { rows } = await pool.query<{ id: number }>(
      `SELECT id FROM vehicle WHERE external_identifier = $1 ORDER BY (status = 'ACTIVE') DESC, id LIMIT 1`, [imei]);
    const id = rows[0]?.id ?? null;
    if (cache.size > 100_000) cache.clear();
    cache.set(imei, { id, until: Date.now() + ttlMs });
    return id;
  };
}
