/**
 * Collection schedules (spec 02 §3 "Schedule", spec 03 "Schedules"; issue 10 §1), table `schedule`
 * with the vehicles it uses (`schedule_vehicle`, each with the loading types it serves) and the
 * points it serves (`schedule_point`: a waste area with its containers — type, number, volume of
 * one container in m³). Work window: arrival 06:00 and leave 22:00 by default (spec 02 §9).
 * Permission resource 'schedules'. The routes per work date (`GET {id}/routes/{DD.MM.YYYY}/`) and
 * the day plan are the planning module's (schedule_route, schedule_route_stop).
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { ContainerType, LoadingType } from '../enums/waste-area';
import { ADMINISTRATIVE_UNIT } from './legal-entity-fields';
import { CONTRACT_ZONE, WASTE_AREA } from './refs';
import { FACILITY_REF, VEHICLE_REF } from './route';

export const scheduleVehicleFields = {
  vehicle: f.ref('Транспортное средство', VEHICLE_REF, { required: true }),
  loading: f.enum_list('Типы загрузки', LoadingType),
};

export const schedulePointFields = {
  waste_area: f.ref('Место накопления', WASTE_AREA, { required: true }),
  container_type: f.enum('Тип контейнеров', ContainerType),
  container_amount: f.integer('Количество контейнеров', { min: 0, max: 1000 }),
  container_volume: f.decimal('Объём контейнера, м³', { scale: 3, max: 100, unit: 'м³' }),
};

export const scheduleResource = defineResource({
  name: 'schedules',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s schedules' },
  label: 'Графики',
  labelOne: 'График',
  path: '/api/fleet/schedules/',
  webPath: '/routes/schedules-n-requests/schedules/',
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'vehicles', label: 'Транспорт' }, { key: 'points', label: 'Точки' }, { key: 'schedule_routes', label: 'Маршруты' }],
  fields: {
    id: f.id(),
    name: f.text('Название', { required: true, max: 255, list: true }),
    district: f.ref('Район', ADMINISTRATIVE_UNIT, { list: true }),
    waste_management_facility: f.ref('Объект обращения с отходами', FACILITY_REF, { list: true }),
    contract_zone: f.ref('Зона деятельности', CONTRACT_ZONE, { list: true }),
    arrival_time: f.time('Начало работы', { default: '06:00:00' }),
    leave_time: f.time('Окончание работы', { default: '22:00:00' }),
    vehicles: f.children('Транспорт', { fields: scheduleVehicleFields, rollups: ['vehicles_count'] }, { tab: 'vehicles', maxItems: 100 }),
    vehicles_count: f.integer('Транспортных средств', { readOnly: true, list: true }),
    points: f.children('Точки', { fields: schedulePointFields, rollups: ['points_count'] }, { tab: 'points' }),
    points_count: f.integer('Точек', { readOnly: true, list: true }),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name'], label: 'Поиск' },
    district: { kind: 'ref', field: 'district', label: 'Район' },
    waste_management_facility: { kind: 'ref', field: 'waste_management_facility', label: 'Объект обращения с отходами' },
    contract_zone: { kind: 'ref', field: 'contract_zone', label: 'Зона деятельности' },
  },
  ordering: ['id', 'name', 'arrival_time', 'leave_time', 'created_at'],
  defaultOrdering: 'name',
  titleField: 'name',
  check: (v) => {
    const out: Record<string, string> = {};
    if (v.arrival_time && v.leave_time && String(v.arrival_time) >= String(v.leave_time)) out.leave_time = 'Время окончания должно быть позже времени начала.';
    return out;
  },
  example: {
    name: 'Ангарск, правый берег',
    arrival_time: '06:00',
    leave_time: '22:00',
  },
});
