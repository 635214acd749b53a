/**
 * The run of the ANGARSK_PLAN template (angarsk-plan.ts): the route plan through the system
 * import with the command import's own logic (@tko/db angarsk: groupPlan, writePlan).
 *
 *   parse cells by the targets (10–25 %; a bad or blank cell fails its row with its reason, the
 *   other rows go on) → group the visits into garages, vehicles, sites and links (groupPlan) →
 *   ONE unit of the write pipeline: writePlan on its connection (set-based upserts, a few
 *   seconds for the 20 626 rows) → the records created or changed into import_record (for
 *   «Откатить импорт») → ctx.beforeCommit → COMMIT.
 *
 * Report: objects = garages + vehicles + sites of the file; created / updated / unchanged summed
 * over them (a vehicle is «updated» when it moved to another garage); merged_rows = visits that
 * fell on a site already described by an earlier row. The warnings say the count per registry and
 * the links, the points given with several addresses (flagged «Адрес требует проверки» as the
 * command does), the plates written in several spellings and the plates seen with several garages
 * (the first garage is kept). With all_or_nothing a failed row rolls everything back.
 */
import type { ResourceDef } from '@tko/contract';
import { containerResource, contractZoneResource, garageResource, vehicleResource } from '@tko/contract';
import type { PlanRow, PlanWriteRecords, RoutePlan } from '@tko/db';
import { groupPlan, normalizePlate, writePlan } from '@tko/db';
import { parseRows } from '../convert';
import { ImportCancelled } from '../errors';
import type { ImportedRecord, RunContext, RunOutcome } from '../run-import';
import { MAX_WARNINGS } from '../run-import';

const FIELDS = ['lat', 'lng', 'garage', 'plate', 'address', 'days'] as const;

/** Runs the plan import; throws ImportCancelled (nothing written) when cancelled. */
export async function runAngarskPlan(ctx: RunContext): Promise<RunOutcome> {
  const started = Date.now();
  const total = ctx.table.rows.length;
  await ctx.progress(10);
  const template = ctx.template;
  const parsed = await parseRows(template, ctx.table, ctx.mapping, async (done) => {
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.progress(10 + Math.floor((done / total) * 15));
  });
  const planRows: PlanRow[] = [];
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
    if (row.errors.length) continue;
    row.body = v;
    planRows.push({ line: row.line, lat: v.lat as number, lng: v.lng as number, garage: v.garage as string, plate: v.plate as string, address: v.address as string, days: (v.days as number[] | undefined) ?? [] });
  }
  const plan = groupPlan(planRows);
  const warnings = planWarnings(planRows, plan);
  await ctx.progress(30);
  if (await ctx.cancelled()) throw new ImportCancelled();

  const unit = await ctx.pipeline.begin();
  try {
    // A file may be part of a plan: only the sites it names lose the vehicles it no longer gives them.
    const { counts, records } = await writePlan(unit.db, plan, 'plan');
    await ctx.progress(95);
    warnings.unshift(
      `Гаражей в файле ${counts.garages.total}, новых ${counts.garages.created}; машин ${counts.vehicles.total}, новых ${counts.vehicles.created}, перенесено в другой гараж ${counts.vehicles.updated}; ` +
        `площадок ${counts.sites.total}, новых ${counts.sites.created}, обновлено ${counts.sites.updated}; ` +
        `связей «машина — площадка» ${counts.links.total}, новых ${counts.links.created}, удалено устаревших ${counts.links.removed}.`,
    );
    const failed = parsed.rows
      .filter((r) => r.errors.length > 0)
      .map((r) => ({ line: r.line, cells: r.cells, messages: [...new Set(r.errors)], warnings: [] }));
    const objects = counts.garages.total + counts.vehicles.total + counts.sites.total;
    const created = counts.garages.created + counts.vehicles.created + counts.sites.created;
    const updated = counts.vehicles.updated + counts.sites.updated;
    const outcome: RunOutcome = {
      failed,
      records: importRecords(records, firstLines(planRows)),
      report: {
        rows: total,
        objects,
        created,
        updated,
        unchanged: objects - created - updated,
        skipped: 0,
        merged_rows: planRows.length - counts.sites.total,
        failed_rows: failed.length,
        rolled_back: false,
        warnings: warnings.length > MAX_WARNINGS ? [...warnings.slice(0, MAX_WARNINGS - 1), `… и ещё ${warnings.length - MAX_WARNINGS + 1} предупреждений.`] : warnings,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        updates: [],
        skipped_rows: 0,
        warning_rows: 0,
        without_coordinates: 0,
      },
    };
    if (ctx.options.all_or_nothing && failed.length > 0) {
      await unit.rollback();
      outcome.report.rolled_back = true;
      outcome.report.created = outcome.report.updated = 0;
      outcome.records = [];
      return outcome;
    }
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.beforeCommit(unit.db, outcome);
    await unit.commit();
    return outcome;
  } finally {
    await unit.rollback().catch(() => undefined); // no-op once committed or rolled back
  }
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

/** What the write created and changed, oldest first (a rollback goes newest first: sites, vehicles, garages, zone). */
function importRecords(r: PlanWriteRecords, lines: Map<string, number>): ImportedRecord[] {
  const rec = (def: ResourceDef, id: number, line: number, oldValues: ImportedRecord['oldValues'] = null): ImportedRecord =>
    ({ registry: def.name, recordId: id, action: oldValues ? 'update' : 'create', oldValues, line });
  const first = Math.min(...lines.values(), Number.MAX_SAFE_INTEGER);
  const out: ImportedRecord[] = [];
  if (r.zoneCreated !== null) out.push(rec(contractZoneResource as unknown as ResourceDef, r.zoneCreated, first));
  for (const g of r.garages) out.push(rec(garageResource as unknown as ResourceDef, g.id, lines.get(`garage|${g.key}`) ?? first));
  for (const v of r.vehicles.created) out.push(rec(vehicleResource as unknown as ResourceDef, v.id, lines.get(`plate|${v.key}`) ?? first));
  for (const v of r.vehicles.updated) out.push(rec(vehicleResource as unknown as ResourceDef, v.id, lines.get(`plate|${v.key}`) ?? first, v.before));
  for (const s of r.sites.created) out.push(rec(containerResource, s.id, lines.get(`site|${s.key}`) ?? first));
  for (const s of r.sites.updated) out.push(rec(containerResource, s.id, lines.get(`site|${s.key}`) ?? first, { ...s.before }));
  return out;
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
