/**
 * Arithmetic and consistency rules of the shipped report kinds (issue 25 §3), declared beside
 * their field trees: one declaration per rule, naming the list it runs over (`each`), the fields
 * it reads and the source it follows. `checkReportRules(kind, data, ctx)` answers
 * `{ "data.by_hazard_class.0.received_total": ["…"] }` (the DRF per-field shape of
 * reportDataErrors), empty when every rule holds.
 *
 * The rules read `data` as stored (build-schema.ts: numbers as canonical text, "12.5"), and do
 * exact decimal arithmetic (micro-units as bigint; 6 decimals is the decimal field's limit).
 * A blank quantity counts as 0 where the form's convention is «прочерк — движения не было»
 * (2-ТП (отходы), Указания по заполнению: отсутствие показателя); a rule that needs a recorded
 * value (the year-end stock of the balance) says so instead of counting a blank as good.
 *
 * Where they apply (docs/DECISIONS.md «Report checks»): a draft may be saved with broken rules
 * (a half-filled form is work in progress); the workflow's submit refuses with 400 and these
 * messages (packages/db effects/report.ts). Field-format errors (not a number…) refuse every save.
 *
 * The ФККО code of a linked `fkko` is resolved by the caller (ctx.fkkoCode), since `data`
 * keeps only the dictionary row's id.
 */
import type { ReportFieldDef } from './field-def';
import type { ReportKindInfo } from './kinds';

type Kind = ReportKindInfo['report_kind'];
type Row = Record<string, unknown>;

/** What a rule may look up outside `data`. */
export interface ReportCheckContext {
  /** The 11-digit code of a ФККО dictionary row, undefined when there is no such row. */
  fkkoCode(id: number): string | undefined;
}

/** One declared rule. `check` answers field name (relative to the row) → message. */
export interface ReportRule {
  id: string;
  kind: Kind;
  /** The list field the rule runs over, once per item (e.g. 'by_hazard_class'); absent: the whole `data`. */
  each?: string;
  /** The fields it reads (relative to the row). */
  fields: readonly string[];
  /** The rule's source (law, form's instructions) in Russian. */
  source: string;
  check(row: Row, ctx: ReportCheckContext): Record<string, string>;
}

const MICRO = 1_000_000n;

/** A stored decimal text ("12.5", "-3", null) → micro-units; null for blank or not a number. */
export function decimalMicro(v: unknown): bigint | null {
  if (v === null || v === undefined || v === '') return null;
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : '';
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(t);
  if (!m) return null;
  const micro = BigInt(m[2]!) * MICRO + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -micro : micro;
}

