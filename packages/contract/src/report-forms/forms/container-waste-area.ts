/**
 * Report «Сведения о местах (площадках) накопления ТКО» (kind CONTAINER_WASTE_AREA). Mirrors the
 * register of container sites of ПП РФ от 31.08.2018 № 1039 п. 5 (data on location, technical
 * characteristics, owner, the sources served) as the territorial-scheme data form asks for it
 * (ПП РФ от 22.09.2018 № 1130, Требования к составу и содержанию территориальных схем, п. 5, 8).
 */
import { fld } from '../field-def';
import type { ReportFieldDef } from '../field-def';
import { CONTAINER_TYPE_OPTIONS, COVERAGE_OPTIONS } from './options';

export const CONTAINER_WASTE_AREA_FIELDS: ReportFieldDef[] = [
  fld('int', 'year', 'Отчётный год', 1, { required: true }),
  fld('char', 'contact_person', 'Ответственное лицо', 2, { placeholder: 'Фамилия, имя, отчество' }),
  fld('list', 'waste_areas', 'Места накопления', 3, {
    children_init_object: { containers: [], has_canopy: false },
    children: [
      fld('linked-object', 'waste_area', 'Площадка из реестра', 1, { linked_resource: 'container' }),
      fld('location', 'location', 'Адрес', 2, { required: true }),
      fld('latlng', 'coordinates', 'Координаты', 3, { required: true }),
      fld('select', 'coverage', 'Покрытие', 4, { options: COVERAGE_OPTIONS }),
      fld('decimal', 'area', 'Площадь, м²', 5),
      fld('checkbox', 'has_canopy', 'Есть навес', 6),
      fld('list', 'containers', 'Контейнеры', 7, {
        children_init_object: { count: '1' },
        children: [
          fld('select', 'container_type', 'Тип', 1, { options: CONTAINER_TYPE_OPTIONS, required: true }),
          fld('decimal', 'volume', 'Объём одного, м³', 2, { required: true }),
          fld('int', 'count', 'Количество', 3, { required: true }),
        ],
      }),
      fld('linked-object', 'waste_sources', 'Обслуживаемые источники', 8, { linked_resource: 'waste-sources' }),
      fld('date', 'inclusion_date', 'Дата включения в реестр', 9, { 'save-format': 'YYYY-MM-DD' }),
    ],
  }),
  fld('textarea', 'note', 'Примечание', 4),
];
