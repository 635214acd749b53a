/**
 * Field matching of an import file (spec 03 §4), pure: which required fields a mapping leaves
 * uncovered — the same rule as the server's (@tko/import matching.ts `missingTargets`): a
 * required target counts when mapped; a group (e.g. `coordinates`) is covered by its own field
 * or by all its other members together (Широта + Долгота), and reported once under the field —
 * and the choices of one column's select.
 */
import type { ImportTarget } from '@tko/contract';

export type ColumnMapping = Record<string, string | null>;

/** Labels of the required targets `mapping` leaves uncovered, in template order. */
export function missingRequired(targets: readonly ImportTarget[], mapping: ColumnMapping): string[] {
  const mapped = new Set(Object.values(mapping).filter((v): v is string => Boolean(v)));
  const missing: string[] = [];
  for (const t of targets) {
    if (!t.required || mapped.has(t.field)) continue;
    if (t.group) {
      const members = targets.filter((m) => m.group === t.group && m.field !== t.group);
      const own = targets.find((m) => m.field === t.group);
      if ((own && mapped.has(own.field)) || (members.length > 0 && members.every((m) => mapped.has(m.field)))) continue;
      if (t.field !== t.group) continue;
    }
    missing.push(t.label);
  }
  return missing;
}

export interface TargetOption {
  value: string;
  label: string;
  /** Already chosen for another column (a target takes one column). */
  disabled: boolean;
}

/** The choices of `column`'s select: every target, those taken by other columns disabled. */
export function targetOptions(targets: readonly ImportTarget[], mapping: ColumnMapping, column: string): TargetOption[] {
  const taken = new Set(Object.entries(mapping).filter(([c, t]) => c !== column && t).map(([, t]) => t));
  return targets.map((t) => ({ value: t.field, label: t.required ? `${t.label} *` : t.label, disabled: taken.has(t.field) }));
}

/** The mapping with `column` set to `target` (null = not imported). */
export function setColumn(mapping: ColumnMapping, column: string, target: string | null): ColumnMapping {
  return { ...mapping, [column]: target || null };
}

/** Whether two mappings differ (a save is needed before processing). */
export function mappingChanged(a: ColumnMapping, b: ColumnMapping): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? null) !== (b[k] ?? null)) return true;
  return false;
}
