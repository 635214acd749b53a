/**
 * An estimated point is fixed by saving a point (issue 23 §1, docs/DATA.md «What the first start
 * creates»): the route plan import places a garage without coordinates at the median of its
 * trucks' sites, and the Angarsk landfill at the median of every site of the plan, each flagged
 * `coordinates_needs_checking`. An update of a garage or a waste management facility that changes
 * its point clears the flag, unless the same write changes the flag itself (then the write's value
 * stands). Nothing else about the row changes.
 */
import { garageResource, wasteManagementFacilityResource } from '@tko/contract';
import type { Row } from '../registry/repository';
import type { RegistryEffect } from './types';

const same = (a: unknown, b: unknown): boolean => {
  const p = a as { lat?: number; lng?: number } | null | undefined;
  const q = b as { lat?: number; lng?: number } | null | undefined;
  if (!p || !q) return !p && !q;
  return Math.abs(Number(p.lat) - Number(q.lat)) < 1e-7 && Math.abs(Number(p.lng) - Number(q.lng)) < 1e-7;
};

/** The values to write: `values` with the flag cleared when the point moves (`before` null on a create: unchanged). */
export function clearEstimateOnMove(values: Row, before: Row | null): Row {
  if (!before || values.coordinates === undefined || values.coordinates === null) return values;
  if (!before.coordinates_needs_checking || same(values.coordinates, before.coordinates)) return values;
  const flagGiven = values.coordinates_needs_checking !== undefined && values.coordinates_needs_checking !== before.coordinates_needs_checking;
  return flagGiven ? values : { ...values, coordinates_needs_checking: false };
}

export const estimatedPointEffects: RegistryEffect[] = [garageResource.name, wasteManagementFacilityResource.name].map((resource): RegistryEffect => ({
  kind: 'beforeWrite',
  resource,
  hook: ({ values, before }) => clearEstimateOnMove(values, before),
}));
