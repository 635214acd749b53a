/**
 * The fetch client: JSON in and out, Russian accept-language, the bearer token of the session,
 * and the 401 rule of spec 01 §4 — one renewal and one retry, then sign-out. The renewal is the
 * session's: calls refused together share one refresh, and a call whose token another refresh
 * already replaced retries with the new one without refreshing again (docs/ARCHITECTURE.md «Session»).
 * Relative `/api/...` URLs: the API serves the app on the same address.
 */
import { ApiError, type ErrorBody } from './errors';

/** What the client needs from the session. */
export interface SessionPort {
  validAccessToken(): Promise<string | null>;
  /** A token to retry with after the server refused `rejected` (null: the session is over). */
  renewAfter(rejected: string | null): Promise<string | null>;
  signOut(reason: 'unauthorized'): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined/null/'' values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body (a file upload); the browser sets its Content-Type with the boundary. */
  form?: FormData;
  /** Send the bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** `/api/x/?a=1&b=2` from a path and query parameters. */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(res: Response): Promise<ErrorBody> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : { detail: String(data) };
  } catch {
    return null;
  }
}

export interface HttpClient {
  /** Performs the call; resolves with the raw response when it is 2xx, throws {@link ApiError} otherwise. */
  raw(path: string, opts?: RequestOptions): Promise<Response>;
  /** Performs the call and parses the JSON answer (undefined for 204). */
  json<T>(path: string, opts?: RequestOptions): Promise<T>;
}

export function createHttpClient(deps: { fetch: FetchFn; session: SessionPort }): HttpClient {
  async function send(url: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'ru' };
    if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(url, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
        signal: opts.signal,
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      console.warn('Сетевая ошибка', url, e);
      throw new ApiError(0, null);
    }
  }

  async function raw(path: string, opts: RequestOptions = {}): Promise<Response> {
    const url = buildUrl(path, opts.query);
    const auth = opts.auth ?? true;
    let token = auth ? await deps.session.validAccessToken() : null;
    let res = await send(url, opts, token);
    if (res.status === 401 && auth && token) {
      token = await deps.session.renewAfter(token);
      if (token) res = await send(url, opts, token);
      if (res.status === 401) deps.session.signOut('unauthorized');
    }
    if (!res.ok) throw new ApiError(res.status, await readBody(res));
    return res;
  }

  return {
    raw,
    async json<T>(path: string, opts?: RequestOptions): Promise<T> {
      const res = await raw(path, opts);
      if (res.status === 204) return undefined as T;
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}
