/**
 * Normative units of waste accumulation (расчётные единицы нормативов накопления ТКО), the
 * dictionary behind a waste source's normative figures (spec 02 §3, §7
 * "GET /api/dicts/normative-unit/ (code and id)").
 *
 * Each unit carries its annual accumulation norm per unit in kg and m³. Norms are set per
 * region (ПП РФ от 04.04.2016 № 269 «Об определении нормативов накопления ТКО»: a norm per
 * расчётная единица per year, by volume and by mass). The rows seeded by the migration
 * prisma/migrations/20261122090100_waste_areas_sources are the average annual norms of the
 * Сахалинская область (kg/year and m³/year per unit, as published at
 * https://regoperatory.ru/normativy-tko-sakhalin); an operator of another region edits them
 * here. See docs/DECISIONS.md.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';

export const normativeUnitResource = defineResource({
  name: 'normative-unit',
  section: 'Справочники',
  rowScope: { shared: 'the dictionary of accumulation norms' },
  label: 'Нормативы накопления ТКО',
  labelOne: 'Норматив накопления ТКО',
  path: '/api/dicts/normative-unit/',
  webPath: '/dicts/normative-unit/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    code: f.text('Код', { required: true, max: 50, list: true }),
    name: f.text('Категория объектов и расчётная единица', { required: true, max: 500, list: true }),
    unit: f.text('Расчётная единица', { required: true, max: 100, list: true }),
    kg_per_unit_year: f.decimal('Норматив, кг в год на единицу', { required: true, scale: 3, max: 1e6, unit: 'кг', list: true }),
    m3_per_unit_year: f.decimal('Норматив, м³ в год на единицу', { required: true, scale: 4, max: 1e4, unit: 'м³', list: true }),
    source: f.longtext('Нормативный акт'),
  },
  filters: { search: { kind: 'text', fields: ['code', 'name'], label: 'Поиск' } },
  ordering: ['id', 'code', 'name'],
  defaultOrdering: 'id',
  titleField: 'name',
  // Иркутская область, таблица 4 нормативов (иные муниципальные образования): складские
  // помещения, 0,14 м³ и 0,035 т в год на 1 м² полезной площади.
  example: {
    code: 'WAREHOUSE_AREA',
    name: 'Складские помещения — 1 м² полезной площади',
    unit: '1 м² полезной площади',
    kg_per_unit_year: '35',
    m3_per_unit_year: '0.14',
    source: 'Нормативы накопления ТКО на территории Иркутской области, таблица 4, п. 2.4',
  },
});
