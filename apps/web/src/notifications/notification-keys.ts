/** react-query keys of the notification centre (one tree: a change refreshes all of it). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: number, onlyUnread: boolean) => ['notifications', 'page', { page, onlyUnread }] as const,
};
