/**
 * The run of the ANGARSK_PLAN template (angarsk-plan.ts): the route plan through the system
 * import with the command import's own logic (@tko/db angarsk: groupPlan, writePlan).
 *
 *   parse cells by the targets (10–25 %; a bad or blank cell fails its row with its reason, the
 *   other rows go on) → group the visits into garages, vehicles, sites and links (groupPlan) →
 *   ONE unit of the write pipeline: writePlan on its connection (set-based upserts, a few
 *   seconds for the 20 626 rows) → the rows it created or changed taken into the unit
 *   (@tko/db adopt-plan.ts, as the command does: their change history — updates against the rows
 *   read just before — and their announcement on /topic/registry.* after COMMIT) → the
 *   records into import_record (for «Откатить импорт») → ctx.beforeCommit → COMMIT.
 *
 * Report: objects = garages + vehicles + sites of the file; created / updated / unchanged summed
 * over them (a vehicle is «updated» when it moved to another garage; with options.existing =
 * skip the existing ones are «skipped» instead, untouched); merged_rows = visits that
 * fell on a site already described by an earlier row. The warnings say the count per registry and
 * the links, the points given with several addresses (flagged «Адрес требует проверки» as the
 * command does), the plates written in several spellings and the plates seen with several garages
 * (the first garage is kept). With all_or_nothing a failed row rolls everything back.
 *
 * Row scope: the plan is written set-based across six registries (four of them internal), not row by
 * row within the writer's scope, so only a writer who sees every row runs it (contract row-scope.ts
 * isUnrestricted); for anyone else — a declarant, a user bound to organisations or to municipal
 * formations — every row is refused with IMPORT_MSG.planWholeRegion and nothing is written. A file
 * with no good row writes nothing either.
 */
import type { ResourceDef } from '@tko/contract';
import { IMPORT_MSG, isUnrestricted } from '@tko/contract';
import type { PlanBefore, PlanRegionCounts, PlanRow, PlanWriteRecords, RoutePlan, Row } from '@tko/db';
import { adoptPlan, ANGARSK_LANDFILL, PLAN_DEFS, groupPlan, normalizePlate, PLAN_UPDATED_FIELDS, readPlanBefore, writePlan } from '@tko/db';
import { parseRows } from '../convert';
import { readAll } from '../source';
import { ImportCancelled } from '../errors';
import type { FailedRow, ImportedRecord, RunContext, RunOutcome } from '../run-types';
import { inputValue, shownWarnings } from '../run-types';
import { inRunUnit } from '../run-unit';

const { zones: ZONES, garages: GARAGES, vehicles: VEHICLES, sites: SITES, schedules: SCHEDULES, facilities: FACILITIES } = PLAN_DEFS;

const FIELDS = ['lat', 'lng', 'garage', 'plate', 'address', 'days'] as const;

