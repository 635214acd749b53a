/**
 * Adding sites to a schedule in bulk (issue 23 §1; the wire: @tko/contract
 * routes/schedule-sites-bulk.ts). The selection is read through the waste-area registries' own
 * WHERE (their kind, their list filters for a `filter`, the reader's row scope: registry/where-sql.ts),
 * so a bulk add never takes a site its user could not list. Sites already among the schedule's
 * points are counted, not added again; closed sites and sites without coordinates are refused
 * with their reason (a closed site is not collected; a site without a point cannot be put on a
 * route, @tko/planning NO_COORDINATES). The points are written on the caller's unit of the write
 * pipeline and adopted as an update of the schedule (its history: the points before and after;
 * its announcement on /topic/registry.schedules).
 */
import type { BulkSitesAnswer, ListQuery, ResourceDef, UserScope } from '@tko/contract';
import { BULK_REFUSAL_LABELS, BULK_SITES_LIMIT, resources, scheduleResource, WASTE_AREA_TABS } from '@tko/contract';
import type { PoolClient } from 'pg';
import { FieldValidationError } from '../registry/errors';
import { Params } from '../registry/params';
import { withScope } from '../registry/row-scope-sql';
import { whereSql } from '../registry/where-sql';
import type { WritePipeline, WriteUnit, Writer } from '../registry/write-pipeline';
import { storedResource } from '../tables/index';

/** Which sites: a list's filter (`type` = a WASTE_AREA_TABS type, `query` = its parsed list parameters), a zone, a contract, a polygon. */
export type BulkSelection =
  | { kind: 'filter'; type: string; query: ListQuery }
  | { kind: 'contract_zone'; id: number }
  | { kind: 'contract'; id: number }
  | { kind: 'polygon'; geojson: string };

interface Found { id: number; kind: string; name: string; no_point: boolean; status: string }

const TYPE_OF_KIND: Record<string, string> = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));
/** The wire key a selection's errors are reported on. */
const KEY: Record<BulkSelection['kind'], string> = { filter: 'filter', contract_zone: 'contract_zone', contract: 'contract', polygon: 'polygon' };

/**
 * The sites of `selection` among the registries of `types` (those the user may view), in the
 * reader's `scope`. Throws FieldValidationError on the selection's key when more than
 * BULK_SITES_LIMIT match.
 */
export async function selectBulkSites(db: PoolClient, types: readonly string[], selection: BulkSelection, scope: UserScope | null | undefined): Promise<Found[]> {
  const out: Found[] = [];
  const registries = selection.kind === 'filter' ? [selection.type] : types;
  for (const type of registries) {
    const def = storedResource(registryDef(type));
    const p = new Params();
    const where = whereSql(def, withScope(selection.kind === 'filter' ? selection.query : {}, scope), p);
    const extra = selection.kind === 'contract_zone' ? `t.contract_zone_id = ${p.add(selection.id)}`
      : selection.kind === 'contract' ? `t.id IN (SELECT waste_area_id FROM contract_waste_area WHERE contract_id = ${p.add(selection.id)})`
        : selection.kind === 'polygon' ? `ST_Covers(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${p.add(selection.geojson)}), 4326)), t.coordinates)`
          : 'TRUE';
    const { rows } = await db.query<Found>(
      `SELECT t.id, t.kind, COALESCE(NULLIF(t.name_waste_area, ''), t.location, '') AS name, t.coordinates IS NULL AS no_point, t.status
         FROM waste_area t WHERE ${where} AND ${extra} ORDER BY t.id LIMIT ${BULK_SITES_LIMIT + 1}`,
      p.values,
    );
    out.push(...rows);
    if (out.length > BULK_SITES_LIMIT) {
      throw FieldValidationError.of(KEY[selection.kind], `Найдено больше ${BULK_SITES_LIMIT.toLocaleString('ru-RU')} площадок: сузьте выбор.`);
    }
  }
  return out;
}

/** The waste-area registry of a WASTE_AREA_TABS type; throws (a programming error) for another name. */
function registryDef(type: string): ResourceDef {
  const def = WASTE_AREA_TABS.some((t) => t.type === type) ? resources.find((r) => r.name === type) : undefined;
  if (!def) throw new Error(`not a waste-area registry: ${type}`);
  return def as ResourceDef;
}

/**
 * Adds the sites of `selection` to schedule `scheduleId` in one unit of `pipeline` (the schedule
 * row locked; the caller checked the writer may change it) and answers the counts. Refusals are
 * listed up to 500. Answers null when the schedule does not exist.
 */
export function addScheduleSites(
  pipeline: WritePipeline, scheduleId: number, types: readonly string[], selection: BulkSelection, writer: Writer,
): Promise<BulkSitesAnswer | null> {
  return pipeline.run((unit) => addOnUnit(pipeline, unit, scheduleId, types, selection, writer));
}

async function addOnUnit(
  pipeline: WritePipeline, unit: WriteUnit, scheduleId: number, types: readonly string[], selection: BulkSelection, writer: Writer,
): Promise<BulkSitesAnswer | null> {
  const def = scheduleResource as unknown as ResourceDef;
  const before = await pipeline.repo(def).get(scheduleId, { lock: true }, unit.db);
  if (!before) return null;
  const found = await selectBulkSites(unit.db, types, selection, writer.scope);
  const existing = new Set((await unit.db.query<{ id: number }>('SELECT waste_area_id AS id FROM schedule_point WHERE schedule_id = $1', [scheduleId])).rows.map((r) => r.id));
  const refusals: BulkSitesAnswer['refusals'] = [];
  let refused = 0;
  const add: number[] = [];
  let already = 0;
  for (const s of found) {
    if (existing.has(s.id)) { already++; continue; }
    const reason = s.status === 'CLOSED' ? 'CLOSED' : s.no_point ? 'NO_COORDINATES' : null;
    if (reason) {
      refused++;
      if (refusals.length < 500) refusals.push({ waste_area: { id: s.id, name: s.name, type: TYPE_OF_KIND[s.kind] ?? s.kind }, reason, reason_label: BULK_REFUSAL_LABELS[reason] });
      continue;
    }
    add.push(s.id);
  }
  if (add.length) {
    await unit.db.query('INSERT INTO schedule_point (schedule_id, waste_area_id) SELECT $1, unnest($2::int[])', [scheduleId, add]);
    await unit.db.query('UPDATE schedule SET points_count = (SELECT count(*) FROM schedule_point WHERE schedule_id = $1), updated_at = now() WHERE id = $1', [scheduleId]);
    await unit.adopt(def, [{ id: scheduleId, before }], writer);
  }
  const { rows } = await unit.db.query<{ n: number }>('SELECT points_count AS n FROM schedule WHERE id = $1', [scheduleId]);
  return { found: found.length, added: add.length, already, refused, refusals, points_count: rows[0]!.n };
}
