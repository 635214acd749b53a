/**
 * Widths of list columns (px) by field kind, so a registry's key columns fit a 1 440 px screen
 * (issue 26 «lists that fit»): the table is laid out with these widths instead of each cell's
 * longest text; longer texts are cut with «…» and shown whole in the cell's tooltip (`title`),
 * column headers wrap.
 */
import type { FieldDef, FieldKind } from '@tko/contract';

const BY_KIND: Partial<Record<FieldKind, number>> = {
  id: 64,
  integer: 88,
  decimal: 92,
  boolean: 80,
  date: 104,
  datetime: 140,
  time: 80,
  enum: 140,
  enum_list: 170,
  range: 170,
  computed: 140,
  point: 180,
  address: 200,
  person: 160,
  ref: 160,
  refs: 180,
  int_list: 140,
  date_list: 160,
  text: 180,
  longtext: 200,
};

/** The column width of a field, px. */
export function columnWidth(fd: FieldDef): number {
  return BY_KIND[fd.kind] ?? 140;
}

/** Width of the row-selection column (rows may be deleted) and of the row's «Редактировать» column, px. */
export const SELECT_COLUMN_WIDTH = 40;
export const ACTIONS_COLUMN_WIDTH = 56;

/**
 * Room for a list's columns on a 1 440 px screen, px: the window less the menu (280), the page's
 * padding (2 × 24) and a vertical scroll bar (15), less the selection and action columns.
 */
export const LIST_ROOM_AT_1440 = 1440 - 280 - 48 - 15 - SELECT_COLUMN_WIDTH - ACTIONS_COLUMN_WIDTH;
