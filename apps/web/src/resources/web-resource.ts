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

/** The neutral texts of a registry; aggregates are named by their field's label. */
export function defaultTexts(def: ResourceDef): WebTexts {
  const aggregateLabels: Record<string, string> = {};
  for (const key of Object.keys(def.aggregates ?? {})) aggregateLabels[key] = (def.fields[key]?.label ?? key).toLowerCase();
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
