/**
 * Calls of the notification centre (contract routes/notifications.ts): the signed-in user's
 * notifications page by page with the unread count, the count alone, mark one / all read,
 * delete one, and the authenticated download of a notification's document.
 */
import {
  deleteNotificationRoute, notificationsRoute, readAllNotificationsRoute, readNotificationRoute, unreadCountRoute,
  type Notification, type NotificationPage,
} from '@tko/contract';
import { callRoute } from '../api/client';
import { downloadFile } from '../api/file-download';

export const NOTIFICATIONS_PAGE_SIZE = 10;

export function fetchNotifications(page: number, onlyUnread: boolean, signal?: AbortSignal): Promise<NotificationPage> {
  return callRoute(notificationsRoute, { query: { page, page_size: NOTIFICATIONS_PAGE_SIZE, readed: onlyUnread ? 'false' : undefined } }, { signal });
}

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await callRoute(unreadCountRoute, {}, { signal })).unread_count;
}

export function markNotificationRead(id: number): Promise<Notification> {
  return callRoute(readNotificationRoute, { params: { id } });
}

export async function markAllNotificationsRead(): Promise<number> {
  return (await callRoute(readAllNotificationsRoute)).updated;
}

export async function deleteNotification(id: number): Promise<void> {
  await callRoute(deleteNotificationRoute, { params: { id } });
}

/** Saves the notification's file (its documentUrl, fetched with the bearer token). */
export async function downloadNotificationDocument(n: Notification): Promise<string> {
  if (!n.documentUrl) throw new Error('У уведомления нет файла.');
  const ext = n.documentFileType ? `.${n.documentFileType}` : '';
  return downloadFile(n.documentUrl, n.documentName ?? `файл${ext}`);
}
