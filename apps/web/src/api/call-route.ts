/**
 * The typed web call of a defineRoute description (@tko/contract common/route.ts; docs/
 * ARCHITECTURE.md "Typed calls"): builds the path from `params`, sends `query` and the JSON
 * `body` (or a multipart `form`) over the app's HTTP client (bearer token, one refresh on 401,
 * {@link ApiError} for an error status), and parses the answer with the description's response
 * schema for the status it came with. An answer that does not match is an
 * {@link AnswerShapeError}, never silently passed on. A call without a JSON answer (204, files)
 * resolves with undefined.
 */
import type { RouteAnswer, RouteDef, RouteInput, RouteSpec } from '@tko/contract';
import { buildRoutePath } from '@tko/contract';
import type { HttpClient, RequestOptions } from './http';

/** The server answered, but not in the shape the contract describes. */
export class AnswerShapeError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly issues: { path: PropertyKey[]; message: string }[],
  ) {
    const first = issues.slice(0, 3).map((i) => `${i.path.map(String).join('.') || '(ответ)'}: ${i.message}`).join('; ');
    super(`Ответ сервера на ${route} (${status}) не соответствует контракту: ${first}`);
    this.name = 'AnswerShapeError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Multipart body (file upload), instead of `body`. */
  form?: FormData;
  /** Send the bearer token (default: every call that is not 'public'). */
  auth?: boolean;
}

/** Query values as the client sends them: lists joined by commas, empty values left out. */
export function queryOf(query: unknown): RequestOptions['query'] {
  if (!query || typeof query !== 'object') return undefined;
  const out: NonNullable<RequestOptions['query']> = {};
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(',') : (v as string | number | boolean);
  }
  return out;
}

/** Parses `data` of status `status` with the route's schema; throws AnswerShapeError. */
export function parseAnswer<S extends RouteSpec>(route: RouteDef<S>, status: number, data: unknown): RouteAnswer<S> {
  const schema = route.response?.[status as 200 | 201 | 202];
  const name = `${route.method} ${route.path}`;
  if (!schema) {
    if (status === 204 || !route.response || route.produces) return undefined as RouteAnswer<S>;
    throw new AnswerShapeError(name, status, [{ path: [], message: `статус ${status} не описан` }]);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new AnswerShapeError(name, status, parsed.error.issues.map((i) => ({ path: i.path, message: i.message })));
  return parsed.data as RouteAnswer<S>;
}

/** `callRoute` over one HTTP client (the app's in client.ts; a test's own). */
export function createCallRoute(http: HttpClient) {
  return async function callRoute<S extends RouteSpec>(route: RouteDef<S>, input: RouteInput<S> = {}, opts: CallOptions = {}): Promise<RouteAnswer<S>> {
    const path = buildRoutePath(route.path, input.params as Record<string, string | number> | undefined);
    const res = await http.raw(path, {
      method: route.method,
      query: queryOf(input.query),
      json: opts.form ? undefined : input.body,
      form: opts.form,
      auth: opts.auth ?? route.permission !== 'public',
      signal: opts.signal,
    });
    if (res.status === 204) return parseAnswer(route, 204, undefined);
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      throw new AnswerShapeError(`${route.method} ${route.path}`, res.status, [{ path: [], message: 'ответ не JSON' }]);
    }
    return parseAnswer(route, res.status, data);
  };
}

export type CallRoute = ReturnType<typeof createCallRoute>;
