/**
 * The one row of `system_settings` (spec 03 "System settings") through raw SQL: the centre is
 * geometry(Point, 4326) ↔ `{lat, lng}` with 6 decimals; the date stays `YYYY-MM-DD`.
 */
import type { Pool } from 'pg';
import type { SystemSettings } from '@tko/contract';

const SELECT = `SELECT region,
  CASE WHEN center_coordinates IS NULL THEN NULL ELSE json_build_object(
    'lat', round(ST_Y(center_coordinates)::numeric, 6)::float8, 'lng', round(ST_X(center_coordinates)::numeric, 6)::float8) END AS center_coordinates,
  map_zoom, map_zoom_mini, to_char(route_periodicity_from, 'YYYY-MM-DD') AS route_periodicity_from, radius_filter
  FROM system_settings WHERE id = 1`;

/** Column of each settings field, with the SQL placeholder that writes it. */
const WRITERS: Record<keyof SystemSettings, (p: string) => string> = {
  region: (p) => `region = ${p}`,
  center_coordinates: (p) => `center_coordinates = CASE WHEN ${p}::jsonb IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint((${p}::jsonb->>'lng')::float8, (${p}::jsonb->>'lat')::float8), 4326) END`,
  map_zoom: (p) => `map_zoom = ${p}`,
  map_zoom_mini: (p) => `map_zoom_mini = ${p}`,
  route_periodicity_from: (p) => `route_periodicity_from = ${p}::date`,
  radius_filter: (p) => `radius_filter = ${p}`,
};

export class SystemSettingsRepository {
  constructor(private readonly pool: Pool) {}

  /** The settings; all null when the row is missing (a database restored without it). */
  async get(): Promise<SystemSettings> {
    const { rows } = await this.pool.query<SystemSettings>(SELECT);
    return rows[0] ?? { region: null, center_coordinates: null, map_zoom: null, map_zoom_mini: null, route_periodicity_from: null, radius_filter: null };
  }

  /** Sets the given fields (others kept), creating the row if needed; returns the new settings. */
  async update(patch: Partial<SystemSettings>): Promise<SystemSettings> {
    const keys = (Object.keys(patch) as (keyof SystemSettings)[]).filter((k) => k in WRITERS && patch[k] !== undefined);
    const values = keys.map((k) => (k === 'center_coordinates' ? (patch[k] ? JSON.stringify(patch[k]) : null) : patch[k]));
    const sets = keys.map((k, i) => WRITERS[k](`$${i + 1}`));
    await this.pool.query('INSERT INTO system_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
    await this.pool.query(`UPDATE system_settings SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = 1`, values);
    return this.get();
  }
}
