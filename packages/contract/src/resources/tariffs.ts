/**
 * Tariffs (spec 03 «Tariffs», issue 12 §5).
 *
 * Predicted tariff (прогнозный единый тариф регионального оператора): every field of spec 03 §3;
 * the required ones of spec 03 §5. Unless `manual_calculation`, the database computes
 * transportation_expenses, tariff_of_volume and tariff_of_weight on every write (trigger
 * predicted_tariff_compute, migration 20261124140000) by the method of Приказ ФАС России от
 * 21.11.2016 № 1638/16 (docs/DECISIONS.md «Analytics: balance, target indicators, tariffs»):
 *   ТР  = transportation_cost (руб/км) × flows_total_distance (км/год)
 *   НВВ = operating_expenses + ТР + operators_expenses + environmental_charge + sales_expenses
 *         + contracts_maintenance_expenses + revenue_correction          (empty = 0 but for the required ones)
 *   tariff_of_volume = НВВ / (transportation_waste_volume ?? flows_total_waste_volume)   руб/м³
 *   tariff_of_weight = НВВ / transportation_waste_weight                                  руб/т
 * rounded to kopecks. `predictedTariff()` is the same formula (the card's preview).
 *
 * Regional operator tariff: reg_operator, kind, name, start/end date, cost, unit; two tariffs of
 * one operator and one kind may not overlap in time (400 on start_date; exclusion constraint).
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { FieldDef } from '../common/fields';
import { isCalendarDate } from '../common/dates';
import { MSG } from '../common/messages';
import { defineResource } from '../common/resource';
import { defineEnum } from '../enums/define-enum';
import { LEGAL_ENTITY } from './refs';

const RUB = { scale: 2, max: 1e14, unit: 'руб.' };

/** A decimal that may be negative (a revenue correction returns over-earned revenue). */
function signedDecimal(label: string, o: { tab?: string; list?: boolean; help?: string } = {}): FieldDef {
  const base = f.decimal(label, { ...RUB, ...o });
  const write = z.union([z.number(), z.string()], { error: MSG.number }).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(s) || Math.abs(Number(s)) > RUB.max) {
      ctx.addIssue({ code: 'custom', message: MSG.number });
      return z.NEVER;
    }
    return Number(s).toFixed(2);
  }).nullable();
  return { ...base, write } as FieldDef;
}

/**
 * A required integer within [min, max]: a missing value is «Обязательное поле.», as for every
 * other required field (f.integer says «Введите правильное целое число.» for it).
 */
export function requiredInt(label: string, min: number, max: number, o: { list?: boolean; tab?: string } = {}): FieldDef {
  const base = f.integer(label, { ...o, required: true, min, max });
  const write = z.number({ error: (iss) => (iss.input === undefined ? MSG.required : iss.input === null ? MSG.notNull : MSG.integer) })
    .int(MSG.integer).min(min, MSG.min(min)).max(max, MSG.max(max));
  return { ...base, write } as FieldDef;
}

/** A required date (YYYY-MM-DD): a missing value is «Обязательное поле.». */
export function requiredDate(label: string, o: { list?: boolean; tab?: string } = {}): FieldDef {
  const base = f.date(label, { ...o, required: true });
  const write = z.string({ error: (iss) => (iss.input === undefined ? MSG.required : iss.input === null ? MSG.notNull : MSG.date) }).refine((s) => isCalendarDate(s), MSG.date);
  return { ...base, write } as FieldDef;
}

/** «Это поле не может быть пустым.» for each of `keys` sent as null (their columns are NOT NULL). */
export function notNull(v: Record<string, unknown>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((k) => v[k] === null).map((k) => [k, MSG.notNull]));
}

const CALC = 'Рассчитывается, если не выбран ручной расчёт.';

