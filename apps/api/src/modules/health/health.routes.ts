/**
 * GET /healthz (liveness) and GET /readyz (readiness), contract routes/health.ts.
 * /readyz runs `SELECT 1` on the shared pool and PING on a Redis connection of its own, each
 * within PROBE_TIMEOUT_MS; the Redis connection reconnects by itself and queues nothing while
 * down (a PING then fails at once). /healthz answers 503 once the app has begun closing.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { Redis } from 'ioredis';
import { livenessRoute, readinessRoute } from '@tko/contract';
import type { Readiness } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';

/** Time-out of each readiness check, ms. */
export const PROBE_TIMEOUT_MS = 2000;
const RETRY_AFTER_SECONDS = 5;

/** Resolves true when `check` settles successfully within `ms`. */
async function within(ms: number, check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([check().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, deps: { pool: Pool; redisUrl?: string; guards: AuthGuards }): void {
  let closing = false;
  const redis = deps.redisUrl ? new Redis(deps.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: PROBE_TIMEOUT_MS }) : null;
  redis?.on('error', () => undefined); // reported by /readyz, reconnects by itself
  app.addHook('preClose', async () => { closing = true; });
  app.addHook('onClose', async () => { redis?.disconnect(); });

  registerRoute(app, livenessRoute, ({ reply }) => {
    if (closing) return reply.code(503).send({ detail: 'Сервер останавливается.', code: 'shutting_down' });
    return { status: 'ok' as const };
  }, deps);

  registerRoute(app, readinessRoute, async ({ reply }) => {
    const [pg, rd] = await Promise.all([
      within(PROBE_TIMEOUT_MS, () => deps.pool.query('SELECT 1')),
      redis ? within(PROBE_TIMEOUT_MS, () => redis.ping()) : Promise.resolve(null),
    ]);
    const state: Omit<Readiness, 'status'> = { postgres: pg ? 'ok' : 'unreachable', redis: rd === null ? 'disabled' : rd ? 'ok' : 'unreachable' };
    if (pg && rd !== false) return { status: 'ok' as const, ...state };
    const failed = [!pg && 'PostgreSQL', rd === false && 'Redis'].filter(Boolean).join(' и ');
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return reply.code(503).send({ detail: `Сервис не готов: нет связи с ${failed}.`, code: 'not_ready', ...state });
  }, deps);
}

export const healthModule = apiModule('health', (app, d) => registerHealthRoutes(app, { pool: d.pool, redisUrl: d.config.redisUrl, guards: d.guards }));
