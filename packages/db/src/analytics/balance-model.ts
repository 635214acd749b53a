/**
 * Simulated balance derived from the flows and the facilities (docs/ANALYTICS.md «Моделируемый
 * баланс»), per year and ФККО code, with each facility's part. Tonnes, 3 decimals.
 *
 * - Flows of a year y: the predicted flows of y when there are any (spec 03 «Flow», year), else
 *   the present flows × predict_coeff^(y − base year) (predict_coeff is a yearly factor; the base
 *   year is the forecast's, analytics/forecast.ts).
 * - A facility receives the wastes of the flows that name it (`wmf`). It treats them by its
 *   purpose — PROCESSING → processed, UTILIZATION → recycled, NEUTRALIZATION → neutralized,
 *   DISPOSING → disposed, STORING → stored — up to its capacity a year (production_capacity, else
 *   design_capacity; none recorded = not limited). The excess over the capacity, and everything a
 *   facility that does not operate that year receives (status INACTIVE, commissioned after or
 *   closed before the year), is stored there and flagged. A facility without a purpose treats
 *   nothing: its tonnes stay unallocated and the row's identity is flagged (unknown is not a treatment).
 * - year_begin(y) = year_end(y − 1) of the row shown for y − 1 (0 for the first year asked);
 *   year_end = year_begin + created + received − processed − recycled − neutralized − disposed − sended
 *   (the balance registry's identity; `created` and `sended` are not modelled: empty).
 * - A row typed in or imported into the balance registry (year, ФККО) is shown instead of the
 *   model's, marked `manual` / `import`, the model's values beside it.
 * - Checks on every row shown: identity received = processed + recycled + neutralized + disposed +
 *   stored; the registry's year_end identity (`identity_broken`); continuity year_end(y − 1) =
 *   year_begin(y). A failing check is a flag with a Russian message, never a refusal.
 * - Wastes of flows that name no facility are reported per year in `unassigned`, not dropped.
 */
import type { Pool, PoolClient } from 'pg';
import { forecastSettings } from './forecast';

/** The model's quantities of one facility or one row. */
export interface BalanceQuantities {
  year_begin: number | null;
  created: number | null;
  received: number | null;
  processed: number | null;
  recycled: number | null;
  neutralized: number | null;
  disposed: number | null;
  sended: number | null;
  stored: number | null;
  year_end: number | null;
}

/** One facility's part of a (year, ФККО) row. */
export interface FacilityBalance {
  id: number;
  name: string;
  purpose: string | null;
  capacity: number | null;
  received: number;
  processed: number;
  recycled: number;
  neutralized: number;
  disposed: number;
  stored: number;
  unallocated: number;
}

export type BalanceFlagCode = 'identity' | 'year_end_identity' | 'continuity' | 'over_capacity' | 'not_operating' | 'no_purpose' | 'unknown_fkko';

/** One (year, ФККО code) row of the modelled balance. */
export interface ModelledBalanceRow extends BalanceQuantities {
  year: number;
  fkko_code: string;
  fkko_id: number | null;
  fkko_name: string | null;
  /** model = расчёт; manual = введено вручную; import = загружено из файла. */
  source: 'model' | 'manual' | 'import';
  /** The model's values (also when an override is shown). */
  model: BalanceQuantities | null;
  facilities: FacilityBalance[];
  flags: { code: BalanceFlagCode; message: string }[];
}

export interface ModelledBalance {
  base_year: number;
  rows: ModelledBalanceRow[];
  /** Per year: tonnes and flows of the flows that name no facility. */
  unassigned: { year: number; tonnes: number; flows: number }[];
}

/** One waste of a flow: `year` null for a present flow; `km` the straight-line length of the flow. */
export interface FlowWaste { year: number | null; wmf_id: number | null; flow_id: number; fkko: string | null; volume: number; coeff: number; km: number }

/** The wastes of the present flows and of the predicted flows of years `from`–`to` (t/year). */
export async function loadFlowWastes(db: Pool | PoolClient, from: number, to: number): Promise<FlowWaste[]> {
  const { rows } = await db.query<Omit<FlowWaste, 'volume' | 'coeff' | 'km'> & { volume: string; coeff: string; km: number }>(
    `SELECT NULL::int AS year, f.wmf_id, f.id AS flow_id, w.fkko, w.volume, f.predict_coeff AS coeff,
            ST_Distance(f.start_coordinates::geography, f.end_coordinates::geography) / 1000 AS km
       FROM present_flow f JOIN present_flow_waste w ON w.flow_id = f.id
     UNION ALL
     SELECT f.year, f.wmf_id, f.id, w.fkko, w.volume, 1, ST_Distance(f.start_coordinates::geography, f.end_coordinates::geography) / 1000
       FROM predicted_flow f JOIN predicted_flow_waste w ON w.flow_id = f.id WHERE f.year BETWEEN $1 AND $2`, [from, to]);
  return rows.map((w) => ({ ...w, volume: Number(w.volume), coeff: Number(w.coeff), km: Number(w.km) }));
}

