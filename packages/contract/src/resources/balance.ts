/**
 * Simulated waste balance (спецификация 03 «Simulated balance row», issue 12 §3): one row per
 * year (2015–2030, spec 03 §9) and ФККО code, quantities in tonnes:
 *   year_begin (остаток на начало года), created (образовано), received (поступило),
 *   processed (обработано), recycled (утилизировано), neutralized (обезврежено),
 *   disposed (размещено: захоронено), sended (передано другим), stored (хранится),
 *   year_end (остаток на конец года).
 * The identity year_end = year_begin + created + received − processed − recycled − neutralized
 * − disposed − sended (empty = 0) is checked by the database (generated column, migration
 * 20261124140000): a row that breaks it is stored and flagged `identity_broken`, not refused.
 * `hazard_class` is the ФККО code's (copied by a trigger). Rows come from the BALANCE template
 * of the system import (one xlsx per year) or are typed in; `file` is the import file a row came
 * from (deleting the file deletes its rows: routes/balance.ts).
 *
 * Not in `resources` (the generic registry test needs bodies without references; a balance row
 * always names a ФККО code): the balance module registers its generic routes itself, plus
 * PUT/DELETE {year}/{fkko_id}/ and export/ (routes/balance.ts).
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import type { RefTarget } from '../common/fields';
import { FKKO } from './fkko';
import { notNull, requiredInt } from './tariffs';

/** Balance files: import files of the BALANCE template (GET /api/balance/simulated-file/). */
export const BALANCE_FILE: RefTarget = { resource: 'balance-file' };

export const BALANCE_YEARS: [number, number] = [2015, 2030];
export const HAZARD_CLASSES = [1, 2, 3, 4, 5] as const;

/** The quantities of a row in the order of the balance (and of the export). */
export const BALANCE_QUANTITIES = [
  'year_begin', 'created', 'received', 'processed', 'recycled', 'neutralized', 'disposed', 'sended', 'stored', 'year_end',
] as const;
export type BalanceQuantity = (typeof BALANCE_QUANTITIES)[number];

const t = (label: string) => f.decimal(`${label}, т`, { list: true, scale: 3, max: 1e12, unit: 'т' });

export const balanceResource = defineResource({
  name: 'balance',
  section: 'Аналитика',
  rowScope: { internal: 'the regional operator’s modelled balance' },
  label: 'Моделируемый баланс',
  labelOne: 'Строка баланса',
  path: '/api/balance/simulated/',
  publicPath: '/api/public/v1/balance/',
  webPath: '/analitics/balance/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    year: requiredInt('Год', BALANCE_YEARS[0], BALANCE_YEARS[1], { list: true }),
    fkko: f.ref('Код ФККО', FKKO, { required: true, list: true }),
    hazard_class: f.integer('Класс опасности', { readOnly: true, list: true }),
    year_begin: t('Остаток на начало года'),
    created: t('Образовано'),
    received: t('Поступило от других'),
    processed: t('Обработано'),
    recycled: t('Утилизировано'),
    neutralized: t('Обезврежено'),
    disposed: t('Размещено (захоронено)'),
    sended: t('Передано другим'),
    stored: t('Хранится'),
    year_end: t('Остаток на конец года'),
    identity_broken: f.boolean('Баланс не сходится', {
      readOnly: true, list: true,
      help: 'Остаток на конец года ≠ остаток на начало + образовано + поступило − обработано − утилизировано − обезврежено − размещено − передано.',
    }),
    file: f.ref('Файл импорта', BALANCE_FILE, { help: 'Файл системного импорта (шаблон BALANCE), из которого пришла строка.' }),
  },
  filters: {
    year: { kind: 'int', field: 'year', label: 'Год', min: BALANCE_YEARS[0], max: BALANCE_YEARS[1] },
    hazard_class: { kind: 'int', field: 'hazard_class', label: 'Класс опасности', min: 0, max: 5 },
    fkko: { kind: 'ref', field: 'fkko', label: 'Код ФККО' },
    identity_broken: { kind: 'bool', field: 'identity_broken', label: 'Баланс не сходится' },
  },
  keyColumns: ['fkko', 'created', 'received', 'processed', 'recycled', 'neutralized', 'disposed', 'sended', 'stored', 'year_end'],
  ordering: ['id', 'year', 'hazard_class', ...BALANCE_QUANTITIES],
  defaultOrdering: 'year',
  aggregates: Object.fromEntries(BALANCE_QUANTITIES.map((k) => [`total_${k}`, { sum: k }])),
  titleField: 'year',
  check: (v) => notNull(v, ['year', 'fkko']),
  example: { year: 2024, created: '120.500', year_begin: '10', received: '5', processed: '100', disposed: '20', year_end: '15.5' },
});

/** `year_end` as the identity gives it (tonnes, 3 decimals); empty quantities count as 0. */
export function balanceYearEnd(row: Partial<Record<BalanceQuantity, string | number | null>>): string {
  const v = (k: BalanceQuantity) => Math.round(Number(row[k] ?? 0) * 1000);
  const milli = v('year_begin') + v('created') + v('received') - v('processed') - v('recycled') - v('neutralized') - v('disposed') - v('sended');
  return (milli / 1000).toFixed(3);
}
