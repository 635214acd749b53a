/**
 * notify(userId, input): the one way any process (API or worker) tells a user something
 * (spec 01 §3 "Notification", §4 toasts; issue 3 §2). It stores the notification (so the
 * notification centre lists it) and pushes the same body live on the user's STOMP queue:
 * envelope `{destination: DESTINATIONS.notifications, user_id, body: Notification}` on Redis
 * REALTIME_CHANNEL through the given publisher (@tko/realtime), which every API instance
 * delivers to that user's subscriptions only.
 * The row is committed before the push; a push lost while Redis is down is not retried (the
 * list still shows it). With a `dedupKey` already used nothing is stored or pushed.
 */
import type { Notification, NotifyInput, RealtimeEnvelope } from '@tko/contract';
import { DESTINATIONS } from '@tko/contract';
import type { Pool } from 'pg';
import { NotificationStore } from './store';

/** What notify() publishes through: @tko/realtime's RealtimePublisher has this shape. */
export interface EnvelopePublisher {
  publish(envelope: RealtimeEnvelope): Promise<void>;
}

export class Notifier {
  readonly store: NotificationStore;

  constructor(pool: Pool, private readonly publisher: EnvelopePublisher) {
    this.store = new NotificationStore(pool);
  }

  /**
   * Stores and pushes a notification for `userId`; returns it, or null when `input.dedupKey`
   * was used before. Throws on an invalid input (zod) or an unknown user (database).
   */
  async notify(userId: number, input: NotifyInput): Promise<Notification | null> {
    const notification = await this.store.insert(userId, input);
    if (notification) {
      await this.publisher.publish({ destination: DESTINATIONS.notifications, user_id: userId, body: notification });
    }
    return notification;
  }
}
