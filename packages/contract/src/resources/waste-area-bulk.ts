/**
 * Bulk points (места накопления без контейнеров), spec 02 §3 "Waste areas": width / length on
 * the wire (stored as waste_area_width / waste_area_length) and an area, a volume typed by the
 * user, section_for_kgo (default NOT_PROVIDED) and the verification flags.
 * Permission resource 'bulk' (spec 01 §6).
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { SectionForKgo } from '../enums/waste-area';
import { addressFields, checkingFields } from './common-fields';
import { checkPeriodicity } from './periodicity-check';
import { wasteAreaFilters, wasteAreaPaths } from './waste-area-common';
import {
  WASTE_AREA_TAB as T, auditFields, createdAtField, dimensionFields, enteredVolumeField, equipmentFields, identityFields,
  kgoSectionField, operatorFields, ownershipFields, registerFields, scheduleFields, serviceMarkField, serviceRadiusField, siteConditionFields,
  verificationFields, wasteSourcesField,
} from './waste-area-fields';

export const bulkResource = defineResource({
  name: 'bulk',
  section: 'Места накопления',
  label: 'Места накопления без контейнеров',
  labelOne: 'Место накопления без контейнеров',
  ...wasteAreaPaths('bulk'),
  tabs: [T.general, T.characteristics, T.events, T.waste_sources, T.verification],
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
    section_for_kgo: kgoSectionField(),
    ...equipmentFields(),
    ...scheduleFields(),
    ...auditFields(),
    ...verificationFields(),
    waste_sources: wasteSourcesField(),
    created_at: createdAtField(),
  },
  filters: wasteAreaFilters({
    search: ['location', 'identifier', 'registry_number', 'landmark'],
    characteristics: true,
    extra: { section_for_kgo: { kind: 'enum', field: 'section_for_kgo', enum: SectionForKgo, label: 'Отсек для КГО' } },
  }),
  keyColumns: ['id', 'location', 'coordinates', 'contract_zone', 'status', 'volume', 'periodicity'],
  ordering: ['id', 'location', 'identifier', 'registry_number', 'status', 'volume', 'area', 'periodicity', 'created_at', 'last_update_at'],
  defaultOrdering: 'location',
  titleField: 'location',
  geometryField: 'coordinates',
  check: checkPeriodicity,
  example: {
    location: 'Ангарский округ, с. Савватеевка, ул. Лесная, 1',
    coordinates: '52.418822, 103.624915',
    identifier: 'МН-0001',
    width: 3,
    length: '3.5',
    area: '10.5',
    volume: '8',
    section_for_kgo: 'PROVIDED',
    address_matches_registry: true,
    coordinates_matches_registry: true,
    periodicity: 'EVERY_OTHER_DAY',
  },
});
