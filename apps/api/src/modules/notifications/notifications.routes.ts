/**
 * The signed-in user's notifications (contract routes/notifications.ts lists the paths and
 * shapes; spec 01 §3). Any signed-in user, only their own rows: another user's or an expired
 * notification, or a malformed id, is 404. 401 without a token.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE, MSG, NOTIFICATIONS_PATH, NotificationListQuerySchema, NotificationPageSchema, NotificationSchema,
  ReadAllResultSchema, UnreadCountSchema,
} from '@tko/contract';
import type { NotificationStore } from '@tko/db';
import { pageLinks, parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';

const TAGS = ['notifications'];
const IdParams = z.object({ id: z.string() });

export function registerNotificationRoutes(app: FastifyInstance, deps: { store: NotificationStore; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { store, guards } = deps;

  r.get(NOTIFICATIONS_PATH, {
    preHandler: guards.requireUser,
    schema: { tags: TAGS, summary: 'Мои уведомления (новые сверху)', querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } },
  }, async (request) => {
    const q = request.query;
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await store.page(guards.user(request).id, { limit: pageSize, offset: (page - 1) * pageSize, readed: q.readed });
    if (page > 1 && (page - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, ...pageLinks(request, page, pageSize, out.count), unread_count: out.unread, results: out.rows };
  });

  r.get(`${NOTIFICATIONS_PATH}unread-count/`, {
    preHandler: guards.requireUser,
    schema: { tags: TAGS, summary: 'Число непрочитанных уведомлений', response: { 200: UnreadCountSchema } },
  }, async (request) => ({ unread_count: await store.unreadCount(guards.user(request).id) }));

  r.post(`${NOTIFICATIONS_PATH}read-all/`, {
    preHandler: guards.requireUser,
    schema: { tags: TAGS, summary: 'Отметить все уведомления прочитанными', response: { 200: ReadAllResultSchema } },
  }, async (request) => {
    const userId = guards.user(request).id;
    const updated = await store.markAllRead(userId);
    return { updated, unread_count: await store.unreadCount(userId) };
  });

  r.post(`${NOTIFICATIONS_PATH}:id/read/`, {
    preHandler: guards.requireUser,
    schema: { tags: TAGS, summary: 'Отметить уведомление прочитанным', params: IdParams, response: { 200: NotificationSchema } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const done = id === null ? null : await store.markRead(guards.user(request).id, id);
    if (!done) throw notFound();
    return done;
  });

  r.delete(`${NOTIFICATIONS_PATH}:id/`, {
    preHandler: guards.requireUser,
    schema: { tags: TAGS, summary: 'Удалить уведомление', params: IdParams },
  }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (id === null || !(await store.delete(guards.user(request).id, id))) throw notFound();
    return reply.status(204).send();
  });
}
