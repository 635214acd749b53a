/**
 * Fan-out between processes through Redis pub/sub (channel REALTIME_CHANNEL, @tko/realtime):
 * each API instance holds ONE ioredis connection in subscriber mode and hands every valid
 * envelope to its local broker; publishing uses a second, ordinary connection.
 *
 * While Redis is down: publishing fails fast (no offline queue) and is logged — the change it
 * reports is already committed, CRUD never waits on Redis; the subscriber reconnects with
 * back-off and re-subscribes by itself (ioredis autoResubscribe). Messages published while
 * an instance is cut off are not replayed (pub/sub keeps nothing).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RealtimeEnvelope } from '@tko/contract';
import { REALTIME_CHANNEL, RealtimeEnvelopeSchema } from '@tko/contract';
import type { RealtimePublisher } from '@tko/realtime';
import { redisPublisher } from '@tko/realtime';

export interface RedisFanout {
  publisher: RealtimePublisher;
  /** Resolves once the subscription is active (never rejects; stays pending while Redis is down). */
  subscribed: Promise<void>;
  close(): Promise<void>;
}

const retryStrategy = (times: number) => Math.min(times * 500, 5000);

export function startRedisFanout(redisUrl: string, onEnvelope: (e: RealtimeEnvelope) => void, log: FastifyBaseLogger): RedisFanout {
  const sub = new Redis(redisUrl, { retryStrategy, maxRetriesPerRequest: null, lazyConnect: false });
  const pub = new Redis(redisUrl, { retryStrategy, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = false;
  const onError = (err: Error) => {
    if (!warned) log.warn({ err }, 'realtime: Redis unreachable, live messages paused');
    warned = true;
  };
  sub.on('error', onError);
  pub.on('error', onError);
  sub.on('ready', () => {
    warned = false;
  });
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== REALTIME_CHANNEL) return;
    let parsed: ReturnType<typeof RealtimeEnvelopeSchema.safeParse>;
    try {
      parsed = RealtimeEnvelopeSchema.safeParse(JSON.parse(raw));
    } catch {
      log.warn('realtime: dropped a message that is not JSON');
      return;
    }
    if (!parsed.success) {
      log.warn({ issues: parsed.error.issues }, 'realtime: dropped an invalid envelope');
      return;
    }
    onEnvelope(parsed.data);
  });
  const subscribed = sub.subscribe(REALTIME_CHANNEL).then(
    () => undefined,
    (err: unknown) => {
      log.warn({ err }, 'realtime: subscribe failed');
    },
  );
  return {
    publisher: redisPublisher(pub, (msg) => log.warn(msg)),
    subscribed,
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
