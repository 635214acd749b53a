/**
 * Permission checks of the interface (spec 01 §6): an element is shown when the user holds at
 * least one of its `resource:action` flags; the container section opens for any of its five
 * kinds the user may view, moving to the first allowed one when the requested kind is not.
 */
import { hasAnyPermission, WASTE_AREA_TABS, type Me } from '@tko/contract';

export type Permissions = Me['permissions'] | undefined;
export { hasAnyPermission };

/** The waste-area section types (`container`, `special`, ...) the user may view, in tab order. */
export function allowedWasteAreaTypes(perms: Permissions): string[] {
  return WASTE_AREA_TABS.map((t) => t.type).filter((type) => hasAnyPermission(perms, `${type}:view`));
}

/** `container:view special:view ...`: the entry permission of the container section. */
export const WASTE_AREA_SECTION_PERMISSION = WASTE_AREA_TABS.map((t) => `${t.type}:view`).join(' ');

export type SectionAccess =
  | { kind: 'allowed'; type: string }
  | { kind: 'redirect'; type: string }
  | { kind: 'denied' };

/** Whether the requested section type opens, moves to another type, or is refused. */
export function resolveWasteAreaType(perms: Permissions, requested: string | undefined): SectionAccess {
  const allowed = allowedWasteAreaTypes(perms);
  if (allowed.length === 0) return { kind: 'denied' };
  if (requested && allowed.includes(requested)) return { kind: 'allowed', type: requested };
  return { kind: 'redirect', type: allowed[0]! };
}
