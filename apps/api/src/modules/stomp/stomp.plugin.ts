/**
 * Registers the STOMP 1.2 broker at WS_PATH (/ws/) on @fastify/websocket and returns the
 * instance's realtime publisher (docs/REALTIME.md).
 *
 * - With `redisUrl`: messages go through Redis pub/sub (one subscriber connection per instance),
 *   so a publish from any instance or from the worker reaches the subscribers of every
 *   instance. Without it: delivery stays on this instance (single-process install, tests).
 * - `publisher` in the deps replaces the Redis publisher (the subscriber still needs redisUrl).
 * - Closing the app sends every session a websocket close 1001 and quits the Redis connections.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { WS_PATH } from '@tko/contract';
import type { RealtimePublisher } from '@tko/realtime';
import type { Pool } from 'pg';
import type { TokenService } from '../auth/tokens';
import type { UserStore } from '../auth/user-store';
import type { Queues } from '../jobs/queue';
import { StompBroker } from './broker';
import type { JobOwnerLookup } from './job-owner';
import { combineJobOwners, jobOwnerLookup } from './job-owner';
import type { StompOptions } from './options';
import { stompOptions } from './options';
import { startRedisFanout } from './redis-fanout';
import { injectRunner } from './requests';
import type { SessionContext } from './session';
import { StompSession } from './session';

export interface StompDeps {
  tokens: TokenService;
  /** For the sign-in family check of a session (refresh_token, session-end.ts). */
  pool: Pool;
  users: UserStore;
  queues: Queues | null;
  /** Redis for the cross-instance fan-out; absent = this instance only. */
  redisUrl?: string;
  publisher?: RealtimePublisher;
  options?: Partial<StompOptions>;
  /** Owners of jobs in queues outside `queues` (e.g. imports), for `/topic/jobs.{id}`. */
  jobOwners?: JobOwnerLookup[];
}

export interface Realtime {
  /** Publish a live message to every API instance (never throws). */
  publisher: RealtimePublisher;
  broker: StompBroker;
  /** Resolves once this instance receives what is published (immediately without Redis). */
  subscribed: Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's broker and publisher (decorated by registerStomp). */
    realtime: Realtime;
  }
}

export async function registerStomp(app: FastifyInstance, deps: StompDeps): Promise<Realtime> {
  const options = stompOptions(deps.options);
  const broker = new StompBroker();
  const fanout = deps.redisUrl ? startRedisFanout(deps.redisUrl, (e) => broker.deliver(e), app.log) : null;
  const publisher = deps.publisher ?? fanout?.publisher ?? broker.localPublisher;

  app.addHook('preClose', async () => broker.closeAll());
  app.addHook('onClose', async () => {
    await fanout?.close();
  });
  await app.register(websocket, {
    options: { maxPayload: options.maxMessageBytes },
    errorHandler(error, socket) {
      this.log.info({ err: error }, 'stomp websocket error');
      if (socket.readyState === socket.OPEN) socket.close(1011);
    },
  });

  const ctx: SessionContext = {
    options,
    async authenticate(token) {
      try {
        const claims = deps.tokens.verify(token, 'access');
        const user = await deps.users.me(claims.user_id);
        // A token issued before a password change or deactivation is refused (issue 8 §3).
        if (!user || user.tokenVersion !== (claims.ver ?? 0)) return null;
        return { user, expiresAt: (claims.exp ?? Infinity) * 1000, family: claims.fam ?? null };
      } catch {
        return null;
      }
    },
    async familyAlive(userId, family) {
      // A family lives while one of its tokens is not revoked (logout and reuse revoke them all).
      const { rowCount } = await deps.pool.query('SELECT 1 FROM refresh_token WHERE family_id = $1::uuid AND user_id = $2 AND revoked_at IS NULL LIMIT 1', [family, userId]);
      return Boolean(rowCount);
    },
    reloadUser: (userId) => deps.users.me(userId),
    jobOwners: combineJobOwners([jobOwnerLookup(deps.queues), ...(deps.jobOwners ?? [])]),
    runRequest: injectRunner(app, deps.tokens),
    publish: (envelope) => publisher.publish(envelope),
    register: (s) => broker.add(s),
    unregister: (s) => broker.remove(s),
    log: app.log,
  };
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    new StompSession(socket, ctx, request.ip);
  });

  const realtime: Realtime = { publisher, broker, subscribed: fanout?.subscribed ?? Promise.resolve() };
  app.decorate('realtime', realtime);
  return realtime;
}
