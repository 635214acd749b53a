/**
 * Request/response over STOMP (issue 3 §1, spec 01 §7): the body of a SEND to /app/requests
 * (@tko/contract WsRequestSchema `{method, path, body}`) is performed on this same API through
 * `app.inject`, as the signed-in user of the session, so every API call works over the live
 * connection with the same routes, validation, permissions and error bodies as over HTTP.
 * The answer is WsResponse `{status, body, content_type}`.
 *
 * The session authenticated once with its access token; each request carries a fresh access
 * token of the same user (TokenService), so a long-lived connection keeps working after the
 * CONNECT token expires, while a deactivated user is refused (401) at the next request; the
 * token carries the version of CONNECT, so after a password change every request is a 401.
 * The inner call has the client's address, so `POST /api/auth/token/` over the socket counts
 * against the same per-address and per-account sign-in limits as over HTTP.
 * An invalid request body is answered with status 400 and DRF field errors, never an ERROR.
 */
import type { FastifyInstance } from 'fastify';
import type { WsResponse } from '@tko/contract';
import { issuesToFieldErrors, WsRequestSchema } from '@tko/contract';
import type { TokenService } from '../auth/tokens';

/** Who sends a request: the session's user, their token version at CONNECT, the client's address. */
export interface RequestCaller {
  userId: number;
  tokenVersion: number;
  ip: string;
}

export type RequestRunner = (caller: RequestCaller, body: Buffer) => Promise<WsResponse>;

const INVALID_JSON = 'Тело запроса должно быть JSON: {"method", "path", "body"}.';

export function injectRunner(app: FastifyInstance, tokens: TokenService): RequestRunner {
  return async ({ userId, tokenVersion, ip }, raw) => {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return { status: 400, body: { non_field_errors: [INVALID_JSON] }, content_type: 'application/json' };
    }
    const parsed = WsRequestSchema.safeParse(json);
    if (!parsed.success) return { status: 400, body: issuesToFieldErrors(parsed.error.issues), content_type: 'application/json' };
    const { method, path, body } = parsed.data;
    const res = await app.inject({
      method,
      url: path,
      // The client's address: the sign-in and refresh rate limits (plugins/rate-limit.ts) count it.
      remoteAddress: ip,
      headers: {
        authorization: `Bearer ${tokens.access(userId, tokenVersion)}`,
        'accept-language': 'ru',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const type = res.headers['content-type'];
    const contentType = typeof type === 'string' ? type : null;
    if (res.rawPayload.length === 0) return { status: res.statusCode, body: null, content_type: contentType };
    if (contentType?.includes('json')) {
      try {
        return { status: res.statusCode, body: JSON.parse(res.payload), content_type: contentType };
      } catch {
        // fall through: answered as text
      }
    }
    if (!contentType || contentType.startsWith('text/') || contentType.includes('json')) {
      return { status: res.statusCode, body: res.payload, content_type: contentType };
    }
    return { status: res.statusCode, body: res.rawPayload.toString('base64'), content_type: contentType, encoding: 'base64' };
  };
}
