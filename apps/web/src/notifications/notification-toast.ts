/**
 * What toast a notification arriving live gets (spec 01 §4): a file ready to download → a
 * success toast with 'Скачать'; a failed task → an error toast; anything else → an info toast;
 * none when the notification ends a job this tab already shows with its own toast.
 */
import type { Notification } from '@tko/contract';

export interface NotificationToastPlan {
  kind: 'info' | 'success' | 'error';
  title: string;
  description: string;
  /** Offer 'Скачать' (the notification carries a file link). */
  download: boolean;
}

/** The job a notification reports on (`documentData.job_id`), if any. */
export function notificationJobId(n: Pick<Notification, 'documentData'>): string | null {
  const data = n.documentData;
  if (data && typeof data === 'object' && 'job_id' in data) {
    const id = (data as { job_id: unknown }).job_id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  }
  return null;
}

export function planNotificationToast(n: Notification, isWatchedJob: (id: string) => boolean): NotificationToastPlan | null {
  const job = notificationJobId(n);
  if (job && isWatchedJob(job)) return null;
  if (n.documentUrl) return { kind: 'success', title: 'Файл готов', description: n.body, download: true };
  if (n.type === 'error') return { kind: 'error', title: 'Ошибка', description: n.body, download: false };
  return { kind: 'info', title: 'Новое уведомление', description: n.body, download: false };
}
