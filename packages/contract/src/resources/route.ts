/**
 * Collection routes (spec 02 §3 "Route", §5, §9; issue 10 §1), table `route` with its ordered stops
 * (`route_stop`: waste areas, facilities, garages). Permission resource 'routes'. Units:
 * estimated_distance in metres, estimated_duration in seconds; path_polyline is an encoded
 * polyline (precision 5, OSRM's default) of the path the route card draws and the routing
 * service (/trip/v1/driving/) builds.
 *
 * Filters (spec 02 §5): the name as a case-insensitive substring; periodicity; a weekday
 * (1 — Monday … 7 — Sunday) or date list that an ON_WEEKDAYS / ON_DATES route must share (routes
 * of another periodicity are not narrowed by it).
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import type { FilterDef } from '../common/filters';
import { defineResource } from '../common/resource';
import { RoutePeriodicity } from '../enums/fleet-routes';
import { RouteStopType } from '../enums/other';
import { LoadingType } from '../enums/waste-area';
import { WASTE_AREA } from './refs';

/** Waste management facilities, shown by their name. */
export const FACILITY_REF: RefTarget = { resource: 'waste-management-facility' };
/** Garages of the fleet, shown by their name. */
export const GARAGE_REF: RefTarget = { resource: 'garages' };
/** Collection vehicles, shown by their licence plate. */
export const VEHICLE_REF: RefTarget = { resource: 'vehicles' };

/** The path as GeoJSON (the card's map draws it). */
export const RoutePathSchema = z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) });

/** A stop of a route: what is visited, in `order_in_route` order (1, 2, …). */
export const routeStopFields = {
  order_in_route: f.integer('Порядок в маршруте', { min: 1, max: 10000 }),
  stop_type: f.enum('Тип остановки', RouteStopType, { default: 'WASTE_AREA' }),
  waste_area: f.ref('Место накопления', WASTE_AREA),
  waste_management_facility: f.ref('Объект обращения с отходами', FACILITY_REF),
  garage: f.ref('Гараж', GARAGE_REF),
};

const STOP_TARGET: Record<string, string> = { WASTE_AREA: 'waste_area', WASTE_MANAGEMENT_FACILITY: 'waste_management_facility', GARAGE: 'garage' };

/** Name filter, periodicity and the shared weekday / date lists (spec 02 §5). */
const routeFilters: Record<string, FilterDef> = {
  name: { kind: 'text', fields: ['name'], label: 'Название' },
  periodicity: { kind: 'enum', field: 'periodicity', enum: RoutePeriodicity, label: 'Периодичность' },
  periodicity_on_weekdays: {
    kind: 'shares', field: 'periodicity_on_weekdays', of: 'int', min: 1, max: 7,
    when: { field: 'periodicity', value: 'ON_WEEKDAYS' }, label: 'Дни недели',
  },
  periodicity_on_dates: {
    kind: 'shares', field: 'periodicity_on_dates', of: 'date',
    when: { field: 'periodicity', value: 'ON_DATES' }, label: 'Даты',
  },
  loading: { kind: 'enum', field: 'loading', enum: LoadingType, label: 'Тип загрузки' },
};

export const routeResource = defineResource({
  name: 'routes',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s routes' },
  label: 'Маршруты',
  labelOne: 'Маршрут',
  path: '/api/fleet/routes/',
  webPath: '/routes/routes/',
  // The map tab is a panel of its own (web crud/tab-panels.tsx): the path drawn, built on the road graph.
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'stops', label: 'Остановки' }, { key: 'route_map', label: 'Карта' }],
  fields: {
    id: f.id(),
    name: f.text('Название', { required: true, max: 255, list: true }),
    start_location: f.text('Начало маршрута', { max: 1000, list: true }),
    start_coordinates: f.point('Координаты начала'),
    end_location: f.text('Конец маршрута', { max: 1000, list: true }),
    end_coordinates: f.point('Координаты конца'),
    periodicity: f.enum('Периодичность', RoutePeriodicity, { default: 'DAILY', list: true }),
    periodicity_on_weekdays: f.int_list('Дни недели (1 — пн … 7 — вс)', [1, 7]),
    periodicity_on_dates: f.date_list('Даты'),
    effective_date: f.date('Действует с', { list: true }),
    loading: f.enum('Тип загрузки', LoadingType, { list: true }),
    estimated_distance: f.integer('Протяжённость, м', { min: 0, max: 10_000_000, unit: 'м', list: true }),
    estimated_duration: f.integer('Время в пути, с', { min: 0, max: 10_000_000, unit: 'с', list: true }),
    stops_count: f.integer('Количество остановок', { readOnly: true, list: true }),
    // Encoded polyline (precision 5); text the decoder cannot read leaves the `path` geometry empty.
    path_polyline: f.longtext('Путь (закодированная ломаная)', { detailOnly: true, help: 'Путь маршрута в сжатом виде; заполняется кнопкой «Сохранить путь» на карте маршрута.' }),
    path: f.computed('Путь на карте', RoutePathSchema.nullable(), { detailOnly: true, help: 'Линия пути маршрута на карте.' }),
    stops: f.children('Остановки', { fields: routeStopFields, rollups: ['stops_count'] }, { tab: 'stops' }),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: routeFilters,
  keyColumns: ['id', 'name', 'periodicity', 'effective_date', 'loading', 'estimated_distance', 'estimated_duration', 'stops_count'],
  ordering: ['id', 'name', 'periodicity', 'effective_date', 'estimated_distance', 'estimated_duration', 'created_at'],
  defaultOrdering: 'name',
  titleField: 'name',
  check: (v) => {
    const out: Record<string, string> = {};
    const empty = (x: unknown) => !Array.isArray(x) || x.length === 0;
    if (v.periodicity === 'ON_WEEKDAYS' && empty(v.periodicity_on_weekdays)) out.periodicity_on_weekdays = 'Выберите дни недели.';
    if (v.periodicity === 'ON_DATES' && empty(v.periodicity_on_dates)) out.periodicity_on_dates = 'Укажите даты.';
    if (Array.isArray(v.stops)) {
      (v.stops as Record<string, unknown>[]).forEach((s, i) => {
        if (!s || typeof s !== 'object' || s.fetch_action === 'delete' || s.id !== undefined) return;
        const target = STOP_TARGET[String(s.stop_type ?? 'WASTE_AREA')];
        if (target && s[target] == null) out[`stops.${i}.${target}`] = 'Укажите объект остановки.';
      });
    }
    return out;
  },
  example: {
    name: 'Ангарск, 12-й микрорайон — полигон',
    start_location: 'Ангарск, гараж № 1',
    start_coordinates: '52.540000, 103.880000',
    end_location: 'Ангарск, полигон ТКО',
    end_coordinates: '52.560000, 103.950000',
    periodicity: 'ON_WEEKDAYS',
    periodicity_on_weekdays: [1, 3, 5],
    effective_date: '2026-12-01',
    loading: 'REAR',
    estimated_distance: 18500,
    estimated_duration: 2700,
    path_polyline: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
  },
});
