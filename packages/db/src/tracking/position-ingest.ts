/**
 * The one position ingest (issue 10 §3, issue 21 §1) used by both ways positions arrive — the
 * Wialon IPS receiver (apps/tracker: a tracker's login IMEI) and the REST ingest (POST
 * /api/navctl/positions/: a vehicle id or an external identifier) — so both attribute a position
 * to the same vehicle and store and announce it the same way.
 *
 * Which vehicle an identifier is: `vehicle.external_identifier` equal to it (the Wialon unit id
 * of the vehicle card); when several cards carry it, the ACTIVE one, then the lowest id.
 * Storing: PositionStore (day partitions, one statement per batch, `vehicle.last_online_at` /
 * `last_position`); the rows stored now (not duplicates of a black box) are published on
 * NAVCTL_POSITIONS_TOPIC after the statement.
 */
import type { LivePosition } from '@tko/contract';
import { NAVCTL_POSITIONS_TOPIC } from '@tko/contract';
import type { Pool } from 'pg';
import type { EnvelopePublisher } from '../notifications/notify';
import { PositionStore } from './positions';
import type { PositionRow } from './positions';

/** The key of a stored position, as PositionStore.insert answers it. */
export const positionKey = (r: Pick<PositionRow, 'vehicle_id' | 'time'>): string => `${r.vehicle_id}@${r.time.getTime()}`;

export class PositionIngest {
  readonly store: PositionStore;

  constructor(
    private readonly pool: Pool,
    private readonly publisher: EnvelopePublisher | null,
    store?: PositionStore,
  ) {
    this.store = store ?? new PositionStore(pool);
  }

  /** The vehicle of each identifier found (rule above); identifiers of no vehicle are absent. */
  async vehiclesByIdentifier(identifiers: readonly string[]): Promise<Map<string, number>> {
    if (!identifiers.length) return new Map();
    const { rows } = await this.pool.query<{ external_identifier: string; id: number }>(
      `SELECT DISTINCT ON (external_identifier) external_identifier, id FROM vehicle
        WHERE external_identifier = ANY($1::text[])
        ORDER BY external_identifier, (status = 'ACTIVE') DESC, id`, [[...new Set(identifiers)]]);
    return new Map(rows.map((r) => [r.external_identifier, r.id]));
  }

  /** The ids among `ids` that are vehicles. */
  async existingVehicles(ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const { rows } = await this.pool.query<{ id: number }>('SELECT id FROM vehicle WHERE id = ANY($1::int[])', [[...new Set(ids)]]);
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Stores the rows (one statement) and publishes the ones stored now; returns their keys
   * ({@link positionKey}). Throws what PostgreSQL throws (nothing is published then).
   */
  async write(rows: readonly PositionRow[]): Promise<Set<string>> {
    const stored = await this.store.insert(rows);
    if (!stored.size || !this.publisher) return stored;
    const live: LivePosition[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const k = positionKey(r);
      if (!stored.has(k) || seen.has(k)) continue;
      seen.add(k);
      live.push({ vehicle_id: r.vehicle_id, time: r.time.toISOString(), lat: r.lat, lng: r.lng, speed: r.speed ?? null, course: r.course ?? null });
    }
    await this.publisher.publish({ destination: NAVCTL_POSITIONS_TOPIC, body: { positions: live } });
    return stored;
  }
}
