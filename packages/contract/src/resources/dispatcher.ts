/**
 * Dispatcher (issue 11 §2; spec 03 §3 «Dispatcher event», «Route event», §7 «Dispatcher», §9).
 *
 * Dispatcher events `/api/dispatcher/event/` (permission resource 'dispatcher-event'): what a
 * driver's mobile app, the web, an automatic check or a dispatcher reports — type, source,
 * priority, status (the spec's enumerations), when (event_date), where (address and point), the
 * route (issue 10's `route`), route event, vehicle and waste area it concerns, photos and video (the media tab: attachments
 * uploaded through POST /api/attachments/ first), created_at/updated_at. Every create and change
 * goes through the write pipeline and is announced on /topic/registry.dispatcher-event, which
 * the web list follows live (docs/REALTIME.md).
 *
 * Route events `/api/dispatcher/route-event/` ('dispatcher-route-event'): one route driven on a
 * work date — name, work date, creation mode, driver (a staff member), estimated distance (m), duration (s) and
 * volume (m³), the path (GeoJSON LineString text or an encoded polyline, as the routing service
 * answers), stops (ordered waste areas with their state and visit time), vehicle, status, the
 * problems raised on it, and `dispatcher_events`: its events placed between the stops. The
 * placing (spec 03 §9, «Event grouping between stops offsets order by 0.1»): stop k (1-based
 * position) has order k; an event gets the order of the last stop visited at or before its
 * event_date plus 0.1 (0.1 before the first visit), so it sorts right after that stop.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { RefTarget } from '../common/fields';
import { defineResource } from '../common/resource';
import { requiredDate } from './tariffs';
import {
  DispatcherEventPriority, DispatcherEventSource, DispatcherEventStatus, DispatcherEventType,
  RouteEventCreationMode, RouteEventStatus, RouteStopStatus,
} from '../enums/operations';
import { addressFields } from './common-fields';
import { WASTE_AREA } from './refs';

/** Collection vehicles (`vehicle`), shown by their licence plate. */
export const VEHICLE: RefTarget = { resource: 'vehicles' };
/** Routes of the fleet (`route`, issue 10 §1), shown by their name. */
export const ROUTE: RefTarget = { resource: 'routes' };
/** Staff members (`staff_member`, issue 10 §1), shown by their full name. */
export const STAFF: RefTarget = { resource: 'staff' };
/** Route events, shown by their name. */
export const ROUTE_EVENT: RefTarget = { resource: 'dispatcher-route-event' };
/** Problems (issue 12 §1), shown by their title. */
export const PROBLEM: RefTarget = { resource: 'problems' };

/** Order offset of an event placed after a stop (spec 03 §9). */
export const EVENT_ORDER_OFFSET = 0.1;

export const dispatcherEventResource = defineResource({
  name: 'dispatcher-event',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s dispatching' },
  label: 'События диспетчера',
  labelOne: 'Событие диспетчера',
  path: '/api/dispatcher/event/',
  webPath: '/dispatcher/events/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'media', label: 'Фото и видео' },
  ],
  fields: {
    id: f.id(),
    type: f.enum('Тип', DispatcherEventType, { required: true, list: true }),
    source: f.enum('Источник', DispatcherEventSource, { default: 'MANUAL', list: true }),
    priority: f.enum('Приоритет', DispatcherEventPriority, { default: 'NORMAL_PRIORITY', list: true }),
    status: f.enum('Статус', DispatcherEventStatus, { default: 'ACTIVE', list: true }),
    event_date: f.datetime('Дата и время события', { list: true }),
    ...addressFields(),
    description: f.longtext('Описание'),
    route: f.ref('Маршрут', ROUTE),
    // A route event is a day's run made from the plans: deleting it leaves the event without it (no 409).
    route_event: f.ref('Рейс', { ...ROUTE_EVENT, onDelete: 'clear' }, { list: true }),
    vehicle: f.ref('Транспортное средство', VEHICLE, { list: true }),
    waste_area: f.ref('Место накопления', WASTE_AREA),
    photos: f.files('Фотографии', 'image', { tab: 'media' }),
    video: f.files('Видео', 'video', { tab: 'media' }),
    created_at: f.datetime('Создано', { readOnly: true, list: true }),
    updated_at: f.datetime('Изменено', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['location', 'description'], label: 'Поиск' },
    type: { kind: 'enum', field: 'type', enum: DispatcherEventType, label: 'Тип' },
    source: { kind: 'enum', field: 'source', enum: DispatcherEventSource, label: 'Источник' },
    priority: { kind: 'enum', field: 'priority', enum: DispatcherEventPriority, label: 'Приоритет' },
    status: { kind: 'enum', field: 'status', enum: DispatcherEventStatus, label: 'Статус' },
    route: { kind: 'ref', field: 'route', label: 'Маршрут' },
    route_event: { kind: 'ref', field: 'route_event', label: 'Рейс' },
    vehicle: { kind: 'ref', field: 'vehicle', label: 'Транспортное средство' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
  },
  keyColumns: ['id', 'type', 'priority', 'status', 'event_date', 'location', 'vehicle'],
  ordering: ['id', 'event_date', 'type', 'source', 'priority', 'status', 'location', 'created_at'],
  defaultOrdering: '-created_at',
  titleField: 'location',
  geometryField: 'coordinates',
  example: {
    type: 'SEND_PROBLEM',
    source: 'MOBILE',
    priority: 'HIGH_PRIORITY',
    status: 'ACTIVE',
    event_date: '2026-11-20T00:15:00.000Z',
    location: 'Иркутская обл., г. Ангарск, 12-й микрорайон, д. 5',
    coordinates: '52.541200, 103.886100',
    description: 'Контейнерная площадка заставлена автомобилем, подъезд невозможен',
  },
});