/**
 * The flows of year `y` (rule above): the predicted flows of y when there are any, else the present
 * flows × predict_coeff^(y − base). Pure.
 */
export function flowsOfYear(all: readonly FlowWaste[], y: number, base: number): FlowWaste[] {
  return all.some((w) => w.year === y)
    ? all.filter((w) => w.year === y)
    : all.filter((w) => w.year === null).map((w) => ({ ...w, volume: w.volume * w.coeff ** (y - base) }));
}
interface Facility {
  id: number; name: string; purpose: string | null; capacity: number | null; status: string;
  from_year: number | null; to_year: number | null;
}

const PURPOSE_TO: Record<string, keyof Pick<FacilityBalance, 'processed' | 'recycled' | 'neutralized' | 'disposed' | 'stored'>> = {
  PROCESSING: 'processed', UTILIZATION: 'recycled', NEUTRALIZATION: 'neutralized', DISPOSING: 'disposed', STORING: 'stored',
};
const TREATED = ['processed', 'recycled', 'neutralized', 'disposed'] as const;
const QUANTITIES = ['year_begin', 'created', 'received', 'processed', 'recycled', 'neutralized', 'disposed', 'sended', 'stored', 'year_end'] as const;

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const num = (v: string | number | null) => (v === null ? null : Number(v));
const differs = (a: number, b: number) => Math.abs(a - b) > 0.0005;
const fmt = (n: number) => n.toLocaleString('ru-RU', { maximumFractionDigits: 3 });

/** The facilities' parts of one year's flows, keyed by ФККО code (the allocation rules above). */
function allocate(wastes: { wmf_id: number; fkko: string; volume: number }[], facilities: Map<number, Facility>, year: number) {
  const byCode = new Map<string, Map<number, FacilityBalance>>();
  const totalAt = new Map<number, number>();
  for (const w of wastes) totalAt.set(w.wmf_id, (totalAt.get(w.wmf_id) ?? 0) + w.volume);
  const flags = new Map<string, { code: BalanceFlagCode; message: string }[]>();
  for (const w of wastes) {
    const f = facilities.get(w.wmf_id)!;
    const parts = byCode.get(w.fkko) ?? new Map<number, FacilityBalance>();
    byCode.set(w.fkko, parts);
    const p = parts.get(f.id) ?? { id: f.id, name: f.name, purpose: f.purpose, capacity: f.capacity, received: 0, processed: 0, recycled: 0, neutralized: 0, disposed: 0, stored: 0, unallocated: 0 };
    parts.set(f.id, p);
    p.received += w.volume;
    const operating = f.status !== 'INACTIVE' && (f.from_year === null || f.from_year <= year) && (f.to_year === null || f.to_year >= year);
    const total = totalAt.get(f.id)!;
    const share = f.capacity !== null && total > f.capacity ? f.capacity / total : 1;
    const to = f.purpose ? PURPOSE_TO[f.purpose] : undefined;
    if (!operating) p.stored += w.volume;
    else if (!to) p.unallocated += w.volume;
    else {
      p[to] += w.volume * share;
      if (to !== 'stored') p.stored += w.volume * (1 - share);
    }
    const list = flags.get(w.fkko) ?? [];
    flags.set(w.fkko, list);
    const add = (code: BalanceFlagCode, message: string) => { if (!list.some((x) => x.message === message)) list.push({ code, message }); };
    if (!operating) add('not_operating', `«${f.name}» не работает в ${year} году: поступившее учтено как хранящееся.`);
    else if (!to) add('no_purpose', `У объекта «${f.name}» не указано назначение: поступившее не распределено.`);
    else if (share < 1) add('over_capacity', `«${f.name}»: поступает ${fmt(r3(total))} т при мощности ${fmt(f.capacity!)} т/год; сверх мощности учтено как хранящееся.`);
  }
  return { byCode, flags };
}