/** Micro-units → Russian text with a decimal comma and no trailing zeros: 12500000n → «12,5». */
export function microText(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const frac = (a % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '−' : ''}${a / MICRO}${frac ? `,${frac}` : ''}`;
}

const zero = (v: unknown) => decimalMicro(v) ?? 0n;
const sum = (row: Row, names: readonly string[]) => names.reduce((s, n) => s + zero(row[n]), 0n);

/** A total must be at least the sum of its parts (each quantity goes to one purpose). */
function totalCoversParts(kind: Kind, each: string, total: string, parts: readonly string[], what: string, source: string): ReportRule {
  return {
    id: `${each}.${total}>=parts`, kind, each, fields: [total, ...parts], source,
    check: (row): Record<string, string> => {
      const t = zero(row[total]);
      const p = sum(row, parts);
      return p > t ? { [total]: `${what} (${microText(t)} т) меньше суммы по видам обращения (${microText(p)} т).` } : {};
    },
  };
}

/** Quantities cannot be negative. */
function nonNegative(kind: Kind, each: string, fields: readonly string[], source: string): ReportRule {
  return {
    id: `${each}.non-negative`, kind, each, fields, source,
    check: (row) => Object.fromEntries(fields.filter((n) => (decimalMicro(row[n]) ?? 0n) < 0n).map((n) => [n, 'Значение не может быть отрицательным.'])),
  };
}

/** The hazard class equals the ФККО code's last (11th) digit (Приказ Росприроднадзора от 22.05.2017 № 242, п. 5). */
function hazardMatchesFkko(kind: Kind, each: string): ReportRule {
  return {
    id: `${each}.hazard_class=fkko`, kind, each, fields: ['hazard_class', 'fkko'],
    source: 'ФККО (приказ Росприроднадзора от 22.05.2017 № 242): 11-я цифра кода — класс опасности',
    check: (row, ctx): Record<string, string> => {
      const cls = row.hazard_class;
      const links = Array.isArray(row.fkko) ? (row.fkko as { id?: unknown }[]) : [];
      for (const l of links) {
        const code = typeof l?.id === 'number' ? ctx.fkkoCode(l.id) : undefined;
        if (code === undefined) return { fkko: 'Такого кода ФККО нет в справочнике.' };
        const digit = code.slice(-1);
        if (cls !== null && cls !== undefined && cls !== '' && String(cls) !== digit) {
          return { hazard_class: `Класс опасности ${String(cls)} не совпадает с кодом ФККО ${code}: последняя цифра кода — класс ${digit}.` };
        }
      }
      return {};
    },
  };
}

/** Form 3's quantity fields (form3-balance.ts), in tonnes. */
const F3_RECEIVED_PARTS = ['received_processing', 'received_utilization', 'received_neutralization', 'received_placement'] as const;
const F3_TRANSFERRED_PARTS = ['transferred_processing', 'transferred_utilization', 'transferred_neutralization', 'transferred_placement'] as const;
/** Added to the stock: present at the start, formed, received from others (total). */
export const FORM3_INFLOW = ['start_of_year', 'formed', 'received_total'] as const;
/** Taken from the stock: processed, utilised, neutralised, transferred (total), placed on own objects. */
export const FORM3_OUTFLOW = ['processed', 'utilized', 'neutralized', 'transferred_total', 'own_storage', 'own_burial'] as const;
const F3_QUANTITIES = [...FORM3_INFLOW, ...F3_RECEIVED_PARTS, 'processed', 'utilized', 'neutralized', 'transferred_total', ...F3_TRANSFERRED_PARTS, 'own_storage', 'own_burial', 'end_of_year'] as const;
const F3_SOURCE = '2-ТП (отходы), приказ Росстата от 09.10.2020 № 627, раздел 1';

/**
 * The balance identity of form 3 (docs/DECISIONS.md «Report checks»):
 * end_of_year = start_of_year + formed + received_total − processed − utilized − neutralized
 *               − transferred_total − own_storage − own_burial  (гр. 20 = 3 + 4 + 5 − 10 − 11 − 12 − 13 − 18 − 19),
 * exact to the printed 0,001 т. A blank year end with any movement is an error (unknown is not balanced).
 */
const form3Balance: ReportRule = {
  id: 'by_hazard_class.balance', kind: 'BALANCE', each: 'by_hazard_class', fields: [...FORM3_INFLOW, ...FORM3_OUTFLOW, 'end_of_year'], source: F3_SOURCE,
  check: (row): Record<string, string> => {
    const expected = sum(row, FORM3_INFLOW) - sum(row, FORM3_OUTFLOW);
    const end = decimalMicro(row.end_of_year);
    if (end === null) {
      const moved = [...FORM3_INFLOW, ...FORM3_OUTFLOW].some((n) => decimalMicro(row[n]) !== null);
      return moved ? { end_of_year: `Укажите наличие на конец года: по балансу оно равно ${microText(expected)} т.` } : {};
    }
    const diff = end - expected;
    return diff > 1000n || diff < -1000n
      ? { end_of_year: `Баланс не сходится: начало года + образовано + поступило − обработано − утилизировано − обезврежено − передано − размещено = ${microText(expected)} т, а указано ${microText(end)} т.` }
      : {};
  },
};

/** «Деятельность не велась» with any quantity recorded is a contradiction. */
const form3NoActivity: ReportRule = {
  id: 'no_activity', kind: 'BALANCE', fields: ['no_activity', 'by_hazard_class'], source: F3_SOURCE,
  check: (data): Record<string, string> => {
    if (data.no_activity !== true || !Array.isArray(data.by_hazard_class)) return {};
    const any = (data.by_hazard_class as Row[]).some((r) => F3_QUANTITIES.some((n) => zero(r[n]) !== 0n));
    return any ? { no_activity: 'Отмечено, что деятельность не велась, но в итогах указаны количества отходов.' } : {};
  },
};

/** Every rule, by kind: the one place the submit check and the docs read. */
export const REPORT_RULES: readonly ReportRule[] = [
  nonNegative('BALANCE', 'by_hazard_class', F3_QUANTITIES, F3_SOURCE),
  totalCoversParts('BALANCE', 'by_hazard_class', 'received_total', F3_RECEIVED_PARTS, 'Поступило от других всего', F3_SOURCE),
  totalCoversParts('BALANCE', 'by_hazard_class', 'transferred_total', F3_TRANSFERRED_PARTS, 'Передано другим всего', F3_SOURCE),
  hazardMatchesFkko('BALANCE', 'by_hazard_class'),
  form3Balance,
  form3NoActivity,
  nonNegative('WASTE_SOURCES', 'waste_sources', ['units_count', 'mass_t', 'volume_m3'], 'Физические величины неотрицательны'),
  hazardMatchesFkko('WASTE_SOURCES', 'waste_sources'),
  nonNegative('CONTAINER_WASTE_AREA', 'waste_areas', ['area'], 'Физические величины неотрицательны'),
  nonNegative('WASTE_MANAGEMENT_FACILITY', 'facilities', ['capacity_t', 'received_t'], 'Физические величины неотрицательны'),
];

/** The rules of one kind. */
export const reportRulesOf = (kind: unknown): ReportRule[] => REPORT_RULES.filter((r) => r.kind === kind);

/** Broken rules of a report's `data` as `{ "data.<path>": ["…"] }`; {} when all hold. */
export function checkReportRules(kind: unknown, data: unknown, ctx: ReportCheckContext): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!data || typeof data !== 'object') return out;
  const add = (prefix: string, broken: Record<string, string>) => {
    for (const [k, m] of Object.entries(broken)) (out[`${prefix}${k}`] ??= []).push(m);
  };
  for (const rule of reportRulesOf(kind)) {
    if (!rule.each) { add('data.', rule.check(data as Row, ctx)); continue; }
    const items = (data as Row)[rule.each];
    if (!Array.isArray(items)) continue;
    items.forEach((item, i) => { if (item && typeof item === 'object') add(`data.${rule.each}.${i}.`, rule.check(item as Row, ctx)); });
  }
  return out;
}

/** Ids of the linked rows of `resource` anywhere in `data` (walks the field tree's lists). */
export function linkedIds(fields: readonly ReportFieldDef[], data: unknown, resource: string): number[] {
  const ids = new Set<number>();
  const walk = (defs: readonly ReportFieldDef[], obj: unknown) => {
    if (!obj || typeof obj !== 'object') return;
    for (const f of defs) {
      const v = (obj as Row)[f.name];
      if (f.type === 'linked-object' && f.linked_resource === resource && Array.isArray(v)) {
        for (const l of v) if (l && typeof (l as Row).id === 'number') ids.add((l as Row).id as number);
      } else if (f.type === 'list' && Array.isArray(v)) for (const item of v) walk(f.children ?? [], item);
    }
  };
  walk(fields, data);
  return [...ids];
}
