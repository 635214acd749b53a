/**
 * Which ОКТМО municipal formation a waste area is in (docs/ANALYTICS.md «Места накопления по границам
 * муниципальных образований (ОКТМО)»; the method of the dashboard's sites per ОКТМО, dashboard/sql.ts, of the
 * problems' `oktmo` and of their responsible):
 * 1. by name — the site's settlement (structured_address.settlement, else .city) matched to a
 *    section-2 unit of the loaded ОКТМО; the formation is that unit's district or city okrug, the
 *    8-digit code «TER KOD1 000». The recorded address wins: coordinates never overwrite it;
 * 2. else by coordinates — the loaded OSM boundary (osm.admin_boundary, matched to a formation by
 *    oktmo/boundaries.ts) that covers the site's point (ST_Covers), the settlement's (admin_level 8)
 *    before the district's (6).
 * A site found by neither has no formation: the dashboard's notice counts it (dashboard/oktmo-notice.ts).
 */
import { nameKey, SETTLEMENT_UNITS_SQL } from './name-key';

/** The settlement name of the waste area `w` as a key (null: the address names none). */
export const siteSettlementKey = (w: string) =>
  nameKey(`coalesce(nullif(btrim(${w}.structured_address->>'settlement'), ''), nullif(btrim(${w}.structured_address->>'city'), ''))`);

/** Settlement keys → formation codes (`key`, `mo`) as a subquery to join {@link siteSettlementKey} to (a hash join). */
export const UNITS_BY_KEY = `(${SETTLEMENT_UNITS_SQL})`;

/**
 * The joins that place the waste area `w` (its columns structured_address, coordinates): aliases
 * `u` (by name) and `ub` (by a boundary, looked up only when the name gave none). Read the result
 * with {@link SITE_MO}.
 */
export const siteUnitJoins = (w: string) => unitJoins(siteSettlementKey(w), `${w}.coordinates`);

/**
 * The same placement for any object: its settlement key (SQL, {@link nameKey} of a name) and its
 * point (SQL geometry, EPSG:4326; null: by name only). The forecast places waste sources so.
 */
export const unitJoins = (key: string, point: string) => `LEFT JOIN ${UNITS_BY_KEY} u ON u.key = ${key}
    LEFT JOIN LATERAL (SELECT b.oktmo AS mo FROM osm.admin_boundary b
                        WHERE u.mo IS NULL AND b.oktmo IS NOT NULL AND ST_Covers(b.geom, ${point})
                        ORDER BY b.admin_level DESC, b.osm_id LIMIT 1) ub ON true`;

/** The formation of the site placed by {@link siteUnitJoins} (8 digits, null: none). */
export const SITE_MO = 'coalesce(u.mo, ub.mo)';
