/**
 * Waste chambers (мусорокамеры), spec 02 §3 "Waste areas": containers (each with a
 * fetch_action; "delete" removes one) with count_containers and the volume kept equal to their
 * number and sum; the list answers count_containers beside count (spec 02 §7).
 * Permission resource 'chamber' (spec 01 §6).
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { addressFields, checkingFields } from './common-fields';
import { checkPeriodicity } from './periodicity-check';
import { wasteAreaFilters, wasteAreaPaths } from './waste-area-common';
import {
  WASTE_AREA_TAB as T, auditFields, containersFields, contractsField, createdAtField, equipmentFields, identityFields, operatorFields,
  ownershipFields, registerFields, rolledUpVolumeField, scheduleFields, serviceMarkField, serviceRadiusField, siteConditionFields, wasteSourcesField,
} from './waste-area-fields';

export const chamberResource = defineResource({
  name: 'chamber',
  section: 'Места накопления',
  label: 'Мусорокамеры',
  labelOne: 'Мусорокамера',
  ...wasteAreaPaths('chamber'),
  tabs: [T.general, T.characteristics, T.containers, T.events, T.waste_sources],
  fields: {
    id: f.id(),
    ...identityFields(),
    ...addressFields(),
    ...operatorFields(),
    ...ownershipFields(),
    volume: rolledUpVolumeField(T.general.key),
    ...registerFields(),
    ...checkingFields(),
    service_mark: serviceMarkField(),
    service_radius_m: serviceRadiusField(),
    ...siteConditionFields(),
    ...equipmentFields(),
    ...scheduleFields(),
    ...auditFields(),
    ...containersFields(),
    waste_sources: wasteSourcesField(),
    created_at: createdAtField(),
    contracts: contractsField(),
  },
  filters: wasteAreaFilters({ search: ['location', 'identifier', 'registry_number', 'landmark'], characteristics: true }),
  keyColumns: ['id', 'location', 'coordinates', 'contract_zone', 'status', 'periodicity', 'count_containers'],
  ordering: ['id', 'location', 'identifier', 'registry_number', 'status', 'count_containers', 'volume', 'periodicity', 'created_at', 'last_update_at'],
  defaultOrdering: 'location',
  aggregates: { count_containers: { sum: 'count_containers' } },
  titleField: 'location',
  geometryField: 'coordinates',
  check: checkPeriodicity,
  example: {
    location: 'Ангарск, 7 мкр, 10, подъезд 2',
    coordinates: '52.551204, 103.894417',
    identifier: 'МК-0001',
    has_cover: true,
    periodicity: 'DAILY',
    containers: [{ type: 'STANDARD', volume: '0.75', loading: 'REAR' }, { type: 'STANDARD', volume: '0.75', loading: 'REAR' }],
  },
});