/** The modelled balance of years `from`–`to` (rules above); errors: whatever PostgreSQL throws. */
export async function modelBalance(db: Pool | PoolClient, from: number, to: number): Promise<ModelledBalance> {
  const { base_year } = await forecastSettings(db);
  const all = await loadFlowWastes(db, from, to);
  const { rows: facRows } = await db.query<Facility & { capacity: string | null }>(
    `SELECT id, name, purpose, status, coalesce(production_capacity, design_capacity) AS capacity,
            extract(year FROM commissioning_date)::int AS from_year, extract(year FROM closing_date)::int AS to_year
       FROM waste_management_facility WHERE id IN (SELECT wmf_id FROM present_flow UNION SELECT wmf_id FROM predicted_flow)`);
  const facilities = new Map(facRows.map((f) => [f.id, { ...f, capacity: num(f.capacity) }]));
  const { rows: overrides } = await db.query<{ year: number; code: string; fkko_id: number; name: string; import_file_id: number | null; identity_broken: boolean } & Record<(typeof QUANTITIES)[number], string | null>>(
    `SELECT b.year, k.code, k.id AS fkko_id, k.name, b.import_file_id, b.identity_broken, ${QUANTITIES.map((q) => `b.${q}`).join(', ')}
       FROM balance b JOIN fkko k ON k.id = b.fkko_id WHERE b.year BETWEEN $1 AND $2`, [from, to]);

  const perYear = new Map<number, ReturnType<typeof allocate>>();
  const unassigned: ModelledBalance['unassigned'] = [];
  const codes = new Set<string>(overrides.map((o) => o.code));
  for (let y = from; y <= to; y++) {
    const of = flowsOfYear(all, y, base_year);
    const lost = of.filter((w) => w.wmf_id === null || !w.fkko);
    if (lost.length) unassigned.push({ year: y, tonnes: r3(lost.reduce((s, w) => s + w.volume, 0)), flows: new Set(lost.map((w) => w.flow_id)).size });
    const placed = of.filter((w) => w.wmf_id !== null && w.fkko) as { wmf_id: number; fkko: string; volume: number }[];
    const a = allocate(placed, facilities, y);
    for (const c of a.byCode.keys()) codes.add(c);
    perYear.set(y, a);
  }
  const { rows: names } = await db.query<{ id: number; code: string; name: string }>('SELECT id, code, name FROM fkko WHERE code = ANY($1::text[])', [[...codes]]);
  const fkkoOf = new Map(names.map((n) => [n.code, n]));

  const rows: ModelledBalanceRow[] = [];
  for (const code of [...codes].sort()) {
    let prevEnd: number | null = null;
    let prevYear: number | null = null;
    for (let y = from; y <= to; y++) {
      const a = perYear.get(y)!;
      const parts = [...(a.byCode.get(code)?.values() ?? [])].map((p) => ({
        ...p, received: r3(p.received), processed: r3(p.processed), recycled: r3(p.recycled), neutralized: r3(p.neutralized),
        disposed: r3(p.disposed), stored: r3(p.stored), unallocated: r3(p.unallocated),
      }));
      const o = overrides.find((x) => x.year === y && x.code === code);
      if (!parts.length && !o) { prevEnd = null; prevYear = null; continue; }
      // The facilities' flags speak of the model's values: shown only when the model's row is.
      const flags = o ? [] : [...(a.flags.get(code) ?? [])];
      let model: BalanceQuantities | null = null;
      if (parts.length) {
        const sum = (k: keyof FacilityBalance) => r3(parts.reduce((s, p) => s + (p[k] as number), 0));
        const begin = prevEnd ?? 0;
        const q = { received: sum('received'), processed: sum('processed'), recycled: sum('recycled'), neutralized: sum('neutralized'), disposed: sum('disposed'), stored: sum('stored') };
        model = { year_begin: begin, created: null, sended: null, ...q, year_end: r3(begin + q.received - TREATED.reduce((s, k) => s + q[k], 0)) };
      }
      const shown: BalanceQuantities = o ? Object.fromEntries(QUANTITIES.map((k) => [k, num(o[k])])) as unknown as BalanceQuantities : model!;
      const v = (k: keyof BalanceQuantities) => shown[k] ?? 0;
      const handled = v('processed') + v('recycled') + v('neutralized') + v('disposed') + v('stored');
      if (differs(v('received'), handled)) {
        flags.push({ code: 'identity', message: `Поступило ${fmt(v('received'))} т, а обработано, утилизировано, обезврежено, размещено и хранится ${fmt(r3(handled))} т.` });
      }
      if (o?.identity_broken) flags.push({ code: 'year_end_identity', message: 'Остаток на конец года не равен остатку на начало + образовано + поступило − обработано − утилизировано − обезврежено − размещено − передано.' });
      if (prevEnd !== null && prevYear === y - 1 && differs(prevEnd, v('year_begin'))) {
        flags.push({ code: 'continuity', message: `Остаток на конец ${y - 1} года ${fmt(prevEnd)} т, а на начало ${y} года ${fmt(v('year_begin'))} т.` });
      }
      const k = fkkoOf.get(code);
      if (!k) flags.push({ code: 'unknown_fkko', message: `Кода ФККО ${code} нет в справочнике.` });
      rows.push({
        year: y, fkko_code: code, fkko_id: k?.id ?? null, fkko_name: k?.name ?? null,
        source: o ? (o.import_file_id !== null ? 'import' : 'manual') : 'model',
        ...shown, model, facilities: parts, flags,
      });
      prevEnd = shown.year_end;
      prevYear = y;
    }
  }
  rows.sort((a, b) => a.year - b.year || a.fkko_code.localeCompare(b.fkko_code));
  return { base_year, rows, unassigned };
}
