/**
 * Collection points (пункты сбора вторсырья), spec 02 §3 "Waste areas": a name and only the
 * general tab (spec 02 §2), so the waste sources and the change stamp sit there too.
 * `name` is stored in waste_area.name_waste_area, the column of a container site's name
 * (docs/DECISIONS.md). Permission resource 'collection' (spec 01 §6).
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { addressFields, checkingFields } from './common-fields';
import { checkPeriodicity } from './periodicity-check';
import { wasteAreaFilters, wasteAreaPaths } from './waste-area-common';
import {
  WASTE_AREA_TAB as T, auditFields, contractsField, createdAtField, enteredVolumeField, identityFields, operatorFields, ownershipFields,
  registerFields, serviceMarkField, serviceRadiusField, wasteSourcesField,
} from './waste-area-fields';

export const collectionResource = defineResource({
  name: 'collection',
  section: 'Места накопления',
  label: 'Пункты сбора вторсырья',
  labelOne: 'Пункт сбора вторсырья',
  ...wasteAreaPaths('collection'),
  tabs: [T.general],
  fields: {
    id: f.id(),
    name: f.text('Наименование пункта', { max: 500, list: true }),
    ...identityFields(),
    ...addressFields(),
    ...operatorFields(),
    ...ownershipFields(),
    volume: enteredVolumeField(T.general.key),
    ...registerFields(),
    ...checkingFields(),
    service_mark: serviceMarkField(),
    service_radius_m: serviceRadiusField(),
    ...auditFields(T.general.key),
    waste_sources: wasteSourcesField(T.general.key),
    created_at: createdAtField(),
    contracts: contractsField(),
  },
  filters: wasteAreaFilters({ search: ['location', 'name', 'identifier', 'registry_number', 'landmark'], characteristics: false }),
  keyColumns: ['id', 'name', 'location', 'coordinates', 'status', 'volume'],
  ordering: ['id', 'location', 'name', 'identifier', 'registry_number', 'status', 'volume', 'created_at', 'last_update_at'],
  defaultOrdering: 'location',
  titleField: 'location',
  geometryField: 'coordinates',
  check: checkPeriodicity,
  example: {
    name: 'Пункт приёма вторсырья «ЭкоПункт»',
    location: 'Ангарск, 82 квл, 12',
    coordinates: '52.529612, 103.892238',
    identifier: 'ПС-0001',
    volume: '2.5',
    landmark: 'во дворе, у магазина',
  },
});
