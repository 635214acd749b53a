/**
 * Row factory of the parametrised registry test (registries.test.ts): fresh create bodies
 * built from each ResourceDef's `example` (unique values varied, a search tag to find exactly
 * the rows a case made), the values that make an `ordering` field differ between rows, and the
 * order PostgreSQL itself gives those values. Only the contract's wire description is read
 * (field kinds, validators, enums, filters), never tables or columns.
 */
import type { FieldDef, ResourceDef } from '@tko/contract';
import type { Pool } from 'pg';

/**
 * Wire fields kept unique by the database (a UNIQUE index or, where noted, a trigger), per registry (prisma/migrations: contract_zone_name_key,
 * normative_unit_code_key, fkko_code_key, administrative_unit_code_key). The other unique indexes
 * of the migrations are on tables without a registry or on columns not on the wire
 * (waste_area kind + data_import_source + external_id: the import's key).
 */
export const UNIQUE_FIELDS: Record<string, string[]> = {
  'contract-zones': ['name'],
  'normative-unit': ['code'],
  fkko: ['code'],
  'administrative-unit': ['code'],
  // Fleet (migration 20261125010000): vehicle_license_plate_key, garage_name_key (init), staff_member_employee_number_key, job_kind_code_key.
  vehicles: ['license_plate'],
  garages: ['name'],
  staff: ['employee_number'],
  'job-kinds': ['code'],
  // Contracts (migration 20261128171000_contract_number_unique): a trigger, not an index — the number is unique per
  // regional operator, revisions of one contract share it (ПП РФ № 1156; docs/DECISIONS.md).
  contracts: ['number'],
};

/**
 * Orderings the test cannot give distinct values to, each with its reason; the test asserts
 * this list is exactly the set it had to skip, so a new ordering is never skipped silently.
 */
export const UNORDERABLE: Record<string, string> = {
  // Reports (issue 13): the review state is locked; reports.test.ts orders nothing by it but walks every step.
  'reports.status': 'the state changes only through workflow actions (locked): a create always starts DRAFT',
  'container-waste-area-report.status': 'the state changes only through workflow actions (locked): a create always starts DRAFT',
  'waste-source-report.status': 'the state changes only through workflow actions (locked): a create always starts DRAFT',
  'form3-report.status': 'the state changes only through workflow actions (locked): a create always starts DRAFT',
  'report-sets.status': 'the state changes only through workflow actions (locked): a create always starts DRAFT',
};

let seq = 100;
/** A number never used before in this test file (unique keys, search tags). */
export const next = (): number => ++seq;

const pad = (n: number, width: number) => String(n % 10 ** width).padStart(width, '0');

/**
 * A value of a validated text field (check digits, fixed formats) shaped like `seed`: its
 * digits after the first are `lead` (when given) then `n`, the last three are searched until
 * `validate` accepts the value. A seed without enough digits is returned unchanged.
 */
export function digitValue(seed: string, n: number, validate: (v: string) => string | null, lead?: number): string {
  const pos = [...seed].flatMap((c, i) => (/\d/.test(c) ? [i] : []));
  if (pos.length < 6) return seed;
  const chars = [...seed];
  const free = pos.slice(1, -3);
  let from = 0;
  if (lead !== undefined) {
    chars[free[0]!] = String(lead);
    from = 1;
  }
  const digits = pad(n, free.length - from);
  free.slice(from).forEach((p, k) => (chars[p] = digits[k]!));
  const tail = pos.slice(-3);
  const start = Number(tail.map((p) => seed[p]).join(''));
  for (let k = 0; k < 1000; k++) {
    const d = pad(start + k, 3);
    tail.forEach((p, j) => (chars[p] = d[j]!));
    const v = chars.join('');
    if (!validate(v)) return v;
  }
  throw new Error(`no valid value shaped like ${seed}`);
}

/** Seeds of validated text fields the example leaves empty (ОКТМО-like digits). */
const DIGIT_SEEDS = ['25701000', '2570100000', '25701000001', '257010000001', '2570100000001', '257010000000001'];

function seedOf(def: ResourceDef, key: string, fd: FieldDef): string {
  const ex = def.example?.[key];
  if (typeof ex === 'string' && ex) return ex;
  const seed = DIGIT_SEEDS.find((s) => !fd.validate!(digitValue(s, 1, fd.validate!)));
  if (!seed) throw new Error(`${def.name}.${key}: no seed for a validated text`);
  return seed;
}

/** The text filter of a registry (its `search`), with the fields it looks in. */
export function searchFilter(def: ResourceDef): { name: string; fields: string[] } {
  const hit = Object.entries(def.filters).find(([, f]) => f.kind === 'text');
  if (!hit || hit[1].kind !== 'text') throw new Error(`${def.name}: no text filter to isolate rows by`);
  return { name: hit[0], fields: hit[1].fields };
}

