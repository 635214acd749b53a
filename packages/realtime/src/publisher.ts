/**
 * Publishes live messages from any process (API instance or worker) to every API instance
 * through Redis pub/sub (@tko/contract ws/: REALTIME_CHANNEL, envelopes). Each API instance's
 * STOMP broker subscribes to the channel and delivers to its own websocket subscribers.
 * Publishing never throws: a message lost while Redis is down is logged, not fatal (the
 * change it reports is already committed).
 */
import type { Redis } from 'ioredis';
import type { RealtimeEnvelope } from '@tko/contract';
import { REALTIME_CHANNEL } from '@tko/contract';

export interface RealtimePublisher {
  publish(envelope: RealtimeEnvelope): Promise<void>;
}

/** A publisher over an ioredis connection (not in subscriber mode). */
export function redisPublisher(redis: Redis, log: (msg: string) => void = () => undefined): RealtimePublisher {
  return {
    async publish(envelope) {
      try {
        await redis.publish(REALTIME_CHANNEL, JSON.stringify(envelope));
      } catch (e) {
        log(`realtime publish failed: ${(e as Error).message}`);
      }
    },
  };
}

/** A publisher that drops everything (no Redis configured). */
export const nullPublisher: RealtimePublisher = { publish: async () => undefined };
