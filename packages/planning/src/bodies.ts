/**
 * Which truck body can serve which containers, and the mass of the waste (the dispatcher's
 * "right truck"). Container types and loading types are the spec's codes (spec 01 §3,
 * @tko/contract ContainerType, LoadingType).
 *
 * Bodies by container type (how the container is lifted):
 * - wheeled and standard containers (STANDARD, EURO, SEPARATE, DRY_REC, PLASTIC, PAPER, GLASS,
 *   INDIVIDUAL, NON_STANDARD): a compactor with a rear, side or front loader;
 * - BUNKER (8–27 m³ skips): a multilift (hook) or portal (skip) truck, one bunker per trip;
 * - FOR_KGO / SECTION_KGO (bulky waste): a multilift, portal or KGO truck, or a crane;
 * - BURIED (underground) containers: a crane-manipulator.
 * A container whose own `loading` is stated (waste_area_container.loading) needs exactly that body.
 *
 * Bulk density of waste as it lies in a container, kg/m³ (assumed typical values, configurable
 * through `densityKgM3(type, overrides)`): mixed MSW 100; separately collected paper 60, plastic 30,
 * glass 250, dry recyclables 50; bulky waste (КГО) 150 (furniture, renovation debris).
 */

export const CONTAINER_BODIES = ['REAR', 'SIDE', 'FRONT'] as const;
const BUNKER_BODIES = ['MULTILIFT', 'PORTAL'];
const KGO_BODIES = ['MULTILIFT', 'PORTAL', 'KGO', 'CRANE'];

/** Loading types of the bodies that can empty a container of `containerType` (null: unknown → standard containers). */
export function bodiesFor(containerType: string | null | undefined): string[] {
  switch (containerType) {
    case 'BUNKER':
      return BUNKER_BODIES;
    case 'FOR_KGO':
    case 'SECTION_KGO':
      return KGO_BODIES;
    case 'BURIED':
      return ['CRANE'];
    case 'INDIVIDUAL':
      return [...CONTAINER_BODIES, 'BAGGED_MANUAL'];
    default:
      return [...CONTAINER_BODIES];
  }
}

/**
 * The bodies that can serve a site with these containers: those that can empty every one of them
 * (the intersection); a container's stated loading narrows it to that body. An empty result means
 * no single truck can serve the site.
 */
export function siteBodies(containers: { type: string | null; loading?: string | null }[]): string[] {
  let allowed: string[] | null = null;
  for (const c of containers) {
    const own = c.loading ? [c.loading] : bodiesFor(c.type);
    allowed = allowed === null ? [...own] : allowed.filter((b) => own.includes(b));
  }
  return allowed ?? [...CONTAINER_BODIES];
}

/** true for a body that carries whole containers (one per trip) instead of compacting their waste. */
export const carriesContainers = (loading: string | null | undefined): boolean => loading === 'MULTILIFT' || loading === 'PORTAL';

export const BULK_DENSITY_KG_M3: Record<string, number> = {
  MIXED: 100,
  PAPER: 60,
  PLASTIC: 30,
  GLASS: 250,
  DRY_REC: 50,
  SEPARATE: 50,
  FOR_KGO: 150,
  SECTION_KGO: 150,
};

/** Bulk density of the waste in a container of `containerType`, kg/m³ (mixed MSW when the type has none of its own). */
export function densityKgM3(containerType: string | null | undefined, overrides: Record<string, number> = {}): number {
  const table = { ...BULK_DENSITY_KG_M3, ...overrides };
  return (containerType != null ? table[containerType] : undefined) ?? table.MIXED!;
}

/** true when a truck of loading type `loading` can serve a site that needs one of `bodies` (absent on either side: yes). */
export function compatible(loading: string | undefined, bodies: string[] | undefined): boolean {
  return loading === undefined || bodies === undefined || bodies.includes(loading);
}
