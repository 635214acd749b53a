/**
 * The OSM administrative boundaries of the region (osm.admin_boundary, admin_level 6 and 8, loaded
 * by the region loader) matched to the loaded ОКТМО units (docs/ANALYTICS.md
 * «Места накопления по границам муниципальных образований (ОКТМО)»). Each boundary gets the 8-digit municipal
 * formation «TER KOD1 000» it belongs to (`oktmo`) and how it was found (`matched_by`):
 * 1. `tag` — the relation's ОКТМО tag (`oktmo:user`, `ref:oktmo`, `oktmo`; digits of 8 or 11) when
 *    the formation of that code is loaded (section 1). `ref:okato` is not used: ОКАТО is another
 *    classifier and the Rosstat ОКТМО file carries no ОКАТО key to map it;
 * 2. `name` — else its name, less the words of the unit type («муниципальный район», «городской
 *    округ», «сельское поселение», «город», …), equal to the name of exactly one section-1 unit so
 *    reduced: a level-6 boundary among the formations (KOD2 = 000), a level-8 one among all
 *    section-1 units within the formation of the level-6 boundary that holds it (when there is
 *    one); several formations with that name leave it unmatched.
 * Boundaries left unmatched keep `oktmo` NULL (counted by {@link boundaryCoverage}).
 * Run before the places are read (the detector's run, the dashboard's refresh, an ОКТМО import,
 * a region load): a few hundred rows; only changed rows are written.
 */
import type { Pool, PoolClient } from 'pg';

/** The type words removed before a boundary's or a unit's name is compared (lower case, ё → е). */
const TYPE_WORDS = String.raw`(муниципальн\S*|образовани\S*|городск\S*|сельск\S*|поселени\S*|округ\S*|район\S*|город|г|сельсовет|поссовет|рабоч\S*|поселок|пгт|рп|мо|внутригородск\S*|территори\S*)`;

/** SQL: the comparable key of the name `expr` (lower case, ё → е, without type words, quotes and punctuation). */
export const boundaryNameKey = (expr: string) => `nullif(btrim(regexp_replace(regexp_replace(
    regexp_replace(lower(replace(${expr}, 'ё', 'е')), '[^а-яa-z0-9 -]+', ' ', 'g'),
    '(^|\\s)${TYPE_WORDS}(?=\\s|$)', ' ', 'g'), '\\s+', ' ', 'g')), '')`;

/** The match of every boundary: rows osm_id, oktmo (8 digits or null), matched_by. */
export const BOUNDARY_MATCH_SQL = `
WITH units AS MATERIALIZED (
  SELECT code, ${boundaryNameKey('name')} AS k, substr(code, 6, 3) = '000' AS formation
    FROM administrative_unit WHERE section = 1 AND code ~ '^[0-9]{8}$' AND substr(code, 3, 3) <> '000'
), b AS MATERIALIZED (
  SELECT osm_id, admin_level, geom, ${boundaryNameKey('name')} AS k,
         CASE WHEN length(regexp_replace(coalesce(oktmo_tag, ''), '\\D', '', 'g')) IN (8, 11)
              THEN left(regexp_replace(oktmo_tag, '\\D', '', 'g'), 5) || '000' END AS tag_mo
    FROM osm.admin_boundary
), tagged AS (
  SELECT b.osm_id, b.tag_mo AS mo FROM b WHERE EXISTS (SELECT 1 FROM units u WHERE u.code = b.tag_mo AND u.formation)
), l6 AS (
  SELECT b.osm_id, b.geom, coalesce(t.mo, (SELECT min(u.code) FROM units u WHERE u.formation AND u.k = b.k HAVING count(*) = 1)) AS mo,
         CASE WHEN t.mo IS NOT NULL THEN 'tag' ELSE 'name' END AS how
    FROM b LEFT JOIN tagged t ON t.osm_id = b.osm_id WHERE b.admin_level = 6
), l8 AS (
  SELECT b.osm_id,
         coalesce(t.mo, (SELECT min(left(u.code, 5)) || '000' FROM units u
                          WHERE u.k = b.k AND (p.mo IS NULL OR left(u.code, 5) = left(p.mo, 5))
                         HAVING count(DISTINCT left(u.code, 5)) = 1)) AS mo,
         CASE WHEN t.mo IS NOT NULL THEN 'tag' ELSE 'name' END AS how
    FROM b LEFT JOIN tagged t ON t.osm_id = b.osm_id
    LEFT JOIN LATERAL (SELECT l6.mo FROM l6 WHERE l6.mo IS NOT NULL AND ST_Covers(l6.geom, ST_PointOnSurface(b.geom))
                        ORDER BY ST_Area(l6.geom) LIMIT 1) p ON true
   WHERE b.admin_level = 8
)
SELECT osm_id, mo AS oktmo, CASE WHEN mo IS NULL THEN NULL ELSE how END AS matched_by FROM l6
UNION ALL SELECT osm_id, mo, CASE WHEN mo IS NULL THEN NULL ELSE how END FROM l8`;

/** Writes the match of every boundary (rules above); answers how many rows changed. */
export async function matchAdminBoundaries(db: Pool | PoolClient): Promise<number> {
  const r = await db.query(`UPDATE osm.admin_boundary a SET oktmo = m.oktmo, matched_by = m.matched_by
      FROM (${BOUNDARY_MATCH_SQL}) m
     WHERE m.osm_id = a.osm_id AND (a.oktmo, a.matched_by) IS DISTINCT FROM (m.oktmo, m.matched_by)`);
  return r.rowCount ?? 0;
}

/** How many boundaries are loaded and how many of them are matched to a formation. */
export interface BoundaryCoverage { loaded: number; matched: number }

/** The loaded boundaries and the matched ones (after {@link matchAdminBoundaries}). */
export async function boundaryCoverage(db: Pool | PoolClient): Promise<BoundaryCoverage> {
  const { rows } = await db.query<BoundaryCoverage>(
    'SELECT count(*)::int AS loaded, count(oktmo)::int AS matched FROM osm.admin_boundary');
  return rows[0]!;
}
