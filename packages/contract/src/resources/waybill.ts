/**
 * Way-bills `/api/fleet/waybillnew/` (permission resource 'waybills'; spec 02 §3 "Way-bill",
 * §7 "Way-bills", §9) and their dictionaries `/api/fleet/job-kinds/` ('job-kinds') and
 * `/api/fleet/fuel/` ('fuel').
 *
 * A way-bill is the путевой лист грузового автомобиля (Типовая межотраслевая форма № 4-П,
 * Постановление Госкомстата России от 28.11.1997 № 78; реквизиты — Приказ Минтранса России от
 * 05.05.2024 № 159). Card tabs: general (series, number, date, route — `route_ref` a route of the
 * registry, `route` free text for routes outside it —, organisation, checks),
 * driver and vehicle, garage block (planned and actual departure/arrival, zero mileage,
 * odometer, fuel; work_engine_time and work_equipment_time in SECONDS, spec 02 §9) and the
 * tasks (задание водителю). `date` is required: a new way-bill card starts at now
 * (GET /api/fleet/waybillnew/init/). Units: km, litres, tonnes.
 * The printable form is POST /api/fleet/waybills/xlsx/ (routes/fleet.ts).
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { isCalendarDateTime } from '../common/dates';
import { MSG } from '../common/messages';
import type { RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import { FuelKind } from '../enums/fleet';
import { STAFF_MEMBER } from './staff';

export const JOB_KIND: RefTarget = { resource: 'job-kinds' };
export const FUEL: RefTarget = { resource: 'fuel' };
const VEHICLES: RefTarget = { resource: 'vehicles' };
const ORGANIZATION: RefTarget = { resource: 'juridical-person' };
const ROUTES: RefTarget = { resource: 'routes' };

/** The option text of a fuel (spec 02 §9: kind, mark, code and class). */
export function fuelOptionText(r: { kind?: unknown; mark?: unknown; code?: unknown; klass?: unknown }): string {
  const kind = typeof r.kind === 'string' ? FuelKind.label(r.kind as never) : '';
  return [kind, r.mark, r.code, r.klass].filter((x) => typeof x === 'string' && x).join(' ');
}

export const jobKindResource = defineResource({
  name: 'job-kinds',
  section: 'Справочники',
  rowScope: { shared: 'a dictionary of way-bill job kinds' },
  label: 'Виды работ',
  labelOne: 'Вид работ',
  path: '/api/fleet/job-kinds/',
  webPath: '/dicts/fleet/job-kinds/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    code: f.text('Код', { required: true, max: 50, list: true }),
    name: f.text('Название', { required: true, max: 255, list: true }),
  },
  filters: { search: { kind: 'text', fields: ['code', 'name'], label: 'Поиск' } },
  // The code is the way-bill's key (e.g. KGO); a person reads the name (the code behind «Столбцы»).
  keyColumns: ['id', 'name'],
  ordering: ['id', 'code', 'name'],
  defaultOrdering: 'id',
  titleField: 'name',
  example: { code: 'CONTAINER_WASH', name: 'Мойка контейнеров' },
});

export const fuelResource = defineResource({
  name: 'fuel',
  section: 'Справочники',
  rowScope: { shared: 'a dictionary of fuels' },
  label: 'Топливо',
  labelOne: 'Топливо',
  path: '/api/fleet/fuel/',
  webPath: '/dicts/fleet/fuel/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    kind: f.enum('Вид топлива', FuelKind, { required: true, list: true }),
    mark: f.text('Марка', { required: true, max: 50, list: true }),
    code: f.text('Код', { max: 50, list: true }),
    klass: f.text('Класс', { max: 255, list: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['mark', 'code', 'klass'], label: 'Поиск' },
    kind: { kind: 'enum', field: 'kind', enum: FuelKind, label: 'Вид топлива' },
  },
  ordering: ['id', 'kind', 'mark'],
  defaultOrdering: 'id',
  titleField: 'mark',
  example: { kind: 'DIESEL', mark: 'ДТ-Л-К5', code: '19.20.21.315', klass: 'Летнее, экологический класс К5' },
});

