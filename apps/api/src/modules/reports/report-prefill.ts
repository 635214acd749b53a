/**
 * A new report's `data` filled from the registries (issue 13 §1) for one organisation:
 * - CONTAINER_WASTE_AREA: the container sites tied to the organisation (the site registry's row
 *   scope with that organisation as the only binding: operator, management organisation, owners)
 *   with address, coordinates, coverage, area, canopy, containers grouped by type and volume,
 *   and the sources linked to each site;
 * - WASTE_SOURCES: the sources whose owner / user or service organisation it is, with category
 *   unit, number of units and the yearly norm in m³;
 * - other kinds: only the year.
 * At most PREFILL_LIMIT objects each (a report of a bigger organisation is filled in parts by
 * import). The result is normalised by the kind's schema (build-schema.ts), so it validates.
 */
import type { Pool } from 'pg';
import type { ResourceDef } from '@tko/contract';
import { buildReportSchema, reportKindInfo, resourceByName } from '@tko/contract';
import { Params, rowScopeSql, storedResource } from '@tko/db';
import type { Registries } from '@tko/db';

export const PREFILL_LIMIT = 200;

type Row = Record<string, unknown>;
const ref = (v: unknown) => (v && typeof v === 'object' && 'id' in v ? [v] : []);

async function containerSites(pool: Pool, registries: Registries, org: number): Promise<Row[]> {
  const def = resourceByName('container') as ResourceDef;
  const stored = storedResource(def);
  const p = new Params();
  const scope = rowScopeSql(stored, { organizations: [org], oktmo: [] }, p) ?? 'FALSE';
  const { rows } = await pool.query<{ id: number }>(`SELECT t.id FROM waste_area t WHERE t.kind = 'CONTAINER' AND ${scope} ORDER BY t.id LIMIT ${PREFILL_LIMIT}`, p.values);
  const repo = registries.repo(def);
  const out: Row[] = [];
  for (const { id } of rows) {
    const w = await repo.get(id);
    if (!w) continue;
    const groups = new Map<string, { container_type: unknown; volume: unknown; count: number }>();
    for (const c of (w.containers as Row[] | undefined) ?? []) {
      const k = `${String(c.type)}|${String(c.volume)}`;
      const g = groups.get(k) ?? { container_type: c.type ?? null, volume: c.volume ?? null, count: 0 };
      g.count += 1;
      groups.set(k, g);
    }
    const { rows: sources } = await pool.query<{ id: number; name: string }>(
      `SELECT s.id, s.name FROM waste_source_waste_area x JOIN waste_source s ON s.id = x.waste_source_id WHERE x.waste_area_id = $1 ORDER BY s.id LIMIT 100`, [id]);
    out.push({
      waste_area: [{ id, name: w.location ?? null }], location: w.location ?? null, coordinates: w.coordinates ?? null,
      coverage: w.coverage_type ?? null, area: w.area ?? null, has_canopy: Boolean(w.has_cover),
      containers: [...groups.values()].map((g) => ({ ...g, count: String(g.count) })), waste_sources: sources,
    });
  }
  return out;
}

async function wasteSources(pool: Pool, registries: Registries, org: number): Promise<Row[]> {
  const def = resourceByName('waste-sources') as ResourceDef;
  const { rows } = await pool.query<{ id: number }>(
    `SELECT s.id FROM waste_source s WHERE s.service_org_id = $1
        OR EXISTS (SELECT 1 FROM waste_source_organization o WHERE o.waste_source_id = s.id AND o.legal_entity_id = $1)
      ORDER BY s.id LIMIT ${PREFILL_LIMIT}`, [org]);
  const repo = registries.repo(def);
  const out: Row[] = [];
  for (const { id } of rows) {
    const s = await repo.get(id);
    if (!s) continue;
    out.push({
      waste_source: [{ id, name: s.name ?? null }], name: s.name ?? '', location: s.location ?? '', coordinates: s.coordinates ?? null,
      normative_unit: ref(s.normative_unit), units_count: s.normative_value ?? null, volume_m3: s.normative_year_m3 ?? null,
    });
  }
  return out;
}

/**
 * The pre-filled `data` of a report of `kind` for organisation `org` (unknown kind: undefined);
 * `org` null (a user bound to no organisation): the year only, no registry rows.
 */
export async function prefillReport(pool: Pool, registries: Registries, kind: string, org: number | null, year = new Date().getFullYear() - 1): Promise<Row | undefined> {
  const info = reportKindInfo(kind);
  if (!info) return undefined;
  const data: Row = { year: String(year) };
  if (org !== null && kind === 'CONTAINER_WASTE_AREA') data.waste_areas = await containerSites(pool, registries, org);
  if (org !== null && kind === 'WASTE_SOURCES') data.waste_sources = await wasteSources(pool, registries, org);
  const parsed = buildReportSchema(info.fields).safeParse(data);
  // A registry value the form refuses (e.g. a site without coordinates) stays as it is: the
  // declarant completes it and the save names the field.
  return parsed.success ? parsed.data : data;
}
