/**
 * A flat list of catalogue rows linked by `parent_code` (the facility's `fkko_tree`: the chosen
 * ФККО codes and all their ancestors) turned into nested tree nodes. Pure: the tree widget
 * (tree-value.tsx) renders the nodes.
 */
import type { ReactNode } from 'react';

export interface TreeRow {
  code: string;
  parent_code: string | null;
  title?: string;
  name?: string;
  selected?: boolean;
}

export interface TreeNode {
  key: string;
  title: ReactNode;
  children: TreeNode[];
  isLeaf: boolean;
}

/** True for a non-empty list of rows with `code` and `parent_code`. */
export function isTreeRows(value: unknown): value is TreeRow[] {
  return Array.isArray(value) && value.length > 0 && value.every((r) => r && typeof r === 'object' && typeof (r as TreeRow).code === 'string' && 'parent_code' in (r as object));
}

/** Nested nodes in list order; a row whose parent is not in the list is a root. */
export function buildTree(rows: TreeRow[], render: (r: TreeRow) => ReactNode = (r) => r.title ?? r.name ?? r.code): TreeNode[] {
  const codes = new Set(rows.map((r) => r.code));
  const childrenOf = new Map<string | null, TreeRow[]>();
  for (const r of rows) {
    const parent = r.parent_code && codes.has(r.parent_code) ? r.parent_code : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), r]);
  }
  const build = (parent: string | null): TreeNode[] =>
    (childrenOf.get(parent) ?? []).map((r) => {
      const children = build(r.code);
      return { key: r.code, title: render(r), children, isLeaf: children.length === 0 };
    });
  return build(null);
}
