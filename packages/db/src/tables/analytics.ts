/**
 * Analytics registries of issue 12 §3–§5 (migration 20261124140000_balance_wki_tariffs): the
 * simulated balance (`balance`; `file` is import_file_id), target indicators (`wki` with the
 * child tables wki_actual / wki_planned), predicted tariffs and regional operator tariffs.
 */
import type { TableMapping } from './types';

export const analyticsTables: Record<string, TableMapping> = {
  balance: { table: 'balance', columns: { file: 'import_file_id' } },
  wki: {
    table: 'wki',
    children: {
      actual_indications: { table: 'wki_actual', parentKey: 'wki_id' },
      planned_indications: { table: 'wki_planned', parentKey: 'wki_id' },
    },
  },
  'tariff-predicted': { table: 'predicted_tariff' },
  'tariff-reg-operator': { table: 'reg_operator_tariff' },
};
