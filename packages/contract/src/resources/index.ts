/** Every registry described in the contract; the API and the web app iterate this list. */
import type { ResourceDef } from '../common/resource';
import { containerResource } from './container';
import { contractZoneResource } from './contract-zone';
import { juridicalPersonResource } from './juridical-person';
import { fkkoResource } from './fkko';
import { wasteManagementFacilityResource } from './waste-management-facility';
import { wasteDumpResource } from './waste-dump';
import { individualEntrepreneurResource } from './individual-entrepreneur';
import { naturalPersonResource } from './natural-person';
import { administrativeUnitResource } from './administrative-unit';
import { normativeUnitResource } from './normative-unit';
import { bulkResource } from './waste-area-bulk';
import { chamberResource } from './waste-area-chamber';
import { collectionResource } from './waste-area-collection';
import { specialResource } from './waste-area-special';
import { wasteSourceResource } from './waste-source';
import { wkiResource } from './wki';
import { balanceResource } from './balance';
import { systemLogResource } from './system-log';
import { predictedTariffResource, regOperatorTariffResource } from './tariffs';
import { problemResource } from './problem';
import { garageResource, vehicleResource } from './fleet';
import { staffResource } from './staff';
import { fuelResource, jobKindResource, waybillResource } from './waybill';
import { routeResource } from './route';
import { scheduleResource } from './schedule';
import { collectionRequestResource } from './collection-request';
import { predictedFlowResource, presentFlowResource } from './flows';
import { dispatcherEventResource, routeEventResource } from './dispatcher';
import { documentCategoryResource } from './document-category';
import { contractResource } from './contract';
import { appealResource } from './appeal';
import { reportResource, containerWasteAreaReportResource, wasteSourceReportResource, form3ReportResource } from './report';
import { reportSetResource } from './report-set';
import { reportNotificationTemplateResource } from './report-notification-template';
import { drivingLicenceCategoryResource, municipalFormationResource, staffPositionResource, vehicleModelResource } from './read-only-dicts';

export { containerResource } from './container';
export { contractZoneResource } from './contract-zone';
export { juridicalPersonResource, LegalEntityStatus } from './juridical-person';
export { individualEntrepreneurResource } from './individual-entrepreneur';
export { naturalPersonResource } from './natural-person';
export { administrativeUnitResource, AdministrativeUnitLevel } from './administrative-unit';
export * from './legal-entity-fields';
export * from './refs';
export { fkkoResource, FKKO } from './fkko';
export { wasteManagementFacilityResource, FACILITY_SECTION_TABS, FkkoTreeNodeSchema } from './waste-management-facility';
export type { FkkoTreeNode } from './waste-management-facility';
export { wasteDumpResource, ANY_LEGAL_ENTITY, RESPONSIBLE_FOR_LIQUIDATION_PATH } from './waste-dump';
export * from './waste-area-fields';
export * from './history-field';
export * from './common-fields';
export * from './waste-area-common';
export { specialResource } from './waste-area-special';
export { collectionResource } from './waste-area-collection';
export { chamberResource } from './waste-area-chamber';
export { bulkResource } from './waste-area-bulk';
export { wasteSourceResource, checkCadastralNumber } from './waste-source';
export { normativeUnitResource } from './normative-unit';
export * from './balance';
export * from './wki';
export * from './tariffs';
export * from './problem';
export * from './fleet';
export * from './staff';
export * from './waybill';
export * from './route';
export * from './schedule';
export * from './collection-request';
export * from './flows';
export * from './dispatcher';
export * from './document-category';
export * from './contract';
export * from './appeal';
export * from './report';
export * from './report-set';
export * from './report-notification-template';
export * from './read-only-dicts';
export * from './system-log';

export const resources: ResourceDef[] = [containerResource, contractZoneResource, juridicalPersonResource,
  specialResource, collectionResource, chamberResource, bulkResource, wasteSourceResource, normativeUnitResource,
  individualEntrepreneurResource, naturalPersonResource, administrativeUnitResource,
  fkkoResource, wasteManagementFacilityResource, wasteDumpResource,
  wkiResource, predictedTariffResource, regOperatorTariffResource,
  problemResource,
  vehicleResource, garageResource, staffResource, waybillResource, jobKindResource, fuelResource,
  routeResource, scheduleResource, collectionRequestResource,
  presentFlowResource, predictedFlowResource, dispatcherEventResource, routeEventResource, documentCategoryResource,
  contractResource, appealResource,
  reportResource, containerWasteAreaReportResource, wasteSourceReportResource, form3ReportResource, reportSetResource, reportNotificationTemplateResource,
  // Read-only registries (`readOnly`): list, card and search only.
  municipalFormationResource, vehicleModelResource, staffPositionResource, drivingLicenceCategoryResource,
] as unknown as ResourceDef[];

/**
 * Registries whose generic routes their own API module registers (with calls of their own that
 * replace the id paths, e.g. the balance's {year}/{fkko_id}/; the system log with its history
 * routes and xlsx, modules/logs): not in `resources`, so neither the
 * crud loop nor the parametrised registry test (which needs bodies without references) takes them.
 */
export const moduleResources: ResourceDef[] = [balanceResource, systemLogResource] as unknown as ResourceDef[];

/** A registry by its permission resource name. */
export function resourceByName(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name) ?? moduleResources.find((r) => r.name === name);
}

/** Waste-area kinds of the container section tabs (spec 01 §2) with their permission resource. */
export const WASTE_AREA_TABS = [
  { type: 'container', label: 'Контейнерные площадки', kind: 'CONTAINER' },
  { type: 'special', label: 'Специальные площадки', kind: 'SPECIALA' },
  { type: 'collection', label: 'Пункты сбора вторсырья', kind: 'COLLECTION' },
  { type: 'chamber', label: 'Мусорокамеры', kind: 'CHAMBER' },
  { type: 'bulk', label: 'Места накопления без контейнеров', kind: 'BULK' },
] as const;
export * from './contract-price';
