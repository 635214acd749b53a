/**
 * The container-site registry (контейнерные площадки), spec 01 §2, §3, §7.
 * Permission resource 'container' (spec 01 §6).
 */
import { defineResource } from '../common/resource';
import { ContainerSiteType, Periodicity, Remoteness, WasteAreaStatus, AccessKind } from '../enums/waste-area';
import { CONTAINER_TABS, containerSiteFields } from './waste-area-fields';
import { checkPeriodicity } from './periodicity-check';

export const containerResource = defineResource({
  name: 'container',
  label: 'Контейнерные площадки',
  labelOne: 'Контейнерная площадка',
  path: '/api/waste-area/container/',
  publicPath: '/api/public/v1/waste-area/container/',
  webPath: '/terr-schema/containers/container/',
  table: 'waste_area',
  scope: { column: 'kind', value: 'CONTAINER' },
  tabs: CONTAINER_TABS,
  fields: containerSiteFields,
  filters: {
    search: { kind: 'text', fields: ['location', 'identifier', 'registry_number', 'landmark'], label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: WasteAreaStatus, label: 'Статус' },
    type: { kind: 'enum', field: 'type', enum: ContainerSiteType, label: 'Тип площадки' },
    remoteness: { kind: 'enum', field: 'remoteness', enum: Remoteness, label: 'Удалённость' },
    periodicity: { kind: 'enum', field: 'periodicity', enum: Periodicity, label: 'Периодичность' },
    access: { kind: 'enum', field: 'access', enum: AccessKind, label: 'Подъезд' },
    contract_zone: { kind: 'ref', field: 'contract_zone', label: 'Зона деятельности' },
    reg_operator: { kind: 'ref', field: 'reg_operator', label: 'Региональный оператор' },
    has_cover: { kind: 'bool', field: 'has_cover', label: 'Есть навес' },
    location_needs_checking: { kind: 'bool', field: 'location_needs_checking', label: 'Адрес требует проверки' },
    coordinates_needs_checking: { kind: 'bool', field: 'coordinates_needs_checking', label: 'Координаты требуют проверки' },
    in_bbox: { kind: 'bbox', field: 'coordinates', label: 'В области карты' },
    near: { kind: 'radius', field: 'coordinates', label: 'Рядом с точкой' },
  },
  ordering: ['id', 'location', 'identifier', 'registry_number', 'status', 'type', 'count_containers', 'periodicity', 'created_at', 'last_update_at'],
  defaultOrdering: 'location',
  aggregates: { count_containers: { sum: 'count_containers' } },
  titleField: 'location',
  geometryField: 'coordinates',
  check: checkPeriodicity,
  example: {
    location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)',
    coordinates: '52.546842, 103.870102',
    identifier: 'КП-0001',
    registry_number: 'Р-38-0001',
    landmark: 'у торца дома',
    status: 'ACTIVE',
    remoteness: 'NEAR',
    has_cover: true,
    periodicity: 'ON_MONTHDAYS',
    periodicity_on_monthdays: [1, 15],
    containers: [{ type: 'EURO', volume: '1.1', loading: 'REAR' }],
  },
});

export type ContainerResource = typeof containerResource;
