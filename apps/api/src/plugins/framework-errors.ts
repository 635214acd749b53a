/**
 * Fastify's router refusals in DRF's shape (issue 8 §2): a URL that cannot be decoded
 * (`FST_ERR_BAD_URL`, e.g. `%E0%A4%A` or bytes that are not UTF-8) → 400, a path parameter
 * longer than the router's limit (`FST_ERR_MAX_PARAM_LENGTH`, 100 characters) → 414, each with a
 * Russian `detail`. These leave the router before any hook or the error handler runs, so Fastify
 * hands them to the `frameworkErrors` option (app.ts) instead of answering its own English body.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@tko/contract';

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      void reply.status(400).send({ detail: 'Неправильный адрес запроса.', code: 'bad_url' });
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      void reply.status(414).send({ detail: 'Слишком длинный параметр в адресе запроса.', code: 'uri_too_long' });
      return;
    default:
      void reply.status(400).send({ detail: MSG.badRequest, code: error.code ?? 'bad_request' });
  }
}
