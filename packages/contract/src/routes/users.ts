/**
 * Users and declarants (spec 03 §3 "Users and roles", §7; issue 14 §1).
 *
 *   GET    /api/users/                              list (filters below), permission `users:view`
 *   POST   /api/users/                              create (`users:add`): the user gets a registration
 *                                                   e-mail with a single-use link to set the password
 *   GET    /api/users/:id/                          card (`users:view`)
 *   PUT    /api/users/:id/                          update (`users:change`)
 *   DELETE /api/users/:id/                          deactivate (`users:delete`): the row and its history
 *                                                   stay, every session of the user ends at once → 204
 *   POST   /api/users/xlsx/                         the list as xlsx (`users:export`), filters in the query
 *   POST   /api/users/:id/resend-change-email/      e-mail a password-change link again (`users:change`)
 *   POST   /api/users/:id/resend-registration-email/ e-mail the registration link again (`users:change`)
 *   POST   /api/users/:id/approve-organization/     bind a declarant to the organisation they asked for
 *                                                   at registration (`users:change`)
 *
 * A declarant (`is_declarant`) acts for organisations (`organizations`: legal entities); staff work
 * for municipal formations (`municipal_formations`: ОКТМО units). Both lists are the bindings the
 * row scope reads (common/row-scope.ts). The password hash is never on the wire.
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { IdSchema } from '../common/ids';
import { defineRoute } from '../common/route';
import { PageQuerySchema, pageSchema } from '../common/pagination';

export const USERS_PATH = '/api/users/';
/** Permission resource of the users section (spec 01 §6, spec 03 §2). */
export const USERS_PERMISSION = 'users';

/** How a declarant's reports are processed (spec 03 §3 `user_report_processing_type`). */
export const USER_REPORT_PROCESSING_TYPES = ['MANUAL', 'AUTOMATIC'] as const;
export const USER_REPORT_PROCESSING_LABELS: Record<(typeof USER_REPORT_PROCESSING_TYPES)[number], string> = {
  MANUAL: 'Ручная проверка',
  AUTOMATIC: 'Автоматическая проверка',
};

const NamedRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  /** The user followed a link of a message sent to `email` (registration or restore). */
  email_verified: z.boolean(),
  /** False once deleted (deactivated): the user cannot sign in, their history stays. */
  is_active: z.boolean(),
  is_declarant: z.boolean(),
  roles: z.array(NamedRefSchema),
  /** ОКТМО units (administrative units) a staff member works for. */
  municipal_formations: z.array(NamedRefSchema),
  /** Legal entities a declarant acts for. */
  organizations: z.array(NamedRefSchema),
  /** The organisation a registered declarant asked for, until an administrator approves it. */
  organization_request: z.object({ inn: z.string(), name: z.string(), legal_entity: NamedRefSchema.nullable() }).nullable(),
  user_report_processing_type: z.enum(USER_REPORT_PROCESSING_TYPES).nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Russian names of a user's fields, for the change log of /admin/users/ (users are not a registry with a ResourceDef). */
export const USER_FIELD_LABELS: Record<keyof User, string> = {
  id: 'Номер', email: 'Электронная почта', last_name: 'Фамилия', first_name: 'Имя', middle_name: 'Отчество',
  email_verified: 'Почта подтверждена', is_active: 'Активен', is_declarant: 'Декларант', roles: 'Роли',
  municipal_formations: 'Муниципальные образования', organizations: 'Организации', organization_request: 'Запрошенная организация',
  user_report_processing_type: 'Обработка отчётов', last_login_at: 'Последний вход', created_at: 'Создан',
};

const name = (max: number) => z.string({ error: MSG.required }).trim().max(max, MSG.maxLength(max));
const ids = z.array(IdSchema, { error: MSG.list }).max(1000).default([]);