export const predictedTariffResource = defineResource({
  name: 'tariff-predicted',
  section: 'Аналитика',
  rowScope: { internal: 'the operator’s tariff forecast' },
  label: 'Прогнозные тарифы',
  labelOne: 'Прогнозный тариф',
  path: '/api/tariffs/predicted/',
  publicPath: '/api/public/v1/tariffs/predicted/',
  webPath: '/analitics/tariff/predicted/',
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'expenses', label: 'Расходы и объёмы' }],
  fields: {
    id: f.id(),
    year: requiredInt('Год', 2000, 9999, { list: true }),
    manual_calculation: f.boolean('Ручной расчёт', { list: true, help: 'Тарифы и расходы на транспортирование вводятся вручную, а не рассчитываются.' }),
    tariff_of_volume: f.decimal('Тариф за 1 м³', { ...RUB, list: true, unit: 'руб/м³', help: CALC }),
    tariff_of_weight: f.decimal('Тариф за 1 т', { ...RUB, list: true, unit: 'руб/т', help: CALC }),
    operating_expenses: f.decimal('Операционные расходы', { ...RUB, required: true, tab: 'expenses' }),
    transportation_expenses: f.decimal('Расходы на транспортирование', { ...RUB, tab: 'expenses', list: true, help: CALC }),
    flows_total_distance: f.decimal('Общий пробег потоков', { scale: 3, max: 1e14, unit: 'км', required: true, tab: 'expenses' }),
    flows_total_waste_volume: f.decimal('Общий объём потоков', { scale: 3, max: 1e14, unit: 'м³', required: true, tab: 'expenses' }),
    transportation_cost: f.decimal('Стоимость транспортирования', { ...RUB, unit: 'руб/км', required: true, tab: 'expenses' }),
    sales_expenses: f.decimal('Сбытовые расходы', { ...RUB, required: true, tab: 'expenses' }),
    contracts_maintenance_expenses: f.decimal('Расходы на сопровождение договоров', { ...RUB, required: true, tab: 'expenses' }),
    operators_expenses: f.decimal('Расходы на услуги операторов по обработке, обезвреживанию, захоронению', { ...RUB, tab: 'expenses',
      help: 'По регулируемым тарифам операторов × масса, направляемая на их объекты. Пусто — 0.' }),
    environmental_charge: f.decimal('Плата за негативное воздействие на окружающую среду', { ...RUB, tab: 'expenses',
      help: 'При размещении ТКО: размещаемая масса × ставка платы. Пусто — 0.' }),
    revenue_correction: signedDecimal('Корректировка выручки', { tab: 'expenses', help: 'Может быть отрицательной.' }),
    transportation_waste_volume: f.decimal('Объём транспортируемых ТКО', { scale: 3, max: 1e14, unit: 'м³', tab: 'expenses', help: 'Пусто — берётся общий объём потоков.' }),
    transportation_waste_weight: f.decimal('Масса транспортируемых ТКО', { scale: 3, max: 1e14, unit: 'т', tab: 'expenses' }),
    comment: f.longtext('Комментарий', { help: 'Основание прогноза, сценарий.' }),
  },
  filters: {
    year: { kind: 'int', field: 'year', label: 'Год', min: 2000, max: 2100 },
    manual_calculation: { kind: 'bool', field: 'manual_calculation', label: 'Ручной расчёт' },
    search: { kind: 'text', fields: ['comment'], label: 'Поиск по комментарию' },
  },
  ordering: ['id', 'year'],
  defaultOrdering: '-year',
  titleField: 'year',
  check: (v) => notNull(v, ['year']),
  example: {
    year: 2027,
    comment: 'Базовый сценарий',
    operating_expenses: '1000000',
    flows_total_distance: '50000',
    flows_total_waste_volume: '100000',
    transportation_cost: '60',
    sales_expenses: '150000',
    contracts_maintenance_expenses: '50000',
    revenue_correction: '-200000',
    transportation_waste_weight: '20000',
  },
});

type Money = string | number | null | undefined;

/**
 * The computed values of a predicted tariff (the formula above; strings with 2 decimals, null
 * where a divisor is missing or zero). The database's trigger is the one that stores them.
 */
export function predictedTariff(v: Record<string, Money | boolean>): { transportation_expenses: string; tariff_of_volume: string | null; tariff_of_weight: string | null } {
  const n = (k: string) => Number(v[k] ?? 0);
  const kop = (x: number) => Math.round(x * 100) / 100;
  const tr = kop(n('transportation_cost') * n('flows_total_distance'));
  const nvv = n('operating_expenses') + tr + n('operators_expenses') + n('environmental_charge') + n('sales_expenses') + n('contracts_maintenance_expenses') + n('revenue_correction');
  const vol = v.transportation_waste_volume != null && v.transportation_waste_volume !== '' ? n('transportation_waste_volume') : n('flows_total_waste_volume');
  const w = n('transportation_waste_weight');
  return {
    transportation_expenses: tr.toFixed(2),
    tariff_of_volume: vol > 0 ? kop(nvv / vol).toFixed(2) : null,
    tariff_of_weight: w > 0 ? kop(nvv / w).toFixed(2) : null,
  };
}

export const RegOperatorTariffKind = defineEnum('RegOperatorTariffKind', {
  SINGLE: 'Единый тариф регионального оператора',
  TRANSPORTATION: 'Транспортирование',
  PROCESSING: 'Обработка',
  NEUTRALIZATION: 'Обезвреживание',
  DISPOSAL: 'Захоронение',
});
export const TariffUnit = defineEnum('TariffUnit', { RUB_PER_M3: 'руб/м³', RUB_PER_TON: 'руб/т' });

export const regOperatorTariffResource = defineResource({
  name: 'tariff-reg-operator',
  section: 'Аналитика',
  rowScope: { shared: 'tariffs approved by the regulator (public)' },
  label: 'Тарифы регионального оператора',
  labelOne: 'Тариф регионального оператора',
  path: '/api/tariffs/reg-operator/',
  webPath: '/analitics/tariff/reg-operator/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    reg_operator: f.ref('Региональный оператор', LEGAL_ENTITY, { list: true }),
    kind: f.enum('Вид тарифа', RegOperatorTariffKind, { required: true, list: true }),
    name: f.text('Наименование', { required: true, max: 500, list: true }),
    start_date: requiredDate('Действует с', { list: true }),
    end_date: f.date('Действует по', { list: true, help: 'Пусто — действует бессрочно.' }),
    cost: f.decimal('Стоимость', { ...RUB, required: true, list: true }),
    unit: f.enum('Единица', TariffUnit, { required: true, list: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name'], label: 'Поиск' },
    kind: { kind: 'enum', field: 'kind', enum: RegOperatorTariffKind, label: 'Вид тарифа' },
    reg_operator: { kind: 'ref', field: 'reg_operator', label: 'Региональный оператор' },
  },
  ordering: ['id', 'name', 'kind', 'start_date', 'end_date', 'cost'],
  defaultOrdering: '-start_date',
  titleField: 'name',
  check: (v) => {
    const s = v.start_date as string | null | undefined;
    const e = v.end_date as string | null | undefined;
    return { ...notNull(v, ['start_date']), ...(s && e && e < s ? { end_date: 'Дата окончания не может быть раньше даты начала.' } : {}) };
  },
  example: { kind: 'SINGLE', name: 'Единый тариф на услугу регионального оператора', start_date: '2026-01-01', end_date: '2026-12-31', cost: '612.45', unit: 'RUB_PER_M3' },
});
