/**
 * Registries whose writes need a permission besides their own (contract
 * `ResourceDef.writePermission`): the federal dictionaries (ФККО, ОКТМО administrative units)
 * are read-only for everyone but an administrator (issue 7 §8; the API refuses the writes the
 * same way, apps/api/src/plugins/federal-dictionaries.ts; docs/DECISIONS.md). A read-only
 * registry (`readOnly`) is never written.
 */
import { hasAnyPermission, resourceByName, type Me, type PermissionAction } from '@tko/contract';
import { usePermissions } from '../app/permissions/use-permissions';

/** True when `perms` allow `action` on `resource` (with its description's extra write permission). Pure. */
export function canWrite(perms: Me['permissions'] | undefined, resource: string, action: Exclude<PermissionAction, 'view' | 'export'>): boolean {
  const def = resourceByName(resource);
  if (def?.readOnly) return false;
  if (!hasAnyPermission(perms, `${resource}:${action}`)) return false;
  const extra = def?.writePermission;
  return !extra || hasAnyPermission(perms, `${extra.resource}:${extra.action}`);
}

export function useCanWrite(resource: string, action: Exclude<PermissionAction, 'view' | 'export'>): boolean {
  return canWrite(usePermissions(), resource, action);
}
