/**
 * The data sources the product's own loaders write into `data_import_source` (the common field
 * «Источник данных», spec 02 §3), declared once: the stored key (which also keys the loader's
 * upserts, so it never changes) and the Russian name every screen and spreadsheet shows instead of
 * the key. A value not declared here — typed by a person, or «Импорт файла «…»» written by the
 * file import — is shown as it is.
 */
import { defineEnum } from './define-enum';

/** The stored keys: the loaders (packages/db angarsk/import.ts, oktmo/import.ts) write these. */
export const IMPORT_SOURCE = {
  /** The Angarsk route plan (shared/data/angarsk/angarsk_route_plan_example2.cp1251.csv, docs/DATA.md). */
  angarskRoutePlan: 'angarsk_route_plan_example2',
  /** Rosstat's ОКТМО classifier (ОК 033-2013, docs/DATA.md «ОКТМО»). */
  oktmo: 'oktmo',
} as const;

/** Russian names of the declared sources. */
export const ImportSource = defineEnum('import_source', {
  [IMPORT_SOURCE.angarskRoutePlan]: 'План маршрутов Ангарска (импорт)',
  [IMPORT_SOURCE.oktmo]: 'Классификатор ОКТМО (Росстат)',
});

/** What «Источник данных» shows for a stored value: a declared source by its Russian name, any other value as it is. */
export function importSourceLabel(value: string): string {
  return ImportSource.label(value);
}