const freeText = (fd: FieldDef | undefined) => !!fd && (fd.kind === 'text' || fd.kind === 'longtext') && !fd.readOnly && !fd.validate;

/**
 * Fields that carry the search tag: the writable free-text fields the text filter reads, or
 * else (e.g. ФККО, whose `title` is generated from code and name) its required free texts.
 */
function tagFields(def: ResourceDef): string[] {
  const searched = searchFilter(def).fields.filter((k) => freeText(def.fields[k]));
  if (searched.length) return searched;
  return Object.entries(def.fields).filter(([, fd]) => freeText(fd) && fd.required).map(([k]) => k);
}

/**
 * A create body: the example (or its variant) with every free text made distinct by `n`, the
 * tag fields starting with `tag` (found by the text filter), and every unique validated text
 * (a ФККО code) given a value never used before.
 */
export function freshBody(def: ResourceDef, tag: string, n = next()): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(def.exampleVariant?.(n) ?? def.example!) };
  const tagged = new Set(tagFields(def));
  for (const [k, v] of Object.entries(out)) {
    if (freeText(def.fields[k]) && typeof v === 'string') out[k] = tagged.has(k) ? `${tag} ${n} ${v}` : `${v} ${n}`;
  }
  for (const k of tagged) if (!(k in out)) out[k] = `${tag} ${n}`;
  for (const k of UNIQUE_FIELDS[def.name] ?? []) {
    const fd = def.fields[k]!;
    if (fd.validate && typeof out[k] === 'string') out[k] = digitValue(seedOf(def, k, fd), n, fd.validate);
  }
  return out;
}

/** Position of a row in an ordering case: values mid, high, low, then a tie with mid, then null. */
export type Slot = 0 | 1 | 2;
const RANK: Record<Slot, number> = { 0: 2, 1: 3, 2: 1 };

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How a field's value is set for an ordering case, or why it cannot be. */
export type Driver =
  /** Body overrides making the field's value rank `slot` among the case's rows (`n` keeps keys unique). */
  | { kind: 'body'; values: (slot: Slot, n: number, tag: string) => Record<string, unknown>[]; nullable: boolean; tie: boolean }
  /** The order of creation (id, created_at). */
  | { kind: 'creation' }
  /** Stamped on each write: rows are updated again in a shuffled order (last_update_at). */
  | { kind: 'touch' }
  | { kind: 'skip'; reason: string };

/** A body field of kind `children` (e.g. the containers of a site) with one example item. */
function childrenField(def: ResourceDef): [string, unknown] | null {
  const hit = Object.entries(def.fields).find(([k, fd]) => fd.kind === 'children' && Array.isArray(def.example?.[k]) && (def.example![k] as unknown[]).length);
  return hit ? [hit[0], (def.example![hit[0]] as unknown[])[0]] : null;
}

/** ФККО codes by level (fkkoLevel): ITEM, SUBGROUP, GROUP; another `n`, another code of the same level. */
const FKKO_LEVEL_CODE: Record<Slot, (n: number) => string> = {
  0: (n) => `7${pad(n, 5)}10724`, // ITEM
  1: (n) => `7${pad(n, 5)}10720`, // SUBGROUP
  2: (n) => `7${pad(n, 5)}10000`, // GROUP
};
/** ОКТМО codes by level (generated column of administrative_unit): 11 digits LOCALITY, 3rd digit 5/6/7. */
const OKTMO_LEVEL_CODE: Record<Slot, (n: number) => string> = {
  0: (n) => `${pad(n, 2)}6${pad(Math.floor(n / 100), 2)}000`, // MUNICIPAL_DISTRICT
  1: (n) => `${pad(n, 2)}7${pad(Math.floor(n / 100), 2)}000`, // URBAN_OKRUG
  2: (n) => `${pad(n, 2)}6${pad(Math.floor(n / 100), 2)}000101`, // LOCALITY
};

/**
 * The driver of ordering field `key`: from its kind, or for read-only values derived by the
 * database, from what they are derived from (ФККО and ОКТМО codes, the children of a site).
 */
