/**
 * The one row of `system_settings` (spec 03 "System settings") through raw SQL: the centre is
 * geometry(Point, 4326) ↔ `{lat, lng}` with 6 decimals; the date stays `YYYY-MM-DD`.
 */
import type { Pool } from 'pg';
import type { SystemSettings } from '@tko/contract';
import { appealTerms } from '@tko/contract';

const SELECT = `SELECT region,
  CASE WHEN center_coordinates IS NULL THEN NULL ELSE json_build_object(
    'lat', round(ST_Y(center_coordinates)::numeric, 6)::float8, 'lng', round(ST_X(center_coordinates)::numeric, 6)::float8) END AS center_coordinates,
  map_zoom, map_zoom_mini, to_char(route_periodicity_from, 'YYYY-MM-DD') AS route_periodicity_from, radius_filter,
  forecast_base_year, forecast_growth, environmental_charge_rate::float8 AS environmental_charge_rate,
  warm_season_from, warm_season_to, appeal_terms, map_style_url
  FROM system_settings WHERE id = 1`;

/** Column of each settings field, with the SQL placeholder that writes it. */
const WRITERS: Record<keyof SystemSettings, (p: string) => string> = {
  region: (p) => `region = ${p}`,
  center_coordinates: (p) => `center_coordinates = CASE WHEN ${p}::jsonb IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint((${p}::jsonb->>'lng')::float8, (${p}::jsonb->>'lat')::float8), 4326) END`,
  map_zoom: (p) => `map_zoom = ${p}`,
  map_zoom_mini: (p) => `map_zoom_mini = ${p}`,
  route_periodicity_from: (p) => `route_periodicity_from = ${p}::date`,
  radius_filter: (p) => `radius_filter = ${p}`,
  forecast_base_year: (p) => `forecast_base_year = ${p}`,
  forecast_growth: (p) => `forecast_growth = ${p}::jsonb`,
  environmental_charge_rate: (p) => `environmental_charge_rate = ${p}`,
  warm_season_from: (p) => `warm_season_from = ${p}`,
  warm_season_to: (p) => `warm_season_to = ${p}`,
  map_style_url: (p) => `map_style_url = ${p}`,
  // Merged by category: the named ones replace theirs, the others stay.
  appeal_terms: (p) => `appeal_terms = (SELECT coalesce(jsonb_agg(t), '[]'::jsonb) FROM (SELECT o FROM jsonb_array_elements(appeal_terms) o WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${p}::jsonb) n WHERE n->>'category' = o->>'category') UNION ALL SELECT n FROM jsonb_array_elements(${p}::jsonb) n) x(t))`,
};

/**
 * First start (issue 14 §4): while the row was never saved (updated_at = created_at) and has no
 * centre, the centre, map_zoom and map_zoom_mini come from the extent of the loaded sites and
 * facilities — the bbox centre; the zoom at which the bbox fits about 1 440 × 720 px
 * (256-px tiles: 360°/2^z per tile), 2–14; the cards' small maps 3 levels closer (≤ 17).
 * Nothing happens without data; once set (or saved by an administrator) never again.
 */
const INIT_FROM_DATA = `UPDATE system_settings s SET
    center_coordinates = ST_SetSRID(ST_MakePoint(round(((x.w + x.e) / 2)::numeric, 6)::float8, round(((x.s + x.n) / 2)::numeric, 6)::float8), 4326),
    map_zoom = x.z, map_zoom_mini = least(x.z + 3, 17), updated_at = now()
  FROM (SELECT w, s, e, n, greatest(2, least(14, floor(least(log(2::numeric, (1440 / greatest(e - w, 0.001))::numeric), log(2::numeric, (720 / greatest(n - s, 0.001))::numeric)))))::int AS z
          FROM (SELECT ST_XMin(b) AS w, ST_YMin(b) AS s, ST_XMax(b) AS e, ST_YMax(b) AS n FROM (
            SELECT ST_Extent(g) AS b FROM (
              SELECT coordinates AS g FROM waste_area WHERE coordinates IS NOT NULL
              UNION ALL SELECT coordinates FROM waste_management_facility WHERE coordinates IS NOT NULL) q) y) bb WHERE w IS NOT NULL) x
  WHERE s.id = 1 AND s.center_coordinates IS NULL AND s.map_zoom IS NULL AND s.updated_at = s.created_at`;

export class SystemSettingsRepository {
  constructor(private readonly pool: Pool) {}

  /** The settings; all null when the row is missing (a database restored without it). */
  async get(): Promise<SystemSettings> {
    let { rows } = await this.pool.query<SystemSettings>(SELECT);
    if (rows[0] && rows[0].center_coordinates === null && rows[0].map_zoom === null) {
      const set = await this.pool.query(INIT_FROM_DATA);
      if (set.rowCount) rows = (await this.pool.query<SystemSettings>(SELECT)).rows;
    }
    if (rows[0]) return { ...rows[0], appeal_terms: appealTerms(rows[0].appeal_terms) };
    return { region: null, center_coordinates: null, map_zoom: null, map_zoom_mini: null, route_periodicity_from: null, radius_filter: null,
      forecast_base_year: null, forecast_growth: [], environmental_charge_rate: null,
      // The column defaults (migration 20261128130100_warm_season: Irkutsk oblast).
      warm_season_from: '05-01', warm_season_to: '09-30', appeal_terms: appealTerms([]), map_style_url: null };
  }

  /** Sets the given fields (others kept), creating the row if needed; returns the new settings. */
  async update(patch: Partial<SystemSettings>): Promise<SystemSettings> {
    const keys = (Object.keys(patch) as (keyof SystemSettings)[]).filter((k) => k in WRITERS && patch[k] !== undefined);
    const values = keys.map((k) => (k === 'center_coordinates' || k === 'forecast_growth' || k === 'appeal_terms' ? (patch[k] ? JSON.stringify(patch[k]) : null) : patch[k]));
    const sets = keys.map((k, i) => WRITERS[k](`$${i + 1}`));
    await this.pool.query('INSERT INTO system_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING');
    await this.pool.query(`UPDATE system_settings SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = 1`, values);
    return this.get();
  }
}
