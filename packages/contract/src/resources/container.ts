/**
 * The container-site registry (контейнерные площадки), spec 01 §2, §3, §7.
 * Permission resource 'container' (spec 01 §6).
 */
import { defineResource } from '../common/resource';
import { ContainerSiteType } from '../enums/waste-area';
import { wasteAreaFilters, wasteAreaPaths } from './waste-area-common';
import { CONTAINER_TABS, containerSiteFields } from './waste-area-fields';
import { checkPeriodicity } from './periodicity-check';

export const containerResource = defineResource({
  name: 'container',
  section: 'Места накопления',
  label: 'Контейнерные площадки',
  labelOne: 'Контейнерная площадка',
  ...wasteAreaPaths('container'),
  tabs: CONTAINER_TABS,
  fields: containerSiteFields,
  filters: wasteAreaFilters({
    search: ['location', 'identifier', 'registry_number', 'landmark'],
    characteristics: true,
    extra: { type: { kind: 'enum', field: 'type', enum: ContainerSiteType, label: 'Тип площадки' } },
  }),
  keyColumns: ['id', 'location', 'coordinates', 'status', 'type', 'periodicity', 'count_containers'],
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
