/**
 * The objects of the second pass (issue 9 §1), rows arriving in file order from the stream: a
 * row outside the scan's groups (scan.ts) is one object at once; in a group resolved «apart»
 * each row is; «skip» and «error» keep the group's first row and leave out (with a warning) or
 * fail the repeats; «merge» — and rows of one point under options.duplicates = same_point —
 * wait for the group's last row, then merge the bodies (group.ts mergeBodies) with a warning per
 * field the rows disagree on. Only the rows of a group still waiting are held.
 */
import type { ImportOptions, Point } from '@tko/contract';
import type { ConvertedRow } from './convert';
import type { PlannedGroup } from './duplicates';
import { findDuplicateGroups, resolutionOf, SamePoint } from './duplicates';
import type { RowGroup } from './group';
import { mergeBodies, showLines, showValue } from './group';
import type { ImportTemplate } from './templates/types';

interface Plan {
  group: PlannedGroup;
  how: 'apart' | 'merge' | 'skip' | 'error';
  rows: ConvertedRow[];
  left: number;
}

export class GroupAssembler {
  /** Rows merged into an earlier row of their group. */
  mergedRows = 0;
  /** Rows left out by a «skip» resolution. */
  skippedRows = 0;
  private readonly plans = new Map<number, Plan>();

  constructor(
    private readonly template: ImportTemplate,
    options: ImportOptions,
    groups: PlannedGroup[],
    /** Receives the report's warnings (merged rows that disagreed). */
    private readonly warn: (text: string) => void,
  ) {
    for (const g of groups) {
      const plan: Plan = { group: g, how: g.samePoint ? 'merge' : resolutionOf(options, g.id), rows: [], left: g.members.length };
      for (const i of g.members) this.plans.set(i, plan);
    }
  }

  /** The objects row `i` (the file's i-th data row) completes: none for a failed row, a left-out repeat or a merge still waiting. */
  take(i: number, row: ConvertedRow): RowGroup[] {
    const plan = this.plans.get(i);
    if (plan) this.plans.delete(i);
    if (!row.body) {
      if (plan && --plan.left === 0) return this.merged(plan);
      return [];
    }
    if (!plan || plan.how === 'apart') return [single(row)];
    const g = plan.group;
    if (plan.how === 'skip' || plan.how === 'error') {
      if (i === g.members[0]) return [single(row)];
      const text = `строка ${g.line} описывает тот же объект (${g.reason.toLowerCase()})`;
      if (plan.how === 'error') row.errors.push(`Повтор: ${text}.`);
      else {
        row.warnings.push(`Не импортирована (решение «пропустить»): ${text}.`);
        this.skippedRows++;
      }
      row.body = null;
      return [];
    }
    plan.rows.push(row);
    return --plan.left === 0 ? this.merged(plan) : [];
  }

  private merged(plan: Plan): RowGroup[] {
    const { template } = this;
    const members = plan.rows;
    if (members.length <= 1) return members.map(single);
    this.mergedRows += members.length - 1;
    const { body, conflicts } = mergeBodies(template, members.map((r) => r.body!));
    for (const [field, values] of Object.entries(conflicts)) {
      const label = template.def.fields[field]?.label ?? template.targets.find((t) => t.field === field)?.label ?? field;
      const where = plan.group.samePoint ? ` (${plan.group.reason.toLowerCase()})` : '';
      this.warn(`Строки ${showLines(members)} объединены${where}: разные значения поля «${label}», взято «${showValue(values[0])}», также ${values.slice(1).map((v) => `«${showValue(v)}»`).join(', ')}.`);
    }
    return [{ key: null, rows: members, body, createOnly: template.afterMerge?.(body, conflicts) ?? {} }];
  }
}

const single = (r: ConvertedRow): RowGroup => ({ key: null, rows: [r], body: r.body!, createOnly: {} });

export interface GroupResult {
  groups: RowGroup[];
  /** Rows merged into an earlier row of their group. */
  mergedRows: number;
  /** Rows left out by a «skip» resolution. */
  skippedRows: number;
  warnings: string[];
}

/**
 * The objects of rows already in memory, by the same rules as a run (GroupAssembler): the
 * look-alike groups (duplicates.ts), or with options.duplicates = same_point the rows of one
 * point, resolved as the user or options.duplicates say. Rows without a body (failed) are left out.
 */
export function groupRows(template: ImportTemplate, rows: ConvertedRow[], options: ImportOptions): GroupResult {
  let planned: PlannedGroup[];
  if (options.duplicates === 'same_point' && template.pointField) {
    const samePoint = new SamePoint();
    rows.forEach((r, i) => r.body && samePoint.add(i, r.line, r.body[template.pointField!] as Point | undefined));
    planned = samePoint.groups();
  } else planned = findDuplicateGroups(template, rows).map((g) => ({ ...g, samePoint: false }));
  const warnings: string[] = [];
  const assembler = new GroupAssembler(template, options, planned, (w) => warnings.push(w));
  const groups = rows.flatMap((r, i) => assembler.take(i, r));
  return { groups, mergedRows: assembler.mergedRows, skippedRows: assembler.skippedRows, warnings };
}