export function driverOf(def: ResourceDef, key: string): Driver {
  const fd = def.fields[key]!;
  const listed = UNORDERABLE[`${def.name}.${key}`];
  if (listed) return { kind: 'skip', reason: listed };
  if (fd.kind === 'id' || key === 'created_at') return { kind: 'creation' };
  if (key === 'last_update_at') return { kind: 'touch' };
  const unique = (UNIQUE_FIELDS[def.name] ?? []).includes(key);
  const nullable = !fd.required && fd.default === undefined && !fd.readOnly;
  const one = (v: (slot: Slot, n: number, tag: string) => unknown) => (slot: Slot, n: number, tag: string) => [{ [key]: v(slot, n, tag) }];
  if (fd.readOnly) {
    if (def.name === 'fkko' && key === 'hazard_class') {
      return { kind: 'body', nullable: false, tie: true, values: (slot, n) => [{ code: `7${pad(n, 7)}72${RANK[slot] + 1}` }] };
    }
    if (def.name === 'fkko' && key === 'level') return { kind: 'body', nullable: false, tie: true, values: (slot, n) => [{ code: FKKO_LEVEL_CODE[slot](n) }] };
    if (def.name === 'administrative-unit' && key === 'level') return { kind: 'body', nullable: false, tie: true, values: (slot, n) => [{ code: OKTMO_LEVEL_CODE[slot](n) }] };
    const ch = childrenField(def);
    if (ch && (fd.kind === 'integer' || fd.kind === 'decimal')) {
      // Rolled up from the children (count, sum of equal volumes): more items, larger value.
      return { kind: 'body', nullable: false, tie: true, values: (slot) => [{ [ch[0]]: Array.from({ length: RANK[slot] }, () => ch[1]) }] };
    }
    return { kind: 'skip', reason: `read-only ${fd.kind} with no known source to vary` };
  }
  switch (fd.kind) {
    case 'text':
    case 'longtext':
      if (fd.validate) {
        const seed = seedOf(def, key, fd);
        return { kind: 'body', nullable, tie: !unique, values: one((slot, n) => digitValue(seed, n, fd.validate!, [5, 7, 3][slot])) };
      }
      return { kind: 'body', nullable, tie: !unique, values: one((slot, _n, tag) => `${tag} ${['B', 'C', 'A'][slot]}`) };
    case 'integer': {
      const ex = def.example?.[key];
      const base = typeof ex === 'number' && ex > 0 ? ex : 100;
      return { kind: 'body', nullable, tie: !unique, values: one((slot) => base * RANK[slot]) };
    }
    case 'decimal': {
      // Below the example's value: keeps rules like «available ≤ design capacity» true.
      const ex = Number(def.example?.[key]);
      const base = Number.isFinite(ex) && ex > 0 ? ex : 100;
      return { kind: 'body', nullable, tie: !unique, values: one((slot) => String(Math.round(base * RANK[slot] * 25) / 100)) };
    }
    case 'date': {
      // A late default keeps rules like «liquidation not before discovery» true.
      const ex = def.example?.[key];
      const base = typeof ex === 'string' ? ex : '2026-09-15';
      return { kind: 'body', nullable, tie: !unique, values: one((slot) => shiftDate(base, (RANK[slot] - 2) * 10)) };
    }
    case 'datetime':
      return { kind: 'body', nullable, tie: !unique, values: one((slot) => `2026-01-0${RANK[slot]}T10:00:00+08:00`) };
    case 'time':
      return { kind: 'body', nullable, tie: !unique, values: one((slot) => `1${RANK[slot]}:00`) };
    case 'boolean':
      return { kind: 'body', nullable: false, tie: true, values: (slot) => [{ [key]: slot === 2 }] };
    case 'enum': {
      // Every value is offered for every slot, in the order of preference of the slot (middle,
      // highest, lowest by code points): the rows take distinct ones the body rules accept.
      const sorted = [...fd.enum!.values].sort();
      const mid = Math.floor(sorted.length / 2);
      const prefer: Record<Slot, string[]> = {
        0: [...sorted.slice(mid), ...sorted.slice(0, mid).reverse()],
        1: [...sorted].reverse(),
        2: sorted,
      };
      return { kind: 'body', nullable, tie: !unique, values: (slot) => prefer[slot].map((v) => ({ [key]: v })) };
    }
    case 'ref':
    case 'refs':
      return { kind: 'skip', reason: `ordering by a reference (${fd.ref?.resource}): the spec does not say whether by key or by name` };
    default:
      return { kind: 'skip', reason: `no values derived for kind ${fd.kind}` };
  }
}

/** PostgreSQL type of a field's wire value for the order oracle. */
function pgType(fd: FieldDef): string {
  switch (fd.kind) {
    case 'id':
    case 'integer':
      return 'bigint';
    case 'decimal':
      return 'numeric';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'time':
      return 'time';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/**
 * The ids of `rows` as PostgreSQL orders their `key` values (its own collation, NULLS LAST
 * ascending and FIRST descending), ties broken by id in the same direction — what
 * `ORDER BY col [DESC], id [DESC]` must give.
 */
export async function pgOrder(pool: Pool, fd: FieldDef, rows: { id: number; value: unknown }[], desc: boolean): Promise<number[]> {
  const dir = desc ? 'DESC' : 'ASC';
  const { rows: out } = await pool.query<{ id: number }>(
    `SELECT id FROM unnest($1::${pgType(fd)}[], $2::int[]) AS x(v, id) ORDER BY v ${dir}, id ${dir}`,
    [rows.map((r) => (r.value === null || r.value === undefined ? null : String(r.value))), rows.map((r) => r.id)],
  );
  return out.map((r) => r.id);
}
