/**
 * Report «Сведения об объектах обращения с отходами» (kind WASTE_MANAGEMENT_FACILITY): the
 * territorial-scheme data on facilities (ПП РФ от 22.09.2018 № 1130, Требования, п. 6: the
 * facility, its purpose and capacity, the wastes it takes). A short form: the spec lists the kind
 * (a filter value) without its fields.
 */
import { fld } from '../field-def';
import type { ReportFieldDef } from '../field-def';

export const FACILITY_FIELDS: ReportFieldDef[] = [
  fld('int', 'year', 'Отчётный год', 1, { required: true }),
  fld('list', 'facilities', 'Объекты', 2, {
    children: [
      fld('linked-object', 'facility', 'Объект из реестра', 1, { linked_resource: 'waste-management-facility' }),
      fld('char', 'name', 'Наименование', 2, { required: true }),
      fld('decimal', 'capacity_t', 'Мощность, т/год', 3),
      fld('decimal', 'received_t', 'Принято за год, т', 4),
      fld('datetime', 'inspected_at', 'Последняя проверка', 5),
    ],
  }),
];
