/**
 * The read-only dictionaries of the pickers (spec 01 §7, spec 02 §7 "Staff", "Fleet", spec 03 §7
 * "Dispatcher"), described as registries (`readOnly`): municipal formations, refuse-truck
 * models, staff positions and driving-licence categories. Each answers a registry list
 * `{count, next, previous, results}` (page from 1, page_size up to 500 — spec 01 §9: dictionary
 * loads use 500 and follow `next`), `search` (a case-insensitive substring of the name or code),
 * `ordering`, and a card `{path}{id}/`; any signed-in user reads them (`viewPermission: 'user'`).
 * Their rows come from migrations (20261122090300_legal_entities_dicts; the 36 vehicle models of
 * 20261125010000_fleet_registries, docs/DATA.md) and, for the formations, the ОКТМО import.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { ResourceDef } from '../common/resource';
import { defineResource } from '../common/resource';
import { LoadingType } from '../enums/waste-area';
import { AdministrativeUnitLevel } from './administrative-unit';

const common: Pick<ResourceDef, 'tabs' | 'readOnly' | 'viewPermission' | 'section'> = {
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  readOnly: true,
  viewPermission: 'user',
  section: 'Справочники',
};

/**
 * Municipal formations: the administrative units of ОКТМО section 1 (districts, okrugs,
 * settlements); a unit without a code (a formation Rosstat has not coded yet) counts too.
 */
export const municipalFormationResource = defineResource({
  ...common,
  name: 'mf',
  rowScope: { shared: 'the federal dictionary of municipal formations (read-only)' },
  label: 'Муниципальные образования',
  labelOne: 'Муниципальное образование',
  path: '/api/dicts/mf/',
  webPath: '/dicts/fleet/mf/',
  fields: {
    id: f.id(),
    code: f.text('Код ОКТМО', { list: true }),
    name: f.text('Наименование', { list: true }),
    level: f.enum('Уровень', AdministrativeUnitLevel, { list: true }),
    area: f.text('Район (муниципальный район, городской округ)', { list: true }),
  },
  filters: { search: { kind: 'text', fields: ['name', 'code'], label: 'Поиск по наименованию или коду' } },
  ordering: ['id', 'code', 'name'],
  defaultOrdering: 'code',
  titleField: 'name',
});

/** Refuse-truck models: body model on a chassis, loading type, body volume (m³), payload and compaction. */
export const vehicleModelResource = defineResource({
  ...common,
  name: 'vehicle-models',
  rowScope: { shared: 'a read-only dictionary of refuse-truck models' },
  label: 'Модели мусоровозов',
  labelOne: 'Модель мусоровоза',
  path: '/api/dicts/vehicle-models/',
  webPath: '/dicts/fleet/vehicle-models/',
  fields: {
    id: f.id(),
    /** «КО-427-72 на шасси КАМАЗ-65115». */
    name: f.computed('Модель на шасси', z.string(), { list: true }),
    make: f.text('Марка шасси', { list: true }),
    model: f.text('Модель кузова', { list: true }),
    chassis: f.text('Шасси', { list: true }),
    manufacturer: f.text('Изготовитель'),
    loading: f.enum('Тип загрузки', LoadingType, { required: true, list: true }),
    body_m3: f.decimal('Объём кузова, м³', { scale: 2, unit: 'м³', list: true }),
    /** The maker's payload (грузоподъёмность), kg. */
    payload_kg: f.integer('Грузоподъёмность, кг', { unit: 'кг' }),
    /** Compaction coefficient range the maker states (1 = no press). */
    compression_min: f.decimal('Коэффициент уплотнения, от', { scale: 2 }),
    compression_max: f.decimal('Коэффициент уплотнения, до', { scale: 2 }),
    /** Gross vehicle weight, kg. */
    gross_weight_kg: f.integer('Полная масса, кг', { unit: 'кг' }),
    /** Where the figures come from (docs/DATA.md). */
    source: f.text('Источник сведений'),
  },
  filters: { search: { kind: 'text', fields: ['model', 'make', 'chassis', 'manufacturer'], label: 'Поиск по модели, шасси или изготовителю' } },
  ordering: ['id', 'make', 'model', 'body_m3'],
  defaultOrdering: 'make,model',
  titleField: 'name',
});

/** Staff positions of a waste-collection operator; drivers need a driving licence. */
export const staffPositionResource = defineResource({
  ...common,
  name: 'staff-positions',
  rowScope: { shared: 'a read-only dictionary of staff positions' },
  label: 'Должности',
  labelOne: 'Должность',
  path: '/api/dicts/positions/',
  webPath: '/dicts/fleet/positions/',
  fields: {
    id: f.id(),
    name: f.text('Наименование', { list: true }),
    description: f.longtext('Описание', { list: true }),
    is_driver: f.boolean('Водитель', { list: true }),
  },
  filters: { search: { kind: 'text', fields: ['name'], label: 'Поиск по наименованию' } },
  ordering: ['id', 'name'],
  // The migration's order (sort_order), which is its insertion order.
  defaultOrdering: 'id',
  titleField: 'name',
});

/** Driving-licence categories and subcategories (ФЗ-196 «О безопасности дорожного движения», ст. 25). */
export const drivingLicenceCategoryResource = defineResource({
  ...common,
  name: 'driving-licence-categories',
  rowScope: { shared: 'a read-only dictionary of driving licence categories' },
  label: 'Категории водительских прав',
  labelOne: 'Категория водительских прав',
  path: '/api/dicts/driving-licence-categories/',
  webPath: '/dicts/fleet/driving-licence-categories/',
  fields: {
    id: f.id(),
    code: f.text('Код', { list: true }),
    name: f.text('Наименование', { list: true }),
    description: f.longtext('Описание'),
    is_subcategory: f.boolean('Подкатегория', { list: true }),
  },
  filters: { search: { kind: 'text', fields: ['code', 'name'], label: 'Поиск по коду или наименованию' } },
  ordering: ['id', 'code', 'name'],
  // The migration's order (sort_order), which is its insertion order.
  defaultOrdering: 'id',
  titleField: 'name',
});
