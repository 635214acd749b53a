/**
 * The live connection (spec 01 §7): STOMP 1.2 over a websocket at `/ws/`, and the
 * destinations and message bodies every process agrees on. A message is published by any
 * process (API instance or worker) through Redis pub/sub (channel REALTIME_CHANNEL) and each
 * API instance delivers it to its own subscribers.
 */
import { z } from 'zod';

export const WS_PATH = '/ws/';
/** Redis pub/sub channel carrying {@link RealtimeEnvelope}s between processes. */
export const REALTIME_CHANNEL = 'tko:realtime';
/** Client-side request time-out, spec 01 §7 / §9. */
export const WS_REQUEST_TIMEOUT_MS = 5000;

/** Destinations. `{name}`/`{id}` are filled by the helpers below. */
export const DESTINATIONS = {
  /** Per-user queue: a subscriber receives only its own user's messages. */
  notifications: '/user/queue/notifications',
  /** Changes of one registry: create / update / delete with the id. */
  registry: (resource: string) => `/topic/registry.${resource}`,
  /** Progress of one background job. */
  job: (jobId: string) => `/topic/jobs.${jobId}`,
  /** Plan and fact of one schedule (routes/plan-fact.ts PlanFactMessageSchema): a date recomputed; needs schedules:view. */
  planFact: (scheduleId: number | string) => `/topic/plan-fact.${scheduleId}`,
  /** Request/response: SEND here with `reply-to` and `correlation-id` headers. */
  requests: '/app/requests',
} as const;

export const RegistryChangeSchema = z.object({
  resource: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  /** For an update made by a workflow action (common/actions.ts): the action's key. */
  step: z.string().optional(),
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  at: z.string(),
});
export type RegistryChange = z.infer<typeof RegistryChangeSchema>;

export const JobProgressSchema = z.object({
  id: z.string(),
  state: z.enum(['waiting', 'active', 'completed', 'completed_with_warnings', 'failed']),
  /** 0–100. */
  progress: z.number(),
  file_url: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  /** Remarks of a job `completed_with_warnings` (Russian). */
  warnings: z.array(z.string()).optional(),
});
export type JobProgress = z.infer<typeof JobProgressSchema>;

/** What travels on REALTIME_CHANNEL. `user_id` set = deliver only to that user's subscriptions. */
export const RealtimeEnvelopeSchema = z.object({
  destination: z.string(),
  body: z.unknown(),
  user_id: z.number().int().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * Row-scope keys of the changed row (before and after, common/row-scope.ts): a subscriber
   * receives the message only when one of them is visible to them. Absent: visible to all.
   */
  scope_keys: z.array(z.object({ organizations: z.array(z.number().int()), oktmo: z.string().nullable(), internal: z.boolean().optional() })).optional(),
});
export type RealtimeEnvelope = z.infer<typeof RealtimeEnvelopeSchema>;

/**
 * Body of a SEND to DESTINATIONS.requests (headers `reply-to` = /temp-queue/… or
 * /user/queue/…, and `correlation-id`): one API call performed as the signed-in user.
 * `path` starts with /api/ and may carry a query string; `body` is sent as JSON.
 */
export const WsRequestSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'),
  path: z.string().max(2048).regex(/^\/api\/[^\s#\\]*$/, 'Путь должен начинаться с /api/.'),
  body: z.unknown().optional(),
});
export type WsRequest = z.infer<typeof WsRequestSchema>;

/**
 * The answer, a MESSAGE on the reply-to destination with the request's `correlation-id`:
 * the HTTP status and body the same call over HTTP would give (JSON parsed, text as a string,
 * anything else base64 with `encoding: 'base64'`; null for an empty body).
 */
export const WsResponseSchema = z.object({
  status: z.number().int(),
  body: z.unknown(),
  content_type: z.string().nullable(),
  encoding: z.literal('base64').optional(),
});
export type WsResponse = z.infer<typeof WsResponseSchema>;
