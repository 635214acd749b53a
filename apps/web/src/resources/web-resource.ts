/** What the web app adds to a registry's contract description: texts of its list and card. */
import type { ResourceDef } from '@tko/contract';

export interface WebResource {
  def: ResourceDef;
  /** Empty-list text: says what to do. */
  emptyText: string;
  /** Russian words for the list-level aggregates in the summary line ("контейнеров: 12"). */
  aggregateLabels: Record<string, string>;
  /** Toast texts. */
  createdText: string;
  savedText: string;
  deletedText: string;
  deleteConfirm: string;
}
