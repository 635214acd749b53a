/**
 * What an incremental run of the problem detector re-checks (issue 27 §1: «the detector re-checks
 * only objects changed since its last run»). Two parts:
 *
 * - **The state key** (`STATE_SQL`): an md5 of what every object's findings depend on — the
 *   rules' SQL texts, today's removal limit of the season (СанПиН 2.1.3684-21 п. 11: 1 or 3 days),
 *   whether the registry keeps contracts at all, and the loaded ОКТМО units (names, codes and
 *   heads: every site's ОКТМО and municipality) and the loaded OSM boundaries with their ОКТМО match
 *   (a site without a unit by name is placed by them, oktmo/site-unit.ts). A key different from
 *   the base run's → a full run.
 * - **The changed objects** (`SCOPE_SQL`): per problem object type, the ids whose findings may
 *   differ from the base run's, read from the registry history (change_log rows after the base
 *   run's watermark — or written within {@link SCOPE_MARGIN} before its start, for a transaction
 *   that was open across it: change_log.created_at is its transaction's start) and from the
 *   calendar (what today crossed since the base run's day):
 *   - sites: their own history (facts, containers, owners, sources — children and links are
 *     recorded under the site); sites stamped `last_update_at` after the base run (writes that
 *     bypass the history); sites linked now or before to a changed waste source, and sites within
 *     120 m of its position now or before (P015 nearest dwelling); sites named now or before by a
 *     changed contract or by a contract whose term began or ended since the base run's day (P017,
 *     the responsible); sites whose management organisation or owner is a changed organisation
 *     (the responsible's name);
 *   - waste sources (P101): changed ones, those linked before or after to a changed site, those of
 *     a changed organisation;
 *   - contracts (P201): changed ones, those whose term ended since, and every contract of a
 *     customer any of these has or had (the «renewed» test looks at the customer's other contracts);
 *   - premises owners (P401): changed organisations and the customers (now and before) of the
 *     contracts above;
 *   - dumps (P301): changed ones and those whose liquidation deadline came since.
 *   A deleted object is in the scope by its `delete` history row: the rules find nothing for it,
 *   and its open problems close.
 *
 * Parameters of SCOPE_SQL: $1 the base run's watermark (change_log id), $2 the base run's start
 * (timestamptz), $3 this run's watermark, $4 the base run's day (date).
 */
import { allowedPause } from './rules/waste-area-rules';
import { contractsKept } from './rules/contract-sql';
import { SITE_RESOURCES } from './rules/site-facts';

/** How far before the base run's start history rows are read again (a long transaction's rows carry its start). */
export const SCOPE_MARGIN = '10 minutes';

/** The registries of organisations (legal_entity rows). */
const ORGS = `('juridical-person', 'individual-entrepreneur', 'natural-person')`;

/**
 * Today's state every object depends on, and this run's watermark and day. $1: the rules' hash.
 * Answers state_key text, change_log_id bigint (text), day date.
 */
export const STATE_SQL = `SELECT md5(concat_ws('|', $1::text, (${allowedPause})::text, (${contractsKept})::text,
      (SELECT md5(coalesce(string_agg(concat_ws(',', a.code, a.name, a.head, a.section), ';' ORDER BY a.id), '')) FROM administrative_unit a),
      (SELECT md5(coalesce(string_agg(b.osm_id || ':' || coalesce(b.oktmo, ''), ';' ORDER BY b.osm_id), '')) FROM osm.admin_boundary b))) AS state_key,
    (SELECT coalesce(max(id), 0) FROM change_log)::text AS change_log_id, current_date AS day`;

/** The ids in the value of `key` of the jsonb `x` (a ref {id, name}, a list of refs, or plain ids), as rows `v`. */
const idsIn = (x: string, key: string, idKey = 'id') =>
  `(SELECT CASE jsonb_typeof(e) WHEN 'object' THEN (e->>'${idKey}')::int WHEN 'number' THEN (e#>>'{}')::int END AS v
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${x}->'${key}') = 'array' THEN ${x}->'${key}'
                                     WHEN ${x}->'${key}' IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(${x}->'${key}') END) e)`;

