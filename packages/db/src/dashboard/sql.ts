/**
 * The statements that count the dashboard's numbers from the registries (issue 12 §2; the method
 * of each is written in docs/DECISIONS.md «Analytics: dashboard»). Each returns small grouped rows
 * (at most a few hundred), numbers as float8 / int4; compute.ts turns them into widget tables.
 * Run together in one REPEATABLE READ transaction by refreshDashboard (store.ts), so the widgets
 * agree with each other.
 */
import { SITE_MO, siteUnitJoins } from '../oktmo/site-unit';

/** Registry sizes: one row per registry group — `key`, `total`, `active` (null: the registry has no state). */
export const REGISTRY_COUNTS_SQL = `
SELECT 'waste_area:' || kind AS key, count(*)::int AS total, count(*) FILTER (WHERE status = 'ACTIVE')::int AS active FROM waste_area GROUP BY kind
UNION ALL SELECT 'waste_source', count(*)::int, NULL FROM waste_source
UNION ALL SELECT 'waste_dump', count(*)::int, count(*) FILTER (WHERE status IN ('DETECTED', 'LIQUIDATION'))::int FROM waste_dump
UNION ALL SELECT 'facility', count(*)::int, count(*) FILTER (WHERE status = 'ACTIVE')::int FROM waste_management_facility
UNION ALL SELECT 'legal_entity:' || kind, count(*)::int, NULL FROM legal_entity GROUP BY kind
UNION ALL SELECT 'administrative_unit', count(*)::int, NULL FROM administrative_unit`;

/** Open problems (closed_at IS NULL) by code, from H12a's `problem` table (h12-shared.md); run only when the table exists. */
export const PROBLEMS_BY_CODE_SQL = `SELECT code, count(*)::int AS count FROM problem WHERE closed_at IS NULL GROUP BY code ORDER BY code`;

/**
 * Sites, containers and their volume (m³) per waste-area kind, from the site's roll-ups
 * (count_containers, volume: kept equal to its container rows by every write of the pipeline).
 */
export const CONTAINERS_BY_KIND_SQL = `
SELECT kind, count(*)::int AS sites, coalesce(sum(count_containers), 0)::int AS containers, coalesce(round(sum(volume), 3), 0)::float8 AS volume
  FROM waste_area GROUP BY kind`;

/** The name keys and the settlement → formation table live in oktmo/name-key.ts (re-exported for the forecast). */
export { nameKey, SETTLEMENT_UNITS_SQL } from '../oktmo/name-key';

/**
 * Sites per ОКТМО municipal formation (district or city okrug, the 8-digit code «TER KOD1 000»),
 * each site placed by oktmo/site-unit.ts (its settlement's name among the section-2 units of the
 * loaded ОКТМО, else the loaded OSM boundary covering its point). Unplaced sites form the row with
 * code ''. `geom`: the GeoJSON of the formation's area on the choropleth — the union of its
 * level-6 boundaries when they are loaded, else the convex hull of its sites' coordinates widened
 * by 500 m; simplified to ~100 m, 5 decimals; null without either.
 */
export const SITES_BY_OKTMO_SQL = `
WITH g AS (
  SELECT coalesce(${SITE_MO}, '') AS code, count(*)::int AS sites, sum(w.count_containers)::int AS containers,
         round(sum(w.volume), 3)::float8 AS volume, ST_Collect(w.coordinates) AS pts
    FROM waste_area w ${siteUnitJoins('w')}
   GROUP BY 1
)
SELECT g.code, coalesce(a.name, CASE WHEN g.code = '' THEN 'ОКТМО не определено' ELSE g.code END) AS name, g.sites, g.containers, g.volume,
       CASE WHEN g.code = '' THEN NULL
            ELSE ST_AsGeoJSON(ST_SimplifyPreserveTopology(coalesce(
                   (SELECT ST_Union(b.geom) FROM osm.admin_boundary b WHERE b.admin_level = 6 AND b.oktmo = g.code),
                   CASE WHEN g.pts IS NOT NULL THEN ST_Buffer(ST_ConvexHull(g.pts)::geography, 500, 'quad_segs=4')::geometry END), 0.001), 5) END AS geom
  FROM g LEFT JOIN administrative_unit a ON a.code = g.code
 ORDER BY g.sites DESC, g.code`;

