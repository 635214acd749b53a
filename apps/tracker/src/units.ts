/**
 * Which vehicle a tracker is: the domain's position ingest decides (@tko/db PositionIngest
 * .vehiclesByIdentifier: the login's IMEI / unit id equals `vehicle.external_identifier`, the
 * ACTIVE card first, then the lowest id — the REST ingest's rule too). Cached per process for
 * `ttlMs` (unknown ones too, so a misconfigured tracker reconnecting in a loop does not load the
 * database).
 */
import type { PositionIngest } from '@tko/db';

export function unitLookup(ingest: PositionIngest, ttlMs = 60_000): (imei: string) => Promise<number | null> {
  const cache = new Map<string, { id: number | null; until: number }>();
  return async (imei) => {
    const hit = cache.get(imei);
    if (hit && hit.until > Date.now()) return hit.id;
    const id = (await ingest.vehiclesByIdentifier([imei])).get(imei) ?? null;
    if (cache.size > 100_000) cache.clear();
    cache.set(imei, { id, until: Date.now() + ttlMs });
    return id;
  };
}
