/**
 * The place of a registry row picked in a report list item (issue 26 §12: «Площадка из реестра»
 * fills the address and coordinates): when the item has `location` / `coordinates` fields and one
 * row of a registry with an address and a point is picked, its card's address and coordinates
 * («широта, долгота», as typed in the form). Null when nothing is to be filled or the card cannot be read.
 */
import { formatCoordinates, resourceByName, type Point, type ReportFieldDef } from '@tko/contract';
import { getResource } from '../api/resource-client';

export async function linkedPlace(list: ReportFieldDef, picked: ReportFieldDef, value: unknown): Promise<Record<string, unknown> | null> {
  const names = new Set((list.children ?? []).map((c) => c.name));
  const items = Array.isArray(value) ? (value as { id: number }[]) : [];
  const def = picked.linked_resource ? resourceByName(picked.linked_resource) : undefined;
  if (items.length !== 1 || !def || !(names.has('location') || names.has('coordinates'))) return null;
  try {
    const row = await getResource(def, items[0]!.id);
    const out: Record<string, unknown> = {};
    if (names.has('location') && typeof row.location === 'string' && row.location) out.location = row.location;
    if (names.has('coordinates') && row.coordinates && typeof row.coordinates === 'object') out.coordinates = formatCoordinates(row.coordinates as Point);
    return Object.keys(out).length ? out : null;
  } catch {
    return null;
  }
}