/**
 * Collection periodicity, grouped finely enough for the call's filters: per kind, status and
 * periodicity — sites, containers, volume (m³) and collections per year: DAILY 365,
 * EVERY_OTHER_DAY 365/2, PER_THREE_DAYS 365/3, ON_WEEKDAYS 52 × the weekdays, ON_DATES the dates,
 * ON_MONTHDAYS 12 × the month days, none 0 (spec 01 §3 «Periodicity»).
 */
export const PERIODICITY_SQL = `
SELECT kind, status, coalesce(periodicity, '') AS periodicity, count(*)::int AS sites, sum(count_containers)::int AS containers,
       round(sum(volume), 3)::float8 AS volume,
       round(sum(CASE periodicity WHEN 'DAILY' THEN 365 WHEN 'EVERY_OTHER_DAY' THEN 182.5 WHEN 'PER_THREE_DAYS' THEN 365.0 / 3
                     WHEN 'ON_WEEKDAYS' THEN 52 * cardinality(periodicity_on_weekdays) WHEN 'ON_DATES' THEN cardinality(periodicity_on_dates)
                     WHEN 'ON_MONTHDAYS' THEN 12 * cardinality(periodicity_on_monthdays) ELSE 0 END), 1)::float8 AS trips
  FROM waste_area GROUP BY 1, 2, 3`;

/** Annual normative accumulation of a source: normative_value × the unit's norm (kg/year, m³/year), as the card computes it. */
const SOURCE_NORMS = `
SELECT s.id, s.category, s.created_at, s.number_of_residents,
       s.normative_value * u.kg_per_unit_year AS kg, s.normative_value * u.m3_per_unit_year AS m3
  FROM waste_source s LEFT JOIN normative_unit u ON u.id = s.normative_unit_id`;

/**
 * Sources per category: count, linked to a site / not, residents, normative accumulation
 * (t/year, m³/year). Serves «Источники образования по категориям» and findin_waste_source.
 */
export const SOURCES_BY_CATEGORY_SQL = `
WITH n AS (${SOURCE_NORMS}), l AS (SELECT DISTINCT waste_source_id AS id FROM waste_source_waste_area)
SELECT n.category, count(*)::int AS sources, count(l.id)::int AS linked,
       coalesce(sum(n.number_of_residents), 0)::int AS residents,
       coalesce(round(sum(n.kg) / 1000, 3), 0)::float8 AS tonnes, coalesce(round(sum(n.m3), 3), 0)::float8 AS m3
  FROM n LEFT JOIN l ON l.id = n.id GROUP BY n.category`;

/**
 * Waste kept where it is stored or buried: facilities whose purpose is storing or disposing
 * (not INACTIVE) — objects, capacity, used and used last year (t); unauthorised dumps not yet
 * liquidated (DETECTED, LIQUIDATION) — objects, volume (m³), area (m²).
 */
export const STORAGE_SQL = `
SELECT 'facility:' || purpose AS key, count(*)::int AS objects, coalesce(round(sum(capacity), 3), 0)::float8 AS capacity,
       coalesce(round(sum(used), 3), 0)::float8 AS used, coalesce(round(sum(used_last_year), 3), 0)::float8 AS used_last_year,
       NULL::float8 AS volume, NULL::float8 AS area
  FROM waste_management_facility WHERE purpose IN ('STORING', 'DISPOSING') AND status <> 'INACTIVE' GROUP BY purpose
UNION ALL
SELECT 'dump:' || status, count(*)::int, NULL, NULL, NULL, coalesce(round(sum(volume), 3), 0)::float8, coalesce(round(sum(area), 2), 0)::float8
  FROM waste_dump WHERE status IN ('DETECTED', 'LIQUIDATION') GROUP BY status`;
