/** Every registry described in the contract; the API and the web app iterate this list. */
import type { ResourceDef } from '../common/resource';
import { containerResource } from './container';
import { contractZoneResource } from './contract-zone';
import { juridicalPersonResource } from './juridical-person';

export { containerResource } from './container';
export { contractZoneResource } from './contract-zone';
export { juridicalPersonResource, LegalEntityStatus } from './juridical-person';
export * from './refs';
export * from './waste-area-fields';

export const resources: ResourceDef[] = [containerResource, contractZoneResource, juridicalPersonResource] as unknown as ResourceDef[];

/** A registry by its permission resource name. */
export function resourceByName(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
}

/** Waste-area kinds of the container section tabs (spec 01 §2) with their permission resource. */
export const WASTE_AREA_TABS = [
  { type: 'container', label: 'Контейнерные площадки', kind: 'CONTAINER' },
  { type: 'special', label: 'Специальные площадки', kind: 'SPECIALA' },
  { type: 'collection', label: 'Пункты сбора вторсырья', kind: 'COLLECTION' },
  { type: 'chamber', label: 'Мусорокамеры', kind: 'CHAMBER' },
  { type: 'bulk', label: 'Места накопления без контейнеров', kind: 'BULK' },
] as const;