/** Objects to re-check: rows (object_type, object_id). */
export const SCOPE_SQL = `WITH ch AS MATERIALIZED (
    SELECT c.resource, c.object_id, c.before, c.after FROM change_log c
     WHERE (c.id > $1 OR c.created_at > $2::timestamptz - interval '${SCOPE_MARGIN}') AND c.id <= $3
       AND (c.resource IN ${SITE_RESOURCES} OR c.resource IN ${ORGS} OR c.resource IN ('waste-sources', 'contracts', 'waste-dumps'))),
  sides AS MATERIALIZED (SELECT ch.resource, ch.object_id, v.x FROM ch, LATERAL (VALUES (ch.before), (ch.after)) v(x) WHERE v.x IS NOT NULL),
  src AS MATERIALIZED (SELECT object_id AS id FROM ch WHERE resource = 'waste-sources'),
  con AS MATERIALIZED (
    SELECT object_id AS id FROM ch WHERE resource = 'contracts'
    UNION SELECT k.id FROM contract k
     WHERE $4::date < current_date AND k.revision_status = 'APPROVED'
       AND ((coalesce(k.effective_date, k.signing_date) > $4::date AND coalesce(k.effective_date, k.signing_date) <= current_date)
         OR (k.termination_date >= $4::date AND k.termination_date < current_date))),
  ent AS MATERIALIZED (
    SELECT object_id AS id FROM ch WHERE resource IN ${ORGS}
    UNION SELECT i.v FROM sides s, LATERAL ${idsIn('s.x', 'customer')} i WHERE s.resource = 'contracts'
    UNION SELECT k.customer_id FROM contract k WHERE k.id IN (SELECT id FROM con)),
  src_points AS (
    SELECT s.coordinates AS p FROM waste_source s WHERE s.id IN (SELECT id FROM src) AND s.coordinates IS NOT NULL
    UNION ALL SELECT ST_SetSRID(ST_MakePoint((s.x->'coordinates'->>'lng')::float8, (s.x->'coordinates'->>'lat')::float8), 4326)
      FROM sides s WHERE s.resource = 'waste-sources' AND jsonb_typeof(s.x->'coordinates') = 'object'),
  sites AS (
    SELECT object_id AS id FROM ch WHERE resource IN ${SITE_RESOURCES}
    UNION SELECT w.id FROM waste_area w WHERE w.kind IN ('CONTAINER', 'SPECIALA', 'COLLECTION', 'CHAMBER', 'BULK')
       AND w.last_update_at > $2::timestamptz - interval '${SCOPE_MARGIN}'
    UNION SELECT l.waste_area_id FROM waste_source_waste_area l WHERE l.waste_source_id IN (SELECT id FROM src)
    UNION SELECT i.v FROM sides s, LATERAL ${idsIn('s.x', 'waste_areas')} i WHERE s.resource = 'waste-sources'
    UNION SELECT w.id FROM src_points p JOIN waste_area w
       ON w.coordinates && ST_Expand(p.p, 0.005) AND ST_DWithin(w.coordinates::geography, p.p::geography, 120)
    UNION SELECT cw.waste_area_id FROM contract_waste_area cw WHERE cw.contract_id IN (SELECT id FROM con)
    UNION SELECT i.v FROM sides s, LATERAL ${idsIn('s.x', 'waste_areas', 'waste_area')} i WHERE s.resource = 'contracts'
    UNION SELECT w.id FROM waste_area w WHERE w.management_organization_id IN (SELECT id FROM ent)
    UNION SELECT o.waste_area_id FROM waste_area_owner o WHERE o.legal_entity_id IN (SELECT id FROM ent)),
  sources AS (
    SELECT id FROM src
    UNION SELECT i.v FROM sides s, LATERAL ${idsIn('s.x', 'waste_sources')} i WHERE s.resource IN ${SITE_RESOURCES}
    UNION SELECT so.waste_source_id FROM waste_source_organization so WHERE so.legal_entity_id IN (SELECT id FROM ent)),
  contracts AS (
    SELECT id FROM con
    UNION SELECT k.id FROM contract k WHERE k.customer_id IN (SELECT id FROM ent)),
  dumps AS (
    SELECT object_id AS id FROM ch WHERE resource = 'waste-dumps'
    UNION SELECT d.id FROM waste_dump d
     WHERE $4::date < current_date AND upper(d.liquidation_period) > $4::date AND upper(d.liquidation_period) <= current_date)
  SELECT 'WASTE_AREA' AS object_type, id AS object_id FROM sites WHERE id IS NOT NULL
  UNION ALL SELECT 'WASTE_SOURCE', id FROM sources WHERE id IS NOT NULL
  UNION ALL SELECT 'CONTRACT', id FROM contracts WHERE id IS NOT NULL
  UNION ALL SELECT 'LEGAL_ENTITY', id FROM ent WHERE id IS NOT NULL
  UNION ALL SELECT 'WASTE_DUMP', id FROM dumps WHERE id IS NOT NULL`;
