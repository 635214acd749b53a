/**
 * Calls of the notification centre (contract routes/notifications.ts): the signed-in user's
 * notifications page by page with the unread count, the count alone, mark one / all read,
 * delete one, and the authenticated download of a notification's document.
 */
import {
  NOTIFICATIONS_PATH, NotificationPageSchema, NotificationSchema, ReadAllResultSchema, UnreadCountSchema,
  type Notification, type NotificationPage,
} from '@tko/contract';
import { http } from '../api/client';
import { downloadFile } from '../api/file-download';

export const NOTIFICATIONS_PAGE_SIZE = 10;

export async function fetchNotifications(page: number, onlyUnread: boolean, signal?: AbortSignal): Promise<NotificationPage> {
  const body = await http.json<unknown>(NOTIFICATIONS_PATH, {
    query: { page, page_size: NOTIFICATIONS_PAGE_SIZE, readed: onlyUnread ? 'false' : undefined },
    signal,
  });
  return NotificationPageSchema.parse(body);
}

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return UnreadCountSchema.parse(await http.json<unknown>(`${NOTIFICATIONS_PATH}unread-count/`, { signal })).unread_count;
}

export async function markNotificationRead(id: number): Promise<Notification> {
  return NotificationSchema.parse(await http.json<unknown>(`${NOTIFICATIONS_PATH}${id}/read/`, { method: 'POST' }));
}

export async function markAllNotificationsRead(): Promise<number> {
  return ReadAllResultSchema.parse(await http.json<unknown>(`${NOTIFICATIONS_PATH}read-all/`, { method: 'POST' })).updated;
}

export async function deleteNotification(id: number): Promise<void> {
  await http.raw(`${NOTIFICATIONS_PATH}${id}/`, { method: 'DELETE' });
}

/** Saves the notification's file (its documentUrl, fetched with the bearer token). */
export async function downloadNotificationDocument(n: Notification): Promise<string> {
  if (!n.documentUrl) throw new Error('У уведомления нет файла.');
  const ext = n.documentFileType ? `.${n.documentFileType}` : '';
  return downloadFile(n.documentUrl, n.documentName ?? `файл${ext}`);
}
