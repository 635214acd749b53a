/**
 * Probes for supervisors and load balancers (issue 8 §1), public, outside /api/ by convention:
 * - GET /healthz — the process is up and serving: always 200 unless it is shutting down (503);
 *   it touches neither PostgreSQL nor Redis, so a database outage never gets the process
 *   restarted (liveness);
 * - GET /readyz — PostgreSQL and Redis answer within a short time-out (readiness): 200, or 503
 *   `{detail, code: 'not_ready', postgres, redis}` naming the one that failed, with Retry-After.
 *   `redis` is 'disabled' when the API runs without REDIS_URL (CRUD works without it).
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';

export const PROBE_STATES = ['ok', 'unreachable', 'disabled'] as const;
export const LivenessSchema = z.object({ status: z.literal('ok') });
export const ReadinessSchema = z.object({
  status: z.literal('ok'),
  postgres: z.enum(PROBE_STATES),
  redis: z.enum(PROBE_STATES),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export const livenessRoute = defineRoute({
  method: 'GET', path: '/healthz', permission: 'public', tags: ['meta'], summary: 'Процесс работает (liveness)',
  description: '200, пока процесс работает; 503 во время остановки. Не обращается к базе данных и Redis.',
  response: { 200: LivenessSchema },
});
export const readinessRoute = defineRoute({
  method: 'GET', path: '/readyz', permission: 'public', tags: ['meta'], summary: 'Готовность: PostgreSQL и Redis доступны (readiness)',
  description: '200, когда PostgreSQL и Redis отвечают за короткое время; иначе 503 {detail, code: "not_ready", postgres, redis} с Retry-After.',
  response: { 200: ReadinessSchema },
});
