/**
 * Waste sources (источники образования ТКО), spec 02 §3 "Waste source", §7 "Waste sources":
 * buildings and premises whose waste goes to one or more waste areas. Permission resource
 * 'waste-sources'.
 *
 * Derived figures (read-only, computed by the database on every read):
 *   normative_year_kg = normative_value × normative_unit.kg_per_unit_year   (kg per year)
 *   normative_year_m3 = normative_value × normative_unit.m3_per_unit_year   (m³ per year)
 * normative_value is the number of расчётные единицы (residents, m² of area, places …). The
 * annual quantity of a source is its number of units times the regional norm per unit
 * (ПП РФ от 04.04.2016 № 269, norms per unit per year; ПП РФ от 03.06.2016 № 505, commercial
 * accounting of ТКО by calculation from the accumulation norms). Both are rounded to 3 decimals
 * and answered as strings, like every decimal; null without a unit or a value.
 *
 * Links: `waste_areas` and a site's `waste_sources` are the two sides of one link; writing
 * either side replaces that side's links.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { WasteSourceCategory } from '../enums/other';
import { commonFields } from './common-fields';
import { LEGAL_ENTITY, NORMATIVE_UNIT, WASTE_AREA } from './refs';

/**
 * Кадастровый номер объекта недвижимости (ФЗ от 13.07.2015 № 218-ФЗ, ст. 5): the number of the
 * cadastral quarter — округ:район:квартал, 2, 2 and 6–7 digits — and the object's number after a
 * colon, e.g. 38:26:040101:1234. Returns a Russian message, or null for a good value.
 */
export function checkCadastralNumber(value: string): string | null {
  return /^\d{2}:\d{2}:\d{6,7}:\d{1,10}$/.test(value) ? null : 'Кадастровый номер вводится в формате АА:ВВ:CCCCCCC:КК, например 38:26:040101:1234.';
}

const CH = 'characteristics';

export const wasteSourceResource = defineResource({
  name: 'waste-sources',
  section: 'Территориальная схема',
  rowScope: { organization: ['organizations', 'service_org'] },
  label: 'Источники образования отходов',
  labelOne: 'Источник образования отходов',
  path: '/api/waste-sources/',
  publicPath: '/api/public/v1/waste-sources/',
  webPath: '/terr-schema/waste-sources/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: CH, label: 'Характеристики' },
    { key: 'waste_areas', label: 'Места накопления' },
  ],
  fields: {
    id: f.id(),
    name: f.text('Наименование', { required: true, max: 1000, list: true }),
    ...commonFields(),
    cadastral_number: f.text('Кадастровый номер', { max: 40, list: true, validate: checkCadastralNumber }),
    category: f.enum('Категория', WasteSourceCategory, { required: true, list: true }),
    service_org: f.ref('Обслуживающая организация', LEGAL_ENTITY, { list: true }),
    organizations: f.refs('Организации (собственники, пользователи помещений)', LEGAL_ENTITY,
      { private: true, detailOnly: true, help: 'Могут быть физическими лицами: в открытых ответах не показываются.' }),
    external_identifier: f.text('Внешний идентификатор', { max: 100 }),
    // — characteristics —
    has_chute: f.boolean('Есть мусоропровод', { tab: CH }),
    has_sewerage: f.boolean('Есть канализация', { tab: CH }),
    containerless_collection: f.boolean('Бесконтейнерный сбор', { tab: CH }),
    has_separate_collection: f.boolean('Есть раздельный сбор', { tab: CH }),
    number_of_residents: f.integer('Количество проживающих', { tab: CH, min: 0, list: true }),
    number_of_owners: f.integer('Количество собственников', { tab: CH, min: 0 }),
    normative_unit: f.ref('Расчётная единица норматива', NORMATIVE_UNIT, { tab: CH }),
    normative_value: f.decimal('Количество расчётных единиц', { tab: CH, scale: 3, max: 1e9 }),
    normative_year_kg: f.computed('Норматив накопления, кг в год', z.string().nullable(),
      { tab: CH, unit: 'кг', list: true, help: 'Количество расчётных единиц × норматив единицы, кг в год.' }),
    normative_year_m3: f.computed('Норматив накопления, м³ в год', z.string().nullable(),
      { tab: CH, unit: 'м³', list: true, help: 'Количество расчётных единиц × норматив единицы, м³ в год.' }),
    // — waste areas —
    waste_areas: f.refs('Места накопления', WASTE_AREA,
      { tab: 'waste_areas', detailOnly: true, maxItems: 20 }),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name', 'location', 'cadastral_number', 'external_identifier'], label: 'Поиск' },
    category: { kind: 'enum', field: 'category', enum: WasteSourceCategory, label: 'Категория' },
    service_org: { kind: 'ref', field: 'service_org', label: 'Обслуживающая организация' },
    normative_unit: { kind: 'ref', field: 'normative_unit', label: 'Расчётная единица' },
    has_chute: { kind: 'bool', field: 'has_chute', label: 'Есть мусоропровод' },
    has_sewerage: { kind: 'bool', field: 'has_sewerage', label: 'Есть канализация' },
    containerless_collection: { kind: 'bool', field: 'containerless_collection', label: 'Бесконтейнерный сбор' },
    has_separate_collection: { kind: 'bool', field: 'has_separate_collection', label: 'Есть раздельный сбор' },
    location_needs_checking: { kind: 'bool', field: 'location_needs_checking', label: 'Адрес требует проверки' },
    coordinates_needs_checking: { kind: 'bool', field: 'coordinates_needs_checking', label: 'Координаты требуют проверки' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
    near: { kind: 'radius', field: 'coordinates', label: 'Рядом с точкой' },
  },
  keyColumns: ['id', 'name', 'location', 'category', 'number_of_residents', 'normative_year_kg', 'normative_year_m3'],
  ordering: ['id', 'location', 'name', 'category', 'cadastral_number', 'normative_value', 'number_of_residents', 'created_at'],
  defaultOrdering: 'location',
  titleField: 'name',
  geometryField: 'coordinates',
  example: {
    name: 'Многоквартирный жилой дом',
    location: 'Ангарск, 177 квл, 2',
    coordinates: '52.527154, 103.905628',
    structured_address: { region: 'Иркутская область', city: 'Ангарск', street: '177 квартал', house: '2' },
    category: 'MULTI_APARTMENT',
    cadastral_number: '38:26:040101:1234',
    has_chute: true,
    has_sewerage: true,
    number_of_residents: 150,
    number_of_owners: 60,
    normative_value: '150',
    external_identifier: 'ИО-38-000001',
  },
});
