/**
 * Which facts of a waste area are known (unknown is not compliant: a rule fires only on a known
 * fact, and the unknown ones make one «неполные сведения» finding, P000).
 *
 * - A surveyed characteristic (access, platform_basement, fence, coverage_type, remoteness,
 *   has_cover) is known when its column is not NULL.
 * - A list (waste sources, owners, containers) is known when it has an item, or when somebody
 *   recorded it: a site typed by hand (not imported) — its card is the record; an imported site —
 *   when its import's file carried a column for it (import_file.column_mapping of an
 *   import_record) or a person's later update of the site names the field (change_log `after`).
 *   The Angarsk route plan (data_import_source `angarsk_route_plan_example2`, docs/DATA.md) has
 *   no such column, so an empty list there is unknown, not «none» (ПП РФ № 1039 п. 24: the
 *   registry holds the sources, owners and containers of a site — a gap of the registry).
 *
 * All SQL here is over an active site `w` of the waste_area table.
 */

/** The registries (resource names) of the five waste-area kinds: their history and import rows (SQL list). */
export const SITE_RESOURCES = `('container', 'special', 'collection', 'chamber', 'bulk')`;

/** The site came from an import (a source key, or a system import's create). */
const imported = `(w.data_import_source IS NOT NULL OR EXISTS (SELECT 1 FROM import_record r
    WHERE r.registry IN ${SITE_RESOURCES} AND r.record_id = w.id AND r.action = 'create'))`;

/** Somebody recorded the list field `field` (wire key) of the site, even as empty. */
export function listRecorded(field: string): string {
  return `(NOT ${imported}
    OR EXISTS (SELECT 1 FROM import_record r JOIN import_file f ON f.id = r.import_file_id
                WHERE r.registry IN ${SITE_RESOURCES} AND r.record_id = w.id
                  AND EXISTS (SELECT 1 FROM jsonb_each_text(f.column_mapping) m WHERE m.value = '${field}'))
    OR EXISTS (SELECT 1 FROM change_log c WHERE c.resource IN ${SITE_RESOURCES} AND c.object_id = w.id
                AND c.action = 'update' AND c.after ? '${field}'))`;
}

/** One required fact: its Russian name in the finding, the kinds it applies to, and when it is known. */
export interface SiteFact {
  name: string;
  kinds: readonly string[] | null;
  known: string;
}

const OUTDOOR = ['CONTAINER', 'SPECIALA', 'COLLECTION', 'BULK'] as const;

export const sourcesLinked = `EXISTS (SELECT 1 FROM waste_source_waste_area l WHERE l.waste_area_id = w.id)`;
export const ownersLinked = `EXISTS (SELECT 1 FROM waste_area_owner o WHERE o.waste_area_id = w.id)`;
export const containersPresent = `EXISTS (SELECT 1 FROM waste_area_container c WHERE c.waste_area_id = w.id)`;

/**
 * The facts the rules P001–P016, P019 need (coordinates and periodicity have their own codes,
 * P018, P020). Order = the order they are named in the finding.
 */
export const SITE_FACTS: readonly SiteFact[] = [
  { name: 'подъезд', kinds: null, known: `w.access IS NOT NULL` },
  { name: 'основание', kinds: OUTDOOR, known: `w.platform_basement IS NOT NULL` },
  { name: 'ограждение', kinds: OUTDOOR, known: `w.fence IS NOT NULL` },
  { name: 'покрытие', kinds: OUTDOOR, known: `w.coverage_type IS NOT NULL` },
  { name: 'удалённость от жилых домов', kinds: OUTDOOR, known: `w.remoteness IS NOT NULL` },
  { name: 'навес', kinds: ['CONTAINER'], known: `(w.type IS DISTINCT FROM 'OPENED' OR w.has_cover IS NOT NULL)` },
  { name: 'источники образования отходов', kinds: null, known: `(${sourcesLinked} OR ${listRecorded('waste_sources')})` },
  { name: 'собственники', kinds: null, known: `(${ownersLinked} OR ${listRecorded('owners')})` },
  { name: 'контейнеры', kinds: ['CONTAINER'], known: `(${containersPresent} OR ${listRecorded('containers')})` },
];

/** 1 when the fact applies to the site and is unknown, else 0. */
const missing = (f: SiteFact) =>
  `(CASE WHEN ${f.kinds ? `w.kind IN (${f.kinds.map((k) => `'${k}'`).join(', ')}) AND ` : ''}NOT ${f.known} THEN 1 ELSE 0 END)`;
const applies = (f: SiteFact) => (f.kinds ? `(CASE WHEN w.kind IN (${f.kinds.map((k) => `'${k}'`).join(', ')}) THEN 1 ELSE 0 END)` : '1');

/** Facts of the site that are unknown, joined by commas (empty string: none). */
export const missingFactsSql = `concat_ws(', ', ${SITE_FACTS.map((f) => `CASE WHEN ${missing(f)} = 1 THEN '${f.name}' END`).join(', ')})`;
/** Number of unknown facts that apply to the site. */
export const missingCountSql = SITE_FACTS.map(missing).join(' + ');
/** Number of facts that apply to the site. */
export const requiredCountSql = SITE_FACTS.map(applies).join(' + ');
