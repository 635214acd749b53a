/** Table columns of a registry's list. */
import type { ResourceDef } from '@tko/contract';
import type { ColumnType } from 'antd/es/table';
import type { Entity } from '../api/resource-client';
import { columnWidth } from './column-widths';
import { formatFieldValue } from './format';

export type SortOrder = 'ascend' | 'descend' | null;

/** The column's sort state from an `ordering` value (`location`, `-location`). */
export function sortOrderOf(ordering: string, key: string): SortOrder {
  if (ordering === key) return 'ascend';
  if (ordering === `-${key}`) return 'descend';
  return null;
}

/** The `ordering` value of a column's sort state; the default ordering when cleared. */
export function orderingOf(key: string, order: SortOrder, fallback: string): string {
  if (order === 'ascend') return key;
  if (order === 'descend') return `-${key}`;
  return fallback;
}

/**
 * Table columns of a registry: the `shown` fields in their order (column-choice.ts), sortable
 * where `def.ordering` allows, each of its kind's width (column-widths.ts). Texts longer than
 * their column are cut with «…» and read whole in the cell's tooltip (`title`).
 */
export function listColumns(def: ResourceDef, ordering: string, shown: readonly string[]): ColumnType<Entity>[] {
  return shown.map((key) => {
    const fd = def.fields[key]!;
    return {
      key,
      dataIndex: key,
      title: fd.label,
      sorter: def.ordering.includes(key),
      sortOrder: def.ordering.includes(key) ? sortOrderOf(ordering, key) : undefined,
      sortDirections: ['ascend', 'descend'],
      width: columnWidth(fd),
      ellipsis: true,
      render: (value: unknown) => formatFieldValue(fd, value),
    };
  });
}
