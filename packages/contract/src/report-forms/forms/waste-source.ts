/**
 * Report «Сведения об источниках образования ТКО» (kind WASTE_SOURCES). Mirrors the
 * territorial-scheme data form on sources of wastes (ПП РФ от 22.09.2018 № 1130, Требования,
 * п. 5 «а»: location, category of the object, its unit of the accumulation norm, the amount
 * formed) with the ФККО code (приказ Росприроднадзора от 22.05.2017 № 242).
 */
import { fld } from '../field-def';
import type { ReportFieldDef } from '../field-def';
import { HAZARD_CLASS_OPTIONS } from './options';

export const WASTE_SOURCE_FIELDS: ReportFieldDef[] = [
  fld('int', 'year', 'Отчётный год', 1, { required: true }),
  fld('list', 'waste_sources', 'Источники образования', 2, {
    children: [
      fld('linked-object', 'waste_source', 'Источник из реестра', 1, { linked_resource: 'waste-sources' }),
      fld('char', 'name', 'Наименование объекта', 2, { required: true }),
      fld('location', 'location', 'Адрес', 3, { required: true }),
      fld('latlng', 'coordinates', 'Координаты', 4),
      fld('linked-object', 'normative_unit', 'Категория объекта (расчётная единица)', 5, { linked_resource: 'normative-unit' }),
      fld('decimal', 'units_count', 'Количество расчётных единиц', 6),
      fld('linked-object', 'fkko', 'Вид отходов (ФККО)', 7, { linked_resource: 'fkko' }),
      fld('select', 'hazard_class', 'Класс опасности', 8, { options: HAZARD_CLASS_OPTIONS }),
      fld('decimal', 'mass_t', 'Образовано за год, т', 9),
      fld('decimal', 'volume_m3', 'Образовано за год, м³', 10),
      fld('bubble-multi-select', 'collection_kinds', 'Способ накопления', 11, {
        options: [{ value: 'CONTAINER', label: 'В контейнеры' }, { value: 'BAG', label: 'В пакеты' }, { value: 'SEPARATE', label: 'Раздельно' }],
      }),
    ],
  }),
];
