/**
 * `DELETE` with `Content-Type: application/json` and no body (what many HTTP clients send, and
 * what DRF accepts) is a DELETE without a body, not a malformed JSON 400. Every other empty or
 * broken JSON body is still refused by Fastify's own parser (plugins/errors.ts → 400
 * «Неправильный JSON в теле запроса.»), with its prototype-poisoning protection kept.
 */
import type { FastifyInstance } from 'fastify';

/** Replaces the root `application/json` parser; call on the root instance before the routes. */
export function registerEmptyDeleteBody(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') {
      done(null, undefined);
      return;
    }
    json(request, body as string, done);
  });
}