/** One stop of a route event. */
const stopFields = {
  position: f.integer('Порядок', { required: true, min: 1, max: 10000 }),
  waste_area_id: f.integer('Место накопления (ID)', { min: 1, max: 2147483647 }),
  name: f.text('Остановка', { max: 1000 }),
  coordinates: f.point('Координаты'),
  status: f.enum('Состояние', RouteStopStatus),
  visited_at: f.datetime('Время посещения'),
};

/** An event placed between the stops (spec 03 §9). */
export const RouteTimelineEventSchema = z.object({
  order: z.number(),
  id: z.number().int(),
  type: z.string(),
  status: z.string(),
  priority: z.string(),
  event_date: z.string().nullable(),
  location: z.string(),
});
export type RouteTimelineEvent = z.infer<typeof RouteTimelineEventSchema>;

export const routeEventResource = defineResource({
  name: 'dispatcher-route-event',
  section: 'Диспетчерская',
  rowScope: { internal: 'the operator’s dispatching' },
  label: 'Рейсы',
  labelOne: 'Рейс',
  path: '/api/dispatcher/route-event/',
  webPath: '/dispatcher/route-events/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'stops', label: 'Остановки' },
  ],
  fields: {
    id: f.id(),
    name: f.text('Наименование', { required: true, max: 500, list: true }),
    work_date: requiredDate('Рабочая дата', { list: true }),
    creation_mode: f.enum('Способ создания', RouteEventCreationMode, { default: 'MANUAL', list: true }),
    driver: f.ref('Водитель', STAFF, { list: true }),
    vehicle: f.ref('Транспортное средство', VEHICLE, { list: true }),
    status: f.enum('Статус', RouteEventStatus, { default: 'PLANNED', list: true }),
    estimated_distance: f.decimal('Расчётная протяжённость, м', { scale: 1, max: 1e8, unit: 'м' }),
    estimated_duration: f.integer('Расчётная длительность, с', { min: 0, max: 1e7 }),
    estimated_volume: f.decimal('Расчётный объём, м³', { scale: 3, max: 1e6, unit: 'м³' }),
    path_polyline: f.longtext('Трасса (полилиния)', { detailOnly: true }),
    stops: f.children('Остановки', { fields: stopFields }, { tab: 'stops' }),
    // A problem deleted (a duplicate, a mistake) simply leaves the run's list.
    problems: f.refs('Проблемы', { ...PROBLEM, onDelete: 'clear' }, { detailOnly: true }),
    dispatcher_events: f.computed('События между остановками', z.array(RouteTimelineEventSchema),
      { tab: 'stops', detailOnly: true, help: 'События рейса после остановки, за которой они произошли (порядок остановки + 0,1).' }),
    created_at: f.datetime('Создано', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name'], label: 'Поиск' },
    driver: { kind: 'ref', field: 'driver', label: 'Водитель' },
    status: { kind: 'enum', field: 'status', enum: RouteEventStatus, label: 'Статус' },
    creation_mode: { kind: 'enum', field: 'creation_mode', enum: RouteEventCreationMode, label: 'Способ создания' },
    vehicle: { kind: 'ref', field: 'vehicle', label: 'Транспортное средство' },
  },
  ordering: ['id', 'name', 'work_date', 'status', 'creation_mode'],
  defaultOrdering: '-work_date',
  titleField: 'name',
  example: {
    name: 'Маршрут № 12, Ангарск, 22-й мкр',
    work_date: '2026-11-20',
    creation_mode: 'MANUAL',
    status: 'IN_PROGRESS',
    estimated_distance: '48250.5',
    estimated_duration: 21600,
    estimated_volume: '64.5',
    stops: [
      { position: 1, name: '22-й мкр, д. 1', status: 'DONE', visited_at: '2026-11-20T08:00:00+08:00' },
      { position: 2, name: '22-й мкр, д. 9', status: 'PLANNED' },
    ],
  },
});