/** Runs the plan import; throws ImportCancelled (nothing written) when cancelled. */
export async function runAngarskPlan(ctx: RunContext): Promise<RunOutcome> {
  const started = Date.now();
  await ctx.progress(10);
  // The plan is grouped as a whole (vehicles, sites, links across the file): it is read at once.
  const table = await readAll(ctx.source);
  const total = table.rows.length;
  const template = ctx.template;
  const parsed = await parseRows(template, table, ctx.mapping, async (done) => {
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.progress(10 + Math.floor((done / total) * 15));
  });
  const planRows: PlanRow[] = [];
  const wholeRegion = isUnrestricted(ctx.writer.scope);
  for (let i = 0; i < parsed.rows.length; i++) {
    const row = parsed.rows[i]!;
    const v = parsed.values[i];
    if (!v) continue;
    // An empty cell never reaches a parser: a blank garage, plate or address fails the row here.
    for (const field of FIELDS) {
      if (field === 'days' || v[field] !== undefined) continue;
      const b = parsed.bound.find((x) => x.target.field === field);
      const label = template.targets.find((t) => t.field === field)!.label;
      row.errors.push(`${b ? `${label} (столбец «${b.column}»)` : label}: пустое значение.`);
    }
    if (!wholeRegion) row.errors.push(IMPORT_MSG.planWholeRegion);
    if (row.errors.length) continue;
    row.body = v;
    planRows.push({ line: row.line, lat: v.lat as number, lng: v.lng as number, garage: v.garage as string, plate: v.plate as string, address: v.address as string, days: (v.days as number[] | undefined) ?? [] });
  }
  const plan = groupPlan(planRows);
  const warnings = planWarnings(planRows, plan);
  await ctx.progress(30);
  if (await ctx.cancelled()) throw new ImportCancelled();

  const failedRows = () => parsed.rows
    .filter((r) => r.errors.length > 0)
    .map((r) => ({ line: r.line, cells: r.cells, messages: [...new Set(r.errors)], warnings: [] }));
  return inRunUnit(ctx, async (unit) => {
    if (!planRows.length) return nothingWritten(total, failedRows(), started);
    const before = await readPlanBefore(ctx.pipeline, unit, plan);
    // A file may be part of a plan: only the sites it names lose the vehicles it no longer gives them.
    const update = ctx.options.existing === 'update';
    const { counts, records } = await writePlan(unit.db, plan, 'plan', update);
    await adoptPlan(unit, records, before, counts.region, ctx.writer);
    await ctx.progress(95);
    warnings.unshift(
      `Гаражей в файле ${counts.garages.total}, новых ${counts.garages.created}; машин ${counts.vehicles.total}, новых ${counts.vehicles.created}, перенесено в другой гараж ${counts.vehicles.updated}; ` +
        `площадок ${counts.sites.total}, новых ${counts.sites.created}, обновлено ${counts.sites.updated}; ` +
        `связей «машина — площадка» ${counts.links.total}, новых ${counts.links.created}, удалено устаревших ${counts.links.removed}.`,
      regionWarning(counts.region),
    );
    const failed = failedRows();
    const objects = counts.garages.total + counts.vehicles.total + counts.sites.total;
    const created = counts.garages.created + counts.vehicles.created + counts.sites.created;
    const updated = counts.vehicles.updated + counts.sites.updated;
    const outcome: RunOutcome = {
      failed,
      records: importRecords(records, before, firstLines(planRows), counts.region),
      report: {
        rows: total,
        objects,
        created,
        updated,
        // «Пропускать» existing objects: none is compared, each is left alone.
        unchanged: update ? objects - created - updated : 0,
        skipped: update ? 0 : objects - created,
        merged_rows: planRows.length - counts.sites.total,
        failed_rows: failed.length,
        rolled_back: false,
        warnings: shownWarnings(warnings),
        seconds: Math.round((Date.now() - started) / 100) / 10,
        updates: [],
        skipped_rows: 0,
        warning_rows: 0,
        without_coordinates: 0,
      },
    };
    return outcome;
  });
}

/** The outcome of a file none of whose rows is written: every row failed with its reasons. */
function nothingWritten(rows: number, failed: FailedRow[], started: number): RunOutcome {
  return {
    failed,
    records: [],
    report: {
      rows, objects: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, merged_rows: 0, failed_rows: failed.length, rolled_back: false,
      warnings: [], seconds: Math.round((Date.now() - started) / 100) / 10, updates: [], skipped_rows: 0, warning_rows: 0, without_coordinates: 0,
    },
  };
}

/** The first line of the file naming each garage, plate (normalised) and site key. */
function firstLines(rows: PlanRow[]): Map<string, number> {
  const out = new Map<string, number>();
  const put = (k: string, line: number) => { if (!out.has(k)) out.set(k, line); };
  for (const r of rows) {
    put(`garage|${r.garage}`, r.line);
    put(`plate|${normalizePlate(r.plate)}`, r.line);
    put(`site|${r.lat.toFixed(6)},${r.lng.toFixed(6)}`, r.line);
  }
  return out;
}

/** The fields the plan writes, as they were (update-body shape: a reference by its id). */
function oldValues(def: ResourceDef, fields: readonly string[], row: Row | undefined): ImportedRecord['oldValues'] {
  return row ? Object.fromEntries(fields.map((k) => [k, inputValue(def.fields[k]!, row[k])])) : {};
}

/**
 * What the write created and changed, oldest first (a rollback goes newest first: schedules, the
 * landfill, sites, vehicles, garages, zone). An estimated garage point is not listed: a rollback
 * keeps the estimate (docs/DATA.md).
 */
