/**
 * Calls of the administration screens (contract routes/users.ts, roles.ts; spec 03 §7 "Users
 * and roles"): users and declarants, roles, the permission list, the xlsx export.
 */
import {
  permissionsListRoute, roleCreateRoute, roleDeleteRoute, roleGetRoute, rolesListRoute, roleUpdateRoute, userApproveOrganizationRoute,
  userCreateRoute, userDeleteRoute, userGetRoute, userResendChangeEmailRoute, userResendRegistrationEmailRoute, usersListRoute, userUpdateRoute,
  USERS_PATH, type RoleWrite, type UserListQuery, type UserWrite,
} from '@tko/contract';
import { callRoute, http } from '../api/client';
import { filenameFromDisposition, saveBlob } from '../api/download';
import { queryOf } from '../api/call-route';

export { ADMIN_DECLARANTS_PATH, ADMIN_ROLES_PATH, ADMIN_USERS_PATH } from '../app/navigation';
export const USERS_PAGE_SIZE = 20;

export const fetchUsers = (query: UserListQuery, signal?: AbortSignal) => callRoute(usersListRoute, { query }, { signal });
export const fetchUser = (id: number | string, signal?: AbortSignal) => callRoute(userGetRoute, { params: { id } }, { signal });
export const createUser = (body: UserWrite) => callRoute(userCreateRoute, { body });
export const updateUser = (id: number, body: UserWrite) => callRoute(userUpdateRoute, { params: { id }, body });
export const deactivateUser = (id: number) => callRoute(userDeleteRoute, { params: { id } });
export const resendRegistration = (id: number) => callRoute(userResendRegistrationEmailRoute, { params: { id } });
export const resendChange = (id: number) => callRoute(userResendChangeEmailRoute, { params: { id } });
export const approveOrganization = (id: number) => callRoute(userApproveOrganizationRoute, { params: { id } });

/** Every role (page_size 500, all pages: spec 03 §7). */
export async function fetchAllRoles(signal?: AbortSignal) {
  const all = [];
  for (let page = 1; ; page++) {
    const res = await callRoute(rolesListRoute, { query: { page, page_size: 500 } }, { signal });
    all.push(...res.results);
    if (!res.next) return all;
  }
}
export const fetchRole = (id: number | string, signal?: AbortSignal) => callRoute(roleGetRoute, { params: { id } }, { signal });
export const createRole = (body: RoleWrite) => callRoute(roleCreateRoute, { body });
export const updateRole = (id: number, body: RoleWrite) => callRoute(roleUpdateRoute, { params: { id }, body });
export const deleteRole = (id: number) => callRoute(roleDeleteRoute, { params: { id } });
export const fetchPermissions = (signal?: AbortSignal) => callRoute(permissionsListRoute, {}, { signal });

/** POST /api/users/xlsx/ with the list's filters; saves the file. */
export async function exportUsers(query: UserListQuery): Promise<void> {
  const res = await http.raw(`${USERS_PATH}xlsx/`, { method: 'POST', query: queryOf(query) });
  saveBlob(await res.blob(), filenameFromDisposition(res.headers.get('Content-Disposition')) ?? 'users.xlsx');
}
