/**
 * Which ОКТМО rows are administrative units, and their derived values (docs/DATA.md "ОКТМО").
 *
 * Headings are not units. A row is a heading when the last code group of its level ends in
 * "00" — the classifier's grouping nodes: the region itself (01 000 000, «Муниципальные
 * образования Алтайского края»), the lists of districts and okrugs (600, 700: «Муниципальные
 * районы …», «Городские округа …/»), the lists of a district's settlements (KOD2 100, 400:
 * «Городские поселения …/», «Сельские поселения …/») and, in section 2, the list of a
 * formation's localities (KOD3 000: «Населенные пункты, входящие в состав …»). Every name
 * ending in '/' is such a heading; the code rule also catches the headings without the slash.
 *
 * Units: section 1 → 8-digit code TER+KOD1+KOD2; section 2 → 11-digit TER+KOD1+KOD2+KOD3. The
 * published control number (KC) must equal the one computed from the code by the classifier
 * method (classifierControlNumber); a mismatch rejects the row with a report.
 * `area` = the name of the unit's municipal district or city okrug (the section-1 row
 * TER+KOD1+000), its own name for a district or okrug.
 */
import { classifierControlNumber } from '@tko/contract';
import type { OktmoRow } from './read';

export interface OktmoUnit {
  code: string;
  name: string;
  area: string | null;
  centre: string | null;
  effectiveDate: string | null;
}

export interface OktmoRejected {
  line: number;
  text: string;
  reason: string;
}

export interface OktmoPlan {
  units: OktmoUnit[];
  /** Heading rows (not units), by line. */
  headings: { line: number; name: string }[];
  rejected: OktmoRejected[];
}

/** True when the row is a grouping node of the classifier (see the module doc). */
export function isHeading(r: Pick<OktmoRow, 'section' | 'kod1' | 'kod2' | 'kod3' | 'name'>): boolean {
  if (r.name.endsWith('/')) return true;
  if (r.section === '2') return r.kod3 === '000';
  return r.kod2 === '000' ? r.kod1.endsWith('00') : r.kod2.endsWith('00');
}

/** The unit's code: 8 digits in section 1, 11 in section 2. */
export function unitCode(r: Pick<OktmoRow, 'section' | 'ter' | 'kod1' | 'kod2' | 'kod3'>): string {
  return r.section === '2' ? r.ter + r.kod1 + r.kod2 + r.kod3 : r.ter + r.kod1 + r.kod2;
}

/** Splits parsed rows into units, headings and rejected rows. Pure. */
export function planOktmo(rows: OktmoRow[]): OktmoPlan {
  const plan: OktmoPlan = { units: [], headings: [], rejected: [] };
  const districtName = new Map<string, string>();
  const good: OktmoRow[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const text = [r.ter, r.kod1, r.kod2, r.kod3, r.name].join(' ');
    if (r.problem) {
      plan.rejected.push({ line: r.line, text, reason: r.problem });
      continue;
    }
    const code = unitCode(r);
    const expected = classifierControlNumber(code);
    if (expected !== Number(r.kc)) {
      plan.rejected.push({ line: r.line, text, reason: `контрольное число ${r.kc} не сходится с кодом (должно быть ${expected})` });
      continue;
    }
    if (isHeading(r)) {
      plan.headings.push({ line: r.line, name: r.name });
      continue;
    }
    if (seen.has(code)) {
      plan.rejected.push({ line: r.line, text, reason: `код ${code} повторяется` });
      continue;
    }
    seen.add(code);
    if (r.section === '1' && r.kod2 === '000') districtName.set(r.ter + r.kod1, r.name);
    good.push(r);
  }
  for (const r of good) {
    plan.units.push({
      code: unitCode(r),
      name: r.name,
      area: districtName.get(r.ter + r.kod1) ?? null,
      centre: r.centre || null,
      effectiveDate: r.effectiveAt,
    });
  }
  return plan;
}
