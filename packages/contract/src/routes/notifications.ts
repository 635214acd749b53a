/**
 * Notifications of the signed-in user (spec 01 §3 "Notification", §9 lifetime one month;
 * issue 3 §2). The paths are ours (the spec names none); docs/DECISIONS.md lists them:
 *
 * - `GET    /api/notifications/`            page `{count, next, previous, unread_count, results}`,
 *   newest first, only the user's own and not expired; `readed=true|false` filters.
 * - `GET    /api/notifications/unread-count/` `{unread_count}` (the badge).
 * - `POST   /api/notifications/{id}/read/`   marks one read → the notification.
 * - `POST   /api/notifications/read-all/`    marks all read → `{updated, unread_count: 0}`.
 * - `DELETE /api/notifications/{id}/`        deletes one → 204.
 *
 * Another user's or an expired notification is 404. Each new notification is also pushed
 * live on the user's STOMP queue (ws/ DESTINATIONS.notifications) with the same body.
 *
 * Wire names are camelCase (createdAt, liveUntil, documentUrl, …) because the spec names them
 * so, unlike the snake_case of the registries; `readed` is the spec's spelling.
 */
import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';

export const NOTIFICATIONS_PATH = '/api/notifications/';

/**
 * simple: a plain message (spec default); download: carries a file (documentUrl), the toast
 * offers 'Скачать'; error: a background task failed.
 */
export const NOTIFICATION_TYPES = ['simple', 'download', 'error'] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** Spec 01 §9: one month. */
export const NOTIFICATION_LIFETIME_DAYS = 30;

export const NotificationSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 with time zone. */
  createdAt: z.string(),
  type: NotificationTypeSchema,
  body: z.string(),
  readed: z.boolean(),
  /** ISO 8601; after it the notification is no longer listed and is removed. */
  liveUntil: z.string(),
  /** Free data of the sender, e.g. `{job_id, rows, resource}` of an export. */
  documentData: z.unknown().nullable(),
  /** Relative link of the file (e.g. `/api/jobs/{id}/file/`), fetched with the bearer token. */
  documentUrl: z.string().nullable(),
  /** File name offered to the browser. */
  documentName: z.string().nullable(),
  /** File type without the dot: 'xlsx', 'csv', … */
  documentFileType: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = pageSchema(NotificationSchema, { unread_count: z.number().int() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const NotificationListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  readed: boolParam.optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const UnreadCountSchema = z.object({ unread_count: z.number().int() });
export const ReadAllResultSchema = z.object({ updated: z.number().int(), unread_count: z.number().int() });

/**
 * What a sender gives notify(userId, input): the body is required; type defaults to simple,
 * liveUntil to now + one month. `dedupKey` (not on the wire) makes a repeated call with the same
 * key a no-op, e.g. `job:<id>:done` for a job re-run after a crash.
 */
export const NotifyInputSchema = z.object({
  type: NotificationTypeSchema.optional(),
  body: z.string().min(1).max(4000),
  liveUntil: z.date().optional(),
  documentData: z.unknown().optional(),
  documentUrl: z.string().max(2000).optional(),
  documentName: z.string().max(500).optional(),
  documentFileType: z.string().max(20).optional(),
  dedupKey: z.string().max(200).optional(),
});
export type NotifyInput = z.input<typeof NotifyInputSchema>;

const NOTIFICATION_TAGS = ['notifications'];
const NotificationIdParams = z.object({ id: z.string() });

export const notificationsRoute = defineRoute({
  method: 'GET', path: NOTIFICATIONS_PATH, permission: 'user', tags: NOTIFICATION_TAGS, summary: 'Мои уведомления (новые сверху)',
  query: NotificationListQuerySchema, response: { 200: NotificationPageSchema },
});
export const unreadCountRoute = defineRoute({
  method: 'GET', path: `${NOTIFICATIONS_PATH}unread-count/`, permission: 'user', tags: NOTIFICATION_TAGS, summary: 'Число непрочитанных уведомлений',
  response: { 200: UnreadCountSchema },
});
export const readAllNotificationsRoute = defineRoute({
  method: 'POST', path: `${NOTIFICATIONS_PATH}read-all/`, permission: 'user', tags: NOTIFICATION_TAGS, summary: 'Отметить все уведомления прочитанными',
  response: { 200: ReadAllResultSchema },
});
export const readNotificationRoute = defineRoute({
  method: 'POST', path: `${NOTIFICATIONS_PATH}:id/read/`, permission: 'user', tags: NOTIFICATION_TAGS, summary: 'Отметить уведомление прочитанным',
  params: NotificationIdParams, response: { 200: NotificationSchema },
});
/** Answers 204. */
export const deleteNotificationRoute = defineRoute({
  method: 'DELETE', path: `${NOTIFICATIONS_PATH}:id/`, permission: 'user', tags: NOTIFICATION_TAGS, summary: 'Удалить уведомление',
  params: NotificationIdParams,
});
