/** Table columns of a registry: its `list: true` fields, sortable where `def.ordering` allows. */
import type { ResourceDef } from '@tko/contract';
import type { ColumnType } from 'antd/es/table';
import type { Entity } from '../api/resource-client';
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

export function listColumns(def: ResourceDef, ordering: string, opts: { publicOnly: boolean }): ColumnType<Entity>[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => fd.list && !fd.detailOnly && !(opts.publicOnly && fd.private))
    .map(([key, fd]) => ({
      key,
      dataIndex: key,
      title: fd.label,
      sorter: def.ordering.includes(key),
      sortOrder: def.ordering.includes(key) ? sortOrderOf(ordering, key) : undefined,
      sortDirections: ['ascend', 'descend'],
      ellipsis: fd.kind === 'text' && key !== 'location',
      width: fd.kind === 'id' ? 80 : fd.kind === 'point' ? 200 : undefined,
      // Long names (ФККО, organisations) are cut with «…» instead of widening the table; the full text is the cell's title.
      onCell: () => (fd.kind === 'text' && key !== 'location' ? { style: { maxWidth: 480 } } : {}),
      render: (value: unknown) => formatFieldValue(fd, value),
    }));
}