/** A date-time that must be given and not null (Russian messages as the other fields'). */
const requiredDateTime = z
  .string({ error: (i) => (i.input === undefined ? MSG.required : i.input === null ? MSG.notNull : MSG.datetime) })
  .refine(isCalendarDateTime, MSG.datetime);

const sec = (label: string, tab: string) => f.integer(label, { min: 0, max: 31 * 24 * 3600, unit: 'с', tab });

export const waybillResource = defineResource({
  name: 'waybills',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s way-bills' },
  label: 'Путевые листы',
  labelOne: 'Путевой лист',
  path: '/api/fleet/waybillnew/',
  webPath: '/routes/way-bills/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'driver', label: 'Водитель и автомобиль' },
    { key: 'garage', label: 'Гараж' },
    { key: 'tasks', label: 'Задание и отчётность' },
  ],
  fields: {
    id: f.id(),
    series: f.text('Серия', { max: 20, list: true }),
    number: f.text('Номер', { required: true, max: 50, list: true }),
    // Required and never null (the column is NOT NULL): the web card starts it at now (init/).
    date: { ...f.datetime('Дата', { required: true, list: true, help: 'Новый путевой лист датируется текущим моментом.' }), write: requiredDateTime },
    // A route of the registry (nullable); the text keeps routes outside the registry (issue 10, round 2).
    route_ref: f.ref('Маршрут из реестра', ROUTES, { list: true, help: 'Маршрут из реестра маршрутов; печатная форма показывает его название.' }),
    route: f.text('Маршрут (текстом)', { max: 255, list: true, help: 'Для маршрута, которого нет в реестре.' }),
    organization: f.ref('Организация', ORGANIZATION, { list: true }),
    allowed_to_drive: f.boolean('Допущен к исполнению обязанностей'),
    pre_trip_inspection_at: f.datetime('Предрейсовый медосмотр'),
    vehicle_operable: f.boolean('Автомобиль технически исправен'),
    vehicle_checked_at: f.datetime('Предрейсовый контроль техсостояния'),
    driver: f.ref('Водитель', STAFF_MEMBER, { list: true, tab: 'driver' }),
    driver_id_number: f.text('Удостоверение №', { max: 50, tab: 'driver' }),
    driver_klass: f.text('Класс водителя', { max: 20, tab: 'driver' }),
    start_work_time: f.time('Начало работы', { tab: 'driver' }),
    end_work_time: f.time('Окончание работы', { tab: 'driver' }),
    column: f.text('Колонна', { max: 50, tab: 'driver' }),
    brigade: f.text('Бригада', { max: 50, tab: 'driver' }),
    vehicle: f.ref('Автомобиль', VEHICLES, { list: true, tab: 'driver' }),
    trailer: f.ref('Прицеп', VEHICLES, { tab: 'driver' }),
    planned_departure_at: f.datetime('Выезд из гаража по графику', { tab: 'garage' }),
    departure_at: f.datetime('Выезд из гаража фактически', { tab: 'garage' }),
    planned_arrival_at: f.datetime('Возвращение в гараж по графику', { tab: 'garage' }),
    arrival_at: f.datetime('Возвращение в гараж фактически', { tab: 'garage' }),
    zero_mileage_km: f.decimal('Нулевой пробег, км', { scale: 1, max: 1e6, unit: 'км', tab: 'garage' }),
    odometer_departure: f.integer('Показания спидометра при выезде, км', { min: 0, max: 9999999, unit: 'км', tab: 'garage' }),
    odometer_arrival: f.integer('Показания спидометра при возвращении, км', { min: 0, max: 9999999, unit: 'км', tab: 'garage' }),
    fuel_kind: f.ref('Марка топлива', FUEL, { tab: 'garage' }),
    fuel_provided_l: f.decimal('Выдано топлива, л', { scale: 2, max: 1e6, unit: 'л', tab: 'garage' }),
    fuel_remaining_departure_l: f.decimal('Остаток топлива при выезде, л', { scale: 2, max: 1e6, unit: 'л', tab: 'garage' }),
    fuel_remaining_arrival_l: f.decimal('Остаток топлива при возвращении, л', { scale: 2, max: 1e6, unit: 'л', tab: 'garage' }),
    work_engine_time: sec('Время работы двигателя, с', 'garage'),
    work_equipment_time: sec('Время работы спецоборудования, с', 'garage'),
    tasks: f.children('Задание водителю', {
      fields: {
        customer: f.text('В чьё распоряжение (заказчик)', { max: 255 }),
        job_kind: f.text('Вид работ', { max: 255 }),
        loading_point: f.text('Адрес пункта погрузки', { max: 500 }),
        unloading_point: f.text('Адрес пункта разгрузки', { max: 500 }),
        cargo: f.text('Наименование груза', { max: 255 }),
        arrival_time: f.time('Время прибытия'),
        trips: f.integer('Количество ездок', { min: 0, max: 1000 }),
        distance_km: f.decimal('Расстояние, км', { scale: 1, max: 1e5, unit: 'км' }),
        weight_t: f.decimal('Перевезти, т', { scale: 3, max: 1e5, unit: 'т' }),
      },
    }, { tab: 'tasks', maxItems: 100 }),
  },
  filters: {
    search: { kind: 'text', fields: ['series', 'number', 'route'], label: 'Поиск' },
    driver: { kind: 'ref', field: 'driver', label: 'Водитель' },
    vehicle: { kind: 'ref', field: 'vehicle', label: 'Автомобиль' },
    organization: { kind: 'ref', field: 'organization', label: 'Организация' },
    route_ref: { kind: 'ref', field: 'route_ref', label: 'Маршрут из реестра' },
  },
  keyColumns: ['id', 'number', 'date', 'route_ref', 'driver', 'vehicle'],
  ordering: ['id', 'series', 'number', 'date', 'route'],
  defaultOrdering: '-date',
  titleField: 'number',
  check: (v) => {
    const out: Record<string, string> = {};
    const a = v.odometer_departure, b = v.odometer_arrival;
    if (typeof a === 'number' && typeof b === 'number' && b < a) {
      out.odometer_arrival = 'Показания при возвращении не могут быть меньше показаний при выезде.';
    }
    const d = v.departure_at, r = v.arrival_at;
    if (typeof d === 'string' && typeof r === 'string' && Date.parse(r) < Date.parse(d)) {
      out.arrival_at = 'Возвращение в гараж не может быть раньше выезда.';
    }
    return out;
  },
  example: {
    series: 'АН',
    number: '000125',
    date: '2026-03-01T22:00:00.000Z',
    route: 'Маршрут № 7 (Ангарск, 7–12 микрорайоны)',
    allowed_to_drive: true,
    pre_trip_inspection_at: '2026-03-01T21:40:00.000Z',
    vehicle_operable: true,
    vehicle_checked_at: '2026-03-01T21:50:00.000Z',
    driver_id_number: '3812 345678',
    driver_klass: '2',
    start_work_time: '06:00',
    end_work_time: '18:00',
    column: '1',
    brigade: '3',
    planned_departure_at: '2026-03-01T22:00:00.000Z',
    departure_at: '2026-03-01T22:05:00.000Z',
    planned_arrival_at: '2026-03-02T10:00:00.000Z',
    arrival_at: '2026-03-02T09:40:00.000Z',
    zero_mileage_km: '6.5',
    odometer_departure: 152300,
    odometer_arrival: 152412,
    fuel_provided_l: '80',
    fuel_remaining_departure_l: '35.5',
    fuel_remaining_arrival_l: '41',
    work_engine_time: 39600,
    work_equipment_time: 14400,
    tasks: [{ customer: 'ООО «РТ-НЭО Иркутск»', loading_point: 'г. Ангарск, 7 мкр., площадки по графику', unloading_point: 'Полигон ТКО г. Ангарска', cargo: 'ТКО', trips: 2, distance_km: '112', weight_t: '18.4' }],
  },
});

/** A way-bill task as GET /api/fleet/waybillnew/tasks/{id}/ answers it. */
export const WaybillTaskSchema = z.object({
  id: z.number().int(),
  customer: z.string().nullable(),
  job_kind: z.string().nullable(),
  loading_point: z.string().nullable(),
  unloading_point: z.string().nullable(),
  cargo: z.string().nullable(),
  arrival_time: z.string().nullable(),
  trips: z.number().int().nullable(),
  distance_km: z.string().nullable(),
  weight_t: z.string().nullable(),
});
