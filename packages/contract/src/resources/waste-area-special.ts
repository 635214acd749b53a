/**
 * Special sites (специальные площадки для складирования КГО), spec 02 §3 "Waste areas":
 * width / length on the wire (stored as waste_area_width / waste_area_length) and an area, a
 * volume typed by the user that falls back to "0" (spec 02 §5), characteristics, events and
 * waste sources. Permission resource 'special' (spec 01 §6).
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { addressFields, checkingFields } from './common-fields';
import { checkPeriodicity } from './periodicity-check';
import { wasteAreaFilters, wasteAreaPaths } from './waste-area-common';
import {
  WASTE_AREA_TAB as T, auditFields, contractsField, createdAtField, dimensionFields, enteredVolumeField, equipmentFields, identityFields,
  operatorFields, ownershipFields, registerFields, scheduleFields, serviceMarkField, serviceRadiusField, siteConditionFields, wasteSourcesField,
} from './waste-area-fields';

export const specialResource = defineResource({
  name: 'special',
  section: 'Места накопления',
  label: 'Специальные площадки',
  labelOne: 'Специальная площадка',
  ...wasteAreaPaths('special'),
  tabs: [T.general, T.characteristics, T.events, T.waste_sources],
  fields: {
    id: f.id(),
    ...identityFields(),
    ...addressFields(),
    ...operatorFields(),
    ...ownershipFields(),
    ...dimensionFields(''),
    volume: enteredVolumeField(T.general.key),
    ...registerFields(),
    ...checkingFields(),
    service_mark: serviceMarkField(),
    service_radius_m: serviceRadiusField(),
    ...siteConditionFields(),
    ...equipmentFields(),
    ...scheduleFields(),
    ...auditFields(),
    waste_sources: wasteSourcesField(),
    created_at: createdAtField(),
    contracts: contractsField(),
  },
  filters: wasteAreaFilters({ search: ['location', 'identifier', 'registry_number', 'landmark'], characteristics: true }),
  keyColumns: ['id', 'location', 'coordinates', 'contract_zone', 'status', 'volume', 'periodicity'],
  ordering: ['id', 'location', 'identifier', 'registry_number', 'status', 'volume', 'area', 'periodicity', 'created_at', 'last_update_at'],
  defaultOrdering: 'location',
  titleField: 'location',
  geometryField: 'coordinates',
  check: checkPeriodicity,
  example: {
    location: 'Ангарск, 94 квл, у дома 5',
    coordinates: '52.538511, 103.879404',
    identifier: 'СП-0001',
    registry_number: 'Р-38-КГО-0001',
    width: '4.5',
    length: 6,
    area: '27',
    remoteness: 'MIDDLE',
    coverage_type: 'CONCRETE',
    periodicity: 'ON_WEEKDAYS',
    periodicity_on_weekdays: [2, 5],
  },
});
