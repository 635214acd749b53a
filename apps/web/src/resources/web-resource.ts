/**
 * What the web app adds to a registry's contract description: the texts of its list and card.
 * Every text has a neutral default, so a registry needs no web code beyond its section entry
 * (`sections.ts`); a registry may override any text in a line.
 */
import type { ResourceDef } from '@tko/contract';

export interface WebTexts {
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

export interface WebResource extends WebTexts {
  def: ResourceDef;
}

/** The neutral texts of a registry; aggregates are named by their field's label (or the summed field's). */
export function defaultTexts(def: ResourceDef): WebTexts {
  const aggregateLabels: Record<string, string> = {};
  // A sum named like a field (count_containers) takes that field's label, else the label of the field it sums (the balance's total_created).
  for (const [key, a] of Object.entries(def.aggregates ?? {})) aggregateLabels[key] = (def.fields[key]?.label ?? def.fields[a.sum]?.label ?? key).toLowerCase();
  return {
    emptyText: 'Записей не найдено. Измените фильтры или создайте запись.',
    aggregateLabels,
    createdText: 'Запись создана',
    savedText: 'Изменения сохранены',
    deletedText: 'Запись удалена',
    deleteConfirm: 'Удалить запись? Действие нельзя отменить.',
  };
}

/** A registry's web description: the defaults with the given texts over them. */
export function webResource(def: ResourceDef, texts: Partial<WebTexts> = {}): WebResource {
  return { def, ...defaultTexts(def), ...texts };
}
