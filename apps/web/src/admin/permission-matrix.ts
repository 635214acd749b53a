/**
 * The permission matrix of a role card (issue 14 §2): sections × resources as rows, the five
 * actions as columns; a cell exists only where the product checks that permission (the list of
 * GET /api/roles/permissions/). Pure, for the unit test.
 */
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionItem } from '@tko/contract';

export interface MatrixRow {
  /** Row key: the section for a section header, else the resource. */
  key: string;
  section: string;
  resource?: string;
  label: string;
  /** Permission name per action the product checks. */
  cells: Partial<Record<PermissionAction, string>>;
}

/** Rows in the list's order: a header row per section, then its resources. */
export function matrixRows(items: PermissionItem[]): MatrixRow[] {
  const rows: MatrixRow[] = [];
  const byResource = new Map<string, MatrixRow>();
  for (const p of items) {
    let row = byResource.get(p.resource);
    if (!row) {
      if (!rows.some((r) => r.key === `section:${p.section}`)) rows.push({ key: `section:${p.section}`, section: p.section, label: p.section, cells: {} });
      row = { key: p.resource, section: p.section, resource: p.resource, label: p.resource_label, cells: {} };
      byResource.set(p.resource, row);
      rows.push(row);
    }
    row.cells[p.action] = p.name;
  }
  return rows;
}

/** Grants or withdraws every permission of `names` in `granted`. */
export function setAll(granted: Record<string, boolean>, names: string[], on: boolean): Record<string, boolean> {
  const next = { ...granted };
  for (const n of names) {
    if (on) next[n] = true;
    else delete next[n];
  }
  return next;
}

export const ACTIONS: readonly PermissionAction[] = PERMISSION_ACTIONS;
