/**
 * react-query hooks of the notification centre. The unread count is asked over the live
 * connection when it is open (request/response of spec 01 §7) and over HTTP otherwise or when
 * that request fails (TIMEOUT, NOT CONNECTED).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PATH, UnreadCountSchema } from '@tko/contract';
import { live } from '../live/live';
import { deleteNotification, fetchNotifications, fetchUnreadCount, markAllNotificationsRead, markNotificationRead } from './notifications-api';
import { notificationKeys } from './notification-keys';

async function unreadCount(signal?: AbortSignal): Promise<number> {
  if (live.getStatus() === 'connected') {
    try {
      const answer = await live.request({ method: 'GET', path: `${NOTIFICATIONS_PATH}unread-count/` });
      const parsed = UnreadCountSchema.safeParse(answer.body);
      if (answer.status === 200 && parsed.success) return parsed.data.unread_count;
    } catch {
      // TIMEOUT or NOT CONNECTED: ask over HTTP below.
    }
  }
  return fetchUnreadCount(signal);
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.unread, queryFn: ({ signal }) => unreadCount(signal), enabled, staleTime: 60_000 });
}

export function useNotificationsPage(page: number, onlyUnread: boolean, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.page(page, onlyUnread),
    queryFn: ({ signal }) => fetchNotifications(page, onlyUnread, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Mark one / all read and delete; each refreshes the centre (count and pages). */
export function useNotificationActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: notificationKeys.all });
  return {
    read: useMutation({ mutationFn: markNotificationRead, onSettled: refresh }),
    readAll: useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh }),
    remove: useMutation({ mutationFn: deleteNotification, onSettled: refresh }),
  };
}
