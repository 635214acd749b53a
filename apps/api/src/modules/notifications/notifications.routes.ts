/**
 * The signed-in user's notifications (contract routes/notifications.ts describes the calls;
 * spec 01 §3). Any signed-in user, only their own rows: another user's or an expired
 * notification, or a malformed id, is 404. 401 without a token.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_PAGE_SIZE, deleteNotificationRoute, MSG, notificationsRoute, readAllNotificationsRoute, readNotificationRoute,
  unreadCountRoute,
} from '@tko/contract';
import type { NotificationStore } from '@tko/db';
import { pageLinks, parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';

export function registerNotificationRoutes(app: FastifyInstance, deps: { store: NotificationStore; guards: AuthGuards }): void {
  const { store } = deps;

  registerRoute(app, notificationsRoute, async ({ request, query: q, user }) => {
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await store.page(user.id, { limit: pageSize, offset: (page - 1) * pageSize, readed: q.readed });
    if (page > 1 && (page - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, ...pageLinks(request, page, pageSize, out.count), unread_count: out.unread, results: out.rows };
  }, deps);

  registerRoute(app, unreadCountRoute, async ({ user }) => ({ unread_count: await store.unreadCount(user.id) }), deps);

  registerRoute(app, readAllNotificationsRoute, async ({ user }) => {
    const updated = await store.markAllRead(user.id);
    return { updated, unread_count: await store.unreadCount(user.id) };
  }, deps);

  registerRoute(app, readNotificationRoute, async ({ params, user }) => {
    const id = parseId(params.id);
    const done = id === null ? null : await store.markRead(user.id, id);
    if (!done) throw notFound();
    return done;
  }, deps);

  registerRoute(app, deleteNotificationRoute, async ({ params, user, reply }) => {
    const id = parseId(params.id);
    if (id === null || !(await store.delete(user.id, id))) throw notFound();
    return reply.status(204).send();
  }, deps);
}

export const notificationsModule = apiModule('notifications', (app, d) => registerNotificationRoutes(app, { store: d.notifier.store, guards: d.guards }));