function importRecords(r: PlanWriteRecords, before: PlanBefore, lines: Map<string, number>, region: PlanRegionCounts): ImportedRecord[] {
  const rec = (def: ResourceDef, id: number, line: number, old: ImportedRecord['oldValues'] = null): ImportedRecord =>
    ({ registry: def.name, recordId: id, action: old ? 'update' : 'create', oldValues: old, line });
  const first = Math.min(...lines.values(), Number.MAX_SAFE_INTEGER);
  const out: ImportedRecord[] = [];
  if (r.zoneCreated !== null) out.push(rec(ZONES, r.zoneCreated, first));
  for (const g of r.garages) out.push(rec(GARAGES, g.id, lines.get(`garage|${g.key}`) ?? first));
  for (const v of r.vehicles.created) out.push(rec(VEHICLES, v.id, lines.get(`plate|${v.key}`) ?? first));
  for (const v of r.vehicles.updated) out.push(rec(VEHICLES, v.id, lines.get(`plate|${v.key}`) ?? first, oldValues(VEHICLES, PLAN_UPDATED_FIELDS.vehicles, before.vehicles.get(v.id))));
  for (const s of r.sites.created) out.push(rec(SITES, s.id, lines.get(`site|${s.key}`) ?? first));
  for (const s of r.sites.updated) out.push(rec(SITES, s.id, lines.get(`site|${s.key}`) ?? first, oldValues(SITES, PLAN_UPDATED_FIELDS.container, before.sites.get(s.id))));
  if (region.landfill.created) out.push(rec(FACILITIES, region.landfill.id, first));
  const garageOf = new Map(Object.entries(region.schedules.ids).map(([g, id]) => [id, g]));
  for (const id of region.schedules.created) out.push(rec(SCHEDULES, id, lines.get(`garage|${garageOf.get(id)}`) ?? first));
  return out;
}

/** The schedules, the landfill and the estimated garage points, in one line (docs/DATA.md «What the first start creates»). */
function regionWarning(r: PlanRegionCounts): string {
  return `Графиков по гаражам ${Object.keys(r.schedules.ids).length}, новых ${r.schedules.created.length}; точек графиков добавлено ${r.points.added}, убрано ${r.points.removed}; ` +
    `машин графиков добавлено ${r.vehicles.added}, убрано ${r.vehicles.removed}; координаты гаражей оценены по площадкам: ${r.garagesEstimated.length}; ` +
    `полигон «${ANGARSK_LANDFILL}» ${r.landfill.created ? 'создан' : 'уже есть'}${r.landfill.created || r.landfill.moved ? ' (координаты оценены — проверьте)' : ''}.`;
}

/** Points with several addresses, plates in several spellings, plates with several garages. */
function planWarnings(rows: PlanRow[], plan: RoutePlan): string[] {
  const out: string[] = [];
  const several = plan.sites.filter((s) => s.otherLocations.length > 0);
  if (several.length) {
    out.push(`Точек с несколькими адресами: ${several.length}; у новых площадок отмечено «Адрес требует проверки», другие адреса записаны в ориентир.`);
    for (const s of several) out.push(`Точка ${s.key.replace(',', ', ')}: адрес «${s.location}», в файле также ${s.otherLocations.map((l) => `«${l}»`).join(', ')}.`);
  }
  const spellings = new Map<string, Set<string>>();
  const garages = new Map<string, Set<string>>();
  for (const r of rows) {
    const plate = normalizePlate(r.plate);
    spellings.set(plate, (spellings.get(plate) ?? new Set()).add(r.plate));
    garages.set(plate, (garages.get(plate) ?? new Set()).add(r.garage));
  }
  for (const [plate, s] of spellings) if (s.size > 1) out.push(`Госномер ${plate} записан в файле по-разному: ${[...s].map((x) => `«${x}»`).join(', ')}; это одна машина.`);
  for (const [plate, g] of garages) if (g.size > 1) out.push(`Машина ${plate} указана в нескольких гаражах (${[...g].map((x) => `«${x}»`).join(', ')}); записан первый.`);
  return out;
}
