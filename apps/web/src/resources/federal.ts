/**
 * Federal dictionaries (ФККО, ОКТМО administrative units) are read-only for everyone but an
 * administrator (issue 7 §8; the API refuses the writes the same way,
 * apps/api/src/plugins/federal-dictionaries.ts): writing one needs the registry's own
 * permission and the administrator's mark `users-roles:change` (docs/DECISIONS.md).
 */
import { hasAnyPermission, type Me, type PermissionAction } from '@tko/contract';
import { usePermissions } from '../app/permissions/use-permissions';

export const FEDERAL_RESOURCES: readonly string[] = ['fkko', 'administrative-unit'];
export const ADMIN_MARK = 'users-roles:change';

/** True when `perms` allow `action` on `resource` (federal dictionaries: only with the admin mark). Pure. */
export function canWrite(perms: Me['permissions'] | undefined, resource: string, action: Exclude<PermissionAction, 'view' | 'export'>): boolean {
  if (!hasAnyPermission(perms, `${resource}:${action}`)) return false;
  return !FEDERAL_RESOURCES.includes(resource) || hasAnyPermission(perms, ADMIN_MARK);
}

export function useCanWrite(resource: string, action: Exclude<PermissionAction, 'view' | 'export'>): boolean {
  return canWrite(usePermissions(), resource, action);
}
