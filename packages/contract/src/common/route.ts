/**
 * Typed calls that are not CRUD (issue 7 §4): one description per call, read by the server
 * (apps/api/src/routing/register-route.ts: permission, validation, error shapes, OpenAPI) and by
 * the web client (apps/web/src/api/call-route.ts: path, query, body, answer parsed with the same
 * schemas). docs/ARCHITECTURE.md "Typed calls" tells how to add one.
 *
 * - `path` is the wire path with Fastify-style parameters (`/api/jobs/:id/`, `:z/:x/:y.mvt`);
 *   every `:name` must be a key of `params` (checked here, at load time).
 * - `response` maps a success status (200, 201, 202) to its zod schema; an answer without a
 *   body (204) or a file / stream (`produces`) has no schema. Error statuses are never listed:
 *   every error leaves through the one error handler in DRF's shapes.
 * - `permission`: 'public' (anyone), 'user' (any signed-in user), `{resource, action}` or
 *   'resource:action', or `{anyOf: [resources], action}` (the action on at least one of them).
 *   The server checks it before it reads the query or the body: 401, then 403, then 400.
 * - `consumes: 'multipart/form-data'` marks a file upload (the body is read by the handler).
 */
import type { z } from 'zod';
import type { PermissionAction } from '../routes/auth';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Who may make a call; see the module comment. */
export type RoutePermission =
  | 'public'
  | 'user'
  | `${string}:${PermissionAction}`
  | { resource: string; action: PermissionAction }
  | { anyOf: readonly string[]; action: PermissionAction };

/** Success status → schema of the JSON answer. */
export type ResponseMap = Partial<Record<200 | 201 | 202, z.ZodType>>;

export interface RouteSpec {
  method: HttpMethod;
  /** Wire path, `:name` for a parameter; trailing slash as the spec writes it. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: ResponseMap;
  permission: RoutePermission;
  /** Russian one-line summary (OpenAPI). */
  summary: string;
  /** OpenAPI tags: the module or the registry name. */
  tags: readonly string[];
  /** Longer OpenAPI description (body shapes the schema cannot show, refusals). */
  description?: string;
  /** Content type of a file or stream answer (no JSON schema), e.g. the xlsx type. */
  produces?: string;
  /** Request body that is not JSON (read by the handler, no body schema). */
  consumes?: 'multipart/form-data';
}

/** A checked description; the same object, typed. */
export type RouteDef<S extends RouteSpec = RouteSpec> = Readonly<S>;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type SuccessSchemas<R> = R extends ResponseMap ? NonNullable<R[keyof R & (200 | 201 | 202)]> : never;

/** Parameters, query and body as the server handler receives them (after zod). */
export type RouteParams<D extends RouteSpec> = Out<D['params']>;
export type RouteQuery<D extends RouteSpec> = Out<D['query']>;
export type RouteBody<D extends RouteSpec> = D['body'] extends z.ZodType ? z.output<D['body']> : unknown;
/** What a handler may return (serialised through the response schema). */
export type RouteReply<D extends RouteSpec> = [SuccessSchemas<D['response']>] extends [never] ? unknown : z.input<SuccessSchemas<D['response']>>;
/** The parsed answer the web client gets (undefined for a call without a JSON answer). */
export type RouteAnswer<D extends RouteSpec> = [SuccessSchemas<D['response']>] extends [never] ? undefined : z.output<SuccessSchemas<D['response']>>;
/** What the client sends: path values, query values, JSON body. */
export type RouteInput<D extends RouteSpec> = {
  params?: D['params'] extends z.ZodType ? { [K in keyof z.input<D['params']>]: string | number } : undefined;
  query?: In<D['query']>;
  body?: D['body'] extends z.ZodType ? z.input<D['body']> : unknown;
};

/** The only paths outside /api/: the process probes (routes/health.ts), named as supervisors expect. */
export const PROBE_PATHS: readonly string[] = ['/healthz', '/readyz'];

/** The OSRM-compatible routing service keeps OSRM's own path (spec 02 §7 "Routes": /trip/v1/driving/…). */
export const OSRM_PATH_PREFIX = '/trip/v1/';

const PARAM = /:([A-Za-z_]\w*)/g;

/** Names of the `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/** `/api/jobs/:id/` + `{id: 'a b'}` → `/api/jobs/a%20b/`; a missing value throws. */
export function buildRoutePath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(PARAM, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`Не задан параметр пути «${name}» для ${path}.`);
    return encodeURIComponent(String(v));
  });
}

/** The OpenAPI form of a path: `:id` → `{id}` (as @fastify/swagger writes it). */
export function openApiPath(path: string): string {
  return path.replace(PARAM, '{$1}');
}

/** `{resource, action}` of a permission, or null for 'public' / 'user' / anyOf. */
export function permissionOf(p: RoutePermission): { resource: string; action: PermissionAction } | null {
  if (typeof p === 'object') return 'resource' in p ? p : null;
  if (p === 'public' || p === 'user') return null;
  const at = p.lastIndexOf(':');
  return { resource: p.slice(0, at), action: p.slice(at + 1) as PermissionAction };
}

/**
 * Checks and returns a call description: a parameter of the path without a `params` key, or a
 * body on GET, throws at load time (a typo never reaches the wire).
 */
export function defineRoute<const S extends RouteSpec>(spec: S): RouteDef<S> {
  const names = pathParamNames(spec.path);
  const shape = (spec.params as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (names.length && !shape) throw new Error(`defineRoute ${spec.method} ${spec.path}: нет схемы params.`);
  for (const n of names) if (!shape || !(n in shape)) throw new Error(`defineRoute ${spec.method} ${spec.path}: параметра «${n}» нет в params.`);
  if (spec.method === 'GET' && (spec.body || spec.consumes)) throw new Error(`defineRoute GET ${spec.path}: у GET нет тела.`);
  if (!spec.path.startsWith('/api/') && !PROBE_PATHS.includes(spec.path) && !spec.path.startsWith(OSRM_PATH_PREFIX)) throw new Error(`defineRoute ${spec.path}: путь начинается с /api/.`);
  return Object.freeze(spec);
}

/** The success statuses a description answers with a JSON body. */
export function successStatuses(def: RouteSpec): number[] {
  return Object.keys(def.response ?? {}).map(Number).sort();
}
