/**
 * The one error handler (docs/ARCHITECTURE.md "Errors"): every failure leaves as a
 * DRF-shaped body.
 * - zod validation of body/query/params → 400 `{field: [Russian messages]}`;
 * - FieldValidationError from the repository → 400 likewise; ConflictError → 409; ScopeDeniedError → 403;
 * - HttpError → its status with `{detail, code}`;
 * - PostgreSQL unreachable (restart, connection cut) → 503 `{detail, code}` + Retry-After;
 * - malformed JSON, wrong content type, oversize body → 400/415/413 with a Russian detail;
 * - a malformed or truncated multipart body → 400 (limits 413), Russian detail (multipart-errors.ts);
 * - anything else → 500 `{detail}` and an error log with the request id.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG } from '@tko/contract';
import { ConflictError, FieldValidationError, ScopeDeniedError } from '@tko/db';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-errors';
import { multipartHttpError } from './multipart-errors';
import { replyDatabaseUnavailable } from './database-unavailable';

interface ZodIssueLike {
  instancePath: string;
  message?: string;
  keyword: string;
  params: { keys?: string[] };
}

/** The most fields an error body names; the rest are counted (a body stays small whatever was sent). */
export const MAX_ERROR_FIELDS = 100;

/**
 * `fields` with at most {@link MAX_ERROR_FIELDS} fields, in their order; when more were refused,
 * `non_field_errors` says how many were left out.
 */
export function boundedErrors(fields: Record<string, string[]>): Record<string, string[]> {
  const keys = Object.keys(fields);
  if (keys.length <= MAX_ERROR_FIELDS) return fields;
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const k of keys.slice(0, MAX_ERROR_FIELDS)) out[k] = fields[k]!.slice(0, 10);
  const note = `Показаны ошибки первых ${MAX_ERROR_FIELDS} полей из ${keys.length}.`;
  out.non_field_errors = [...(out.non_field_errors ?? fields.non_field_errors ?? []).slice(0, 10), note];
  return out;
}

/** Turns validation issues into `{field: [messages]}`; query fields drop list indexes. */
export function validationBody(issues: ZodIssueLike[], context: string | undefined, bodyMissing: boolean): Record<string, string[]> {
  if (context === 'body' && bodyMissing) return { non_field_errors: [MSG.bodyRequired] };
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of issues) {
    let segments = issue.instancePath.split('/').filter(Boolean);
    if (context === 'querystring') while (segments.length > 1 && /^\d+$/.test(segments.at(-1)!)) segments = segments.slice(0, -1);
    const keys = issue.keyword === 'unrecognized_keys' && issue.params.keys?.length ? issue.params.keys.map((k) => [...segments, k]) : [segments];
    for (const path of keys) {
      const key = path.length ? path.join('.') : 'non_field_errors';
      // Own keys only: an unknown parameter named `toString` must not reach Object.prototype.
      const list = Object.hasOwn(out, key) ? out[key]! : (out[key] = []);
      const msg = issue.message ?? 'Неверное значение.';
      if (!list.includes(msg)) list.push(msg);
    }
  }
  return out;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | FieldValidationError | ConflictError | ScopeDeniedError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = validationBody(error.validation as unknown as ZodIssueLike[], error.validationContext, request.body === undefined || request.body === null);
      return reply.status(400).send(boundedErrors(body));
    }
    if (error instanceof FieldValidationError) return reply.status(400).send(boundedErrors(error.fields));
    if (error instanceof ConflictError) return reply.status(409).send({ detail: error.detail, code: 'conflict' });
    if (error instanceof ScopeDeniedError) return reply.status(403).send({ detail: error.detail, code: 'permission_denied' });
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ detail: error.detail, code: error.code });
    if (replyDatabaseUnavailable(error, reply)) return reply; // 503 + Retry-After (database-unavailable.ts)
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ detail: MSG.malformedJson, code: 'parse_error' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ detail: MSG.unsupportedMedia, code: 'unsupported_media_type' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ detail: 'Слишком большой запрос.', code: 'too_large' });
      default:
        break;
    }
    const multipart = multipartHttpError(error); // malformed/truncated multipart → 400 (multipart-errors.ts)
    if (multipart) return reply.status(multipart.statusCode).send({ detail: multipart.detail, code: multipart.code });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: MSG.serverError, code: 'server_error' });
  });
}
