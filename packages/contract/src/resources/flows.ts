/**
 * Waste flows of the territorial scheme (потоки отходов; spec 03 §3 «Flow», §5, §7 «Flows»; issue
 * 11 §1): present flows `/api/flows/present/` (permission resource 'flows-present') and predicted
 * flows `/api/flows/predicted/` ('flows-predicted'). A flow runs from a start location (the
 * source area: address and point) to an end location (the facility's address and point), names
 * the waste management facility (`wmf`, tracked but not required, spec 03 §5) and lists its
 * wastes — the ФККО code (11 digits; child rows keep plain values, so the code, not a link), the waste's name as given (`fkko_value`) and the volume in tonnes a year.
 * `total_volume` (t/year) is the sum of the wastes, kept by the database on every write (the map
 * draws a flow's width by it). Present flows carry `predict_coeff` (the yearly change factor the
 * prediction applies, 1 = no change); predicted flows carry `year` (required) and `generated`
 * (made by POST /api/flows/predicted/generate/, replaced by the next generation of that year).
 *
 * Required (spec 03 §5): start_coordinates, start_location, end_coordinates, end_location; year
 * on predicted flows — a 400 on the field. Method of the generation: docs/DECISIONS.md
 * «Operations: flows, dispatcher, documents» (ПП РФ от 22.09.2018 № 1130).
 */
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import { requiredInt } from './tariffs';

/**
 * A ФККО code typed as the printed catalogue writes it (Приказ Росприроднадзора от 22.05.2017
 * № 242: groups «7 31 110 01 72 4») → the 11 digits; other text is left for {@link checkFkkoCode}.
 */
export function normaliseFkkoCode(value: string): string {
  return /^[\d\s\u00a0\u202f]+$/.test(value) ? value.replace(/[\s\u00a0\u202f]+/g, '') : value;
}

/** A ФККО code: 11 digits (Приказ Росприроднадзора от 22.05.2017 № 242); spaces are not kept. */
export function checkFkkoCode(value: string): string | null {
  return /^\d{11}$/.test(value) ? null : 'Код ФККО — 11 цифр, например 73111001724 или 7 31 110 01 72 4.';
}

/** Waste management facilities, shown by their name. */
export const WASTE_MANAGEMENT_FACILITY: RefTarget = { resource: 'waste-management-facility' };

/** One waste of a flow (the 'Отходы' tab's sub-card). */
const wasteFields = {
  fkko: f.text('Код ФККО', { max: 11, validate: checkFkkoCode, normalise: normaliseFkkoCode, catalogue: 'fkko', help: 'Код или наименование — подходящие виды отходов из каталога появятся в списке; код можно как в печатном каталоге: 7 31 110 01 72 4.' }),
  fkko_value: f.text('Наименование отхода', { max: 1000 }),
  volume: f.decimal('Объём, т/год', { required: true, scale: 3, max: 1e9, unit: 'т/год' }),
};

const TABS = [
  { key: 'general', label: 'Общие сведения' },
  { key: 'wastes', label: 'Отходы' },
];

/** Fields of both flow registries, in the spec's order. */
function flowFields() {
  return {
    id: f.id(),
    start_location: f.text('Откуда (адрес)', { required: true, max: 1000, list: true }),
    start_coordinates: f.point('Откуда (координаты)', { required: true }),
    end_location: f.text('Куда (адрес)', { required: true, max: 1000, list: true }),
    end_coordinates: f.point('Куда (координаты)', { required: true }),
    wmf: f.ref('Объект обращения с отходами', WASTE_MANAGEMENT_FACILITY, { list: true }),
    total_volume: f.decimal('Всего, т/год', { readOnly: true, scale: 3, unit: 'т/год', list: true }),
    wastes: f.children('Отходы', { fields: wasteFields, rollups: ['total_volume'] }, { tab: 'wastes', maxItems: 100 }),
  };
}

function flowFilters() {
  return {
    search: { kind: 'text' as const, fields: ['start_location', 'end_location'], label: 'Поиск' },
    wmf: { kind: 'ref' as const, field: 'wmf', label: 'Объект обращения с отходами' },
  };
}

const EXAMPLE = {
  start_location: 'Иркутская обл., г. Ангарск, 22-й микрорайон',
  start_coordinates: '52.537800, 103.874500',
  end_location: 'Иркутская обл., Ангарский р-н, полигон ТКО «Ангарский»',
  end_coordinates: '52.478900, 103.977200',
  wastes: [{ fkko: '73111001724', fkko_value: 'Отходы из жилищ несортированные (исключая крупногабаритные)', volume: '1250.5' }],
};

export const presentFlowResource = defineResource({
  name: 'flows-present',
  section: 'Территориальная схема',
  rowScope: { internal: 'the operator’s waste flows' },
  label: 'Текущие потоки отходов',
  labelOne: 'Текущий поток отходов',
  path: '/api/flows/present/',
  webPath: '/flows/present-flows/',
  tabs: TABS,
  fields: {
    ...flowFields(),
    predict_coeff: f.decimal('Коэффициент прогноза (в год)', { scale: 4, max: 100, default: '1', list: true,
      help: 'Во сколько раз поток меняется за год: 1,02 — рост на 2 % в год.' }),
  },
  filters: flowFilters(),
  ordering: ['id', 'start_location', 'end_location', 'total_volume', 'predict_coeff'],
  defaultOrdering: 'start_location',
  titleField: 'start_location',
  geometryField: 'start_coordinates',
  example: { ...EXAMPLE, predict_coeff: '1.02' },
});

export const predictedFlowResource = defineResource({
  name: 'flows-predicted',
  section: 'Территориальная схема',
  rowScope: { internal: 'the operator’s waste flows' },
  label: 'Прогнозные потоки отходов',
  labelOne: 'Прогнозный поток отходов',
  path: '/api/flows/predicted/',
  webPath: '/flows/predicted-flows/',
  tabs: TABS,
  fields: {
    ...flowFields(),
    year: requiredInt('Год', 2000, 9999, { list: true }),
    generated: f.boolean('Рассчитан автоматически', { readOnly: true, list: true,
      help: 'Поток рассчитан пересчётом прогноза; следующий пересчёт этого года его заменит.' }),
  },
  filters: {
    ...flowFilters(),
    year: { kind: 'int', field: 'year', label: 'Год', min: 2000, max: 9999 },
    generated: { kind: 'bool', field: 'generated', label: 'Рассчитан автоматически' },
  },
  ordering: ['id', 'year', 'start_location', 'end_location', 'total_volume'],
  defaultOrdering: 'year',
  titleField: 'start_location',
  geometryField: 'start_coordinates',
  example: { ...EXAMPLE, year: 2030 },
});
