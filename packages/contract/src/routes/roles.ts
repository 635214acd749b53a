/**
 * Roles and the permission list (spec 03 §3 "Users and roles", §6, §7; issue 14 §2).
 *
 *   GET    /api/roles/               list (page_size up to 500; `search`), permission `users-roles:view`
 *   POST   /api/roles/               create (`users-roles:add`)
 *   GET    /api/roles/:id/           card (`users-roles:view`)
 *   PUT    /api/roles/:id/           update (`users-roles:change`): takes effect on the holders' next request
 *   DELETE /api/roles/:id/           delete (`users-roles:delete`) → 204; the holders lose it at once
 *   GET    /api/roles/permissions/   every permission the product checks (`users-roles:view`), generated
 *                                    by the server from its route definitions and registries, with
 *                                    Russian labels and sections
 *
 * A role's `permissions` is a map of permission name (`resource:action`) to true (spec 03 §6).
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { PERMISSION_ACTIONS } from './auth';

export const ROLES_PATH = '/api/roles/';
export const ROLES_PERMISSION = 'users-roles';

/** `resource:action` with a known action; resource names are kebab-case. */
export const PermissionNameSchema = z.string().regex(new RegExp(`^[a-z0-9][a-z0-9-]{0,99}:(${PERMISSION_ACTIONS.join('|')})$`), 'Неизвестное право.');

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.record(z.string(), z.literal(true)),
  /** Active users holding the role. */
  users_count: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;

/** Russian names of a role's fields, for the change log of /admin/roles/. */
export const ROLE_FIELD_LABELS: Record<keyof Role, string> = {
  id: 'Номер', name: 'Название', description: 'Описание', permissions: 'Права', users_count: 'Пользователей с ролью',
};

export const RoleWriteSchema = z.strictObject({
  name: z.string({ error: MSG.required }).trim().min(1, MSG.blank).max(150, MSG.maxLength(150)),
  description: z.string().trim().max(1000, MSG.maxLength(1000)).default(''),
  /** Names mapped to true; a false value is the same as leaving the name out. */
  permissions: z.record(PermissionNameSchema, z.boolean({ error: MSG.boolean }), { error: MSG.object }).default({}),
});
export type RoleWrite = z.infer<typeof RoleWriteSchema>;

export const RoleListQuerySchema = z.strictObject({ ...PageQuerySchema.shape, search: z.string().trim().max(200).optional() });

/** One permission the product checks. */
export const PermissionItemSchema = z.object({
  /** `resource:action`. */
  name: z.string(),
  resource: z.string(),
  action: z.enum(PERMISSION_ACTIONS),
  resource_label: z.string(),
  action_label: z.string(),
  /** Section of the matrix (e.g. «Территориальная схема»). */
  section: z.string(),
});
export type PermissionItem = z.infer<typeof PermissionItemSchema>;
export const PermissionListSchema = z.object({ count: z.number().int(), results: z.array(PermissionItemSchema) });


const idParams = z.object({ id: z.string() });
const perm = (action: 'view' | 'add' | 'change' | 'delete') => ({ resource: ROLES_PERMISSION, action }) as const;
const tags = ['roles'];

export const rolesListRoute = defineRoute({
  method: 'GET', path: ROLES_PATH, permission: perm('view'), tags, summary: 'Роли: список', query: RoleListQuerySchema, response: { 200: pageSchema(RoleSchema) },
});
export const roleCreateRoute = defineRoute({
  method: 'POST', path: ROLES_PATH, permission: perm('add'), tags, summary: 'Роли: создать', body: RoleWriteSchema, response: { 201: RoleSchema },
});
export const permissionsListRoute = defineRoute({
  method: 'GET', path: `${ROLES_PATH}permissions/`, permission: perm('view'), tags,
  summary: 'Все права продукта (из описаний маршрутов и реестров) с разделами и русскими названиями', response: { 200: PermissionListSchema },
});
export const roleGetRoute = defineRoute({
  method: 'GET', path: `${ROLES_PATH}:id/`, permission: perm('view'), tags, summary: 'Роль: карточка', params: idParams, response: { 200: RoleSchema },
});
export const roleUpdateRoute = defineRoute({
  method: 'PUT', path: `${ROLES_PATH}:id/`, permission: perm('change'), tags, summary: 'Роль: изменить (действует со следующего запроса пользователей)', params: idParams, body: RoleWriteSchema, response: { 200: RoleSchema },
});
export const roleDeleteRoute = defineRoute({
  method: 'DELETE', path: `${ROLES_PATH}:id/`, permission: perm('delete'), tags, summary: 'Роль: удалить', params: idParams,
});
