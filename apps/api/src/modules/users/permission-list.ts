/**
 * The permission list of GET /api/roles/permissions/ (issue 14 §2), generated, never written by
 * hand: every `resource:action` that a guard of this app was made for (AuthGuards.checked — the
 * typed routes, the registry routes, workflow actions, history, exports), every permission a
 * registered route description names (app.routeRegistry.typed), and the `view` of every resource
 * the web app checks for a section (PERMISSION_RESOURCES). Labels and sections come from the
 * registry descriptions (`label`, `section`) and NON_REGISTRY_PERMISSIONS (contract
 * routes/permissions.ts), else «Прочее». Sorted by section (PERMISSION_SECTION_ORDER), resource,
 * action order.
 */
import type { FastifyInstance } from 'fastify';
import type { PermissionAction, PermissionItem, RouteDef } from '@tko/contract';
import {
  OTHER_SECTION, PERMISSION_ACTION_LABELS, PERMISSION_ACTIONS, PERMISSION_RESOURCES, PERMISSION_SECTION_ORDER, PERMISSION_SECTIONS, permissionOf, resourceByName,
} from '@tko/contract';

/** The permissions a route description checks ('public' and 'user' check none). */
export function routePermissions(def: RouteDef): string[] {
  const p = def.permission;
  if (p === 'public' || p === 'user') return [];
  if (typeof p === 'object' && 'anyOf' in p) return p.anyOf.map((r) => `${r}:${p.action}`);
  const one = permissionOf(p);
  return one ? [`${one.resource}:${one.action}`] : [];
}

/** Russian label of a permission resource. */
export function resourceLabel(resource: string): string {
  return PERMISSION_RESOURCES[resource] ?? resourceByName(resource)?.label ?? resource;
}

export function permissionList(app: FastifyInstance, checked: ReadonlySet<string>): PermissionItem[] {
  const names = new Set<string>(checked);
  for (const def of app.routeRegistry.typed) for (const n of routePermissions(def)) names.add(n);
  for (const r of Object.keys(PERMISSION_RESOURCES)) names.add(`${r}:view`);
  const items: PermissionItem[] = [];
  for (const name of names) {
    const [resource, action] = name.split(':') as [string, PermissionAction];
    if (!(PERMISSION_ACTIONS as readonly string[]).includes(action)) continue;
    items.push({
      name, resource, action, resource_label: resourceLabel(resource), action_label: PERMISSION_ACTION_LABELS[action],
      section: PERMISSION_SECTIONS[resource] ?? OTHER_SECTION,
    });
  }
  const sectionRank = (s: string) => (PERMISSION_SECTION_ORDER as readonly string[]).indexOf(s);
  return items.sort((a, b) => sectionRank(a.section) - sectionRank(b.section) || a.resource_label.localeCompare(b.resource_label, 'ru')
    || PERMISSION_ACTIONS.indexOf(a.action) - PERMISSION_ACTIONS.indexOf(b.action));
}