/** Body of POST and PUT: every field of the card (PUT replaces the lists). */
export const UserWriteSchema = z.strictObject({
  email: z.string({ error: MSG.required }).trim().toLowerCase().min(1, MSG.blank).max(254, MSG.maxLength(254)).email('Введите правильный адрес электронной почты.'),
  last_name: name(150).min(1, MSG.blank),
  first_name: name(150).min(1, MSG.blank),
  middle_name: name(150).default(''),
  is_declarant: z.boolean({ error: MSG.boolean }).default(false),
  /** PUT only: true re-activates a deactivated user. */
  is_active: z.boolean({ error: MSG.boolean }).optional(),
  roles: ids,
  municipal_formations: ids,
  organizations: ids,
  user_report_processing_type: z.enum(USER_REPORT_PROCESSING_TYPES).nullable().default(null),
});
export type UserWrite = z.infer<typeof UserWriteSchema>;

const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: MSG.boolean }));

/** List filters: `search` (e-mail or name), `is_declarant`, `is_active`, `role` (id), `organization_request` (pending). */
export const UserListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  search: z.string().trim().max(200).optional(),
  is_declarant: bool.optional(),
  is_active: bool.optional(),
  /** Only declarants waiting for an organisation approval. */
  organization_request: bool.optional(),
  role: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), IdSchema).optional(),
  ordering: z.enum(['email', '-email', 'last_name', '-last_name', 'created_at', '-created_at', 'last_login_at', '-last_login_at']).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserPageSchema = pageSchema(UserSchema);
/** The answer of the calls that send a message. */
export const DetailSchema = z.object({ detail: z.string() });

const idParams = z.object({ id: z.string() });
const perm = (action: 'view' | 'add' | 'change' | 'delete' | 'export') => ({ resource: USERS_PERMISSION, action }) as const;
const tags = ['users'];

export const usersListRoute = defineRoute({
  method: 'GET', path: USERS_PATH, permission: perm('view'), tags, summary: 'Пользователи: список', query: UserListQuerySchema, response: { 200: UserPageSchema },
});
export const userCreateRoute = defineRoute({
  method: 'POST', path: USERS_PATH, permission: perm('add'), tags, summary: 'Пользователи: создать (письмо со ссылкой для установки пароля)',
  body: UserWriteSchema, response: { 201: UserSchema },
});
export const userGetRoute = defineRoute({
  method: 'GET', path: `${USERS_PATH}:id/`, permission: perm('view'), tags, summary: 'Пользователь: карточка', params: idParams, response: { 200: UserSchema },
});
export const userUpdateRoute = defineRoute({
  method: 'PUT', path: `${USERS_PATH}:id/`, permission: perm('change'), tags, summary: 'Пользователь: изменить', params: idParams, body: UserWriteSchema, response: { 200: UserSchema },
});
export const userDeleteRoute = defineRoute({
  method: 'DELETE', path: `${USERS_PATH}:id/`, permission: perm('delete'), tags, summary: 'Пользователь: отключить (история сохраняется, сессии завершаются)', params: idParams,
});
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const usersXlsxRoute = defineRoute({
  method: 'POST', path: `${USERS_PATH}xlsx/`, permission: perm('export'), tags, summary: 'Пользователи: выгрузка в xlsx (фильтры списка в строке запроса)',
  query: UserListQuerySchema, produces: XLSX_CONTENT_TYPE,
});
export const userResendChangeEmailRoute = defineRoute({
  method: 'POST', path: `${USERS_PATH}:id/resend-change-email/`, permission: perm('change'), tags, summary: 'Отправить письмо со ссылкой для смены пароля', params: idParams, response: { 200: DetailSchema },
});
export const userResendRegistrationEmailRoute = defineRoute({
  method: 'POST', path: `${USERS_PATH}:id/resend-registration-email/`, permission: perm('change'), tags, summary: 'Отправить письмо регистрации повторно', params: idParams, response: { 200: DetailSchema },
});
export const userApproveOrganizationRoute = defineRoute({
  method: 'POST', path: `${USERS_PATH}:id/approve-organization/`, permission: perm('change'), tags,
  summary: 'Декларант: подтвердить привязку к организации из заявки на регистрацию', params: idParams, response: { 200: UserSchema },
});
