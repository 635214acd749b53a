/**
 * Live notifications (spec 01 §4, issue 3 §2): while a user is signed in, the per-user queue
 * `/user/queue/notifications` is followed; each notification raises the unread badge at once,
 * refreshes the centre, and shows a toast ('Скачать' for a file), unless it ends a job this tab
 * already shows. After each (re)connect the centre is refreshed (pub/sub keeps nothing missed
 * while disconnected). Renders nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { DESTINATIONS, NotificationSchema, type Notification } from '@tko/contract';
import { useEffect } from 'react';
import { errorMessage } from '../api/errors';
import { useSession } from '../app/session/use-session';
import { toast } from '../app/toasts';
import { watchedJobs } from '../jobs/watched-jobs';
import { useLiveStatus, useLiveSubscription } from '../live/use-live';
import { downloadNotificationDocument, markNotificationRead } from './notifications-api';
import { notificationKeys } from './notification-keys';
import { notificationJobId, planNotificationToast } from './notification-toast';

/** Saves a notification's file and marks it read; a failure becomes an error toast. */
export async function saveNotificationDocument(n: Notification, onDone?: () => void): Promise<void> {
  try {
    await downloadNotificationDocument(n);
    if (!n.readed) await markNotificationRead(n.id);
  } catch (e) {
    toast.error('Не удалось скачать файл', errorMessage(e));
  } finally {
    onDone?.();
  }
}

export function NotificationsLive() {
  const { signedIn } = useSession();
  const qc = useQueryClient();
  const status = useLiveStatus();
  const refresh = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });

  useLiveSubscription(signedIn ? DESTINATIONS.notifications : null, (body) => {
    const parsed = NotificationSchema.safeParse(body);
    if (!parsed.success) return;
    const n = parsed.data;
    if (!n.readed) qc.setQueryData<number>(notificationKeys.unread, (c) => (c ?? 0) + 1);
    void qc.invalidateQueries({ queryKey: ['notifications', 'page'] });
    const show = () => {
      const plan = planNotificationToast(n, (id) => watchedJobs.has(id));
      if (!plan) return;
      if (plan.download) {
        toast.download(plan.title, n.documentName ?? 'файл', () => saveNotificationDocument(n, refresh), { description: plan.description });
      } else {
        toast[plan.kind](plan.title, plan.description);
      }
    };
    // A job's notification may overtake the answer that names the job: wait for that answer.
    if (notificationJobId(n)) void watchedJobs.settled().then(show);
    else show();
  });

  useEffect(() => {
    if (status === 'connected') void qc.invalidateQueries({ queryKey: notificationKeys.all });
  }, [status, qc]);

  return null;
}
