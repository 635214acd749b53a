/**
 * Multipart failures as client errors (issue 8 §2): a body without a boundary, cut short, with a
 * bad part header, over a parts/files/fields limit or sent with another content type is the
 * client's mistake — 400 (413 for the limits) with a Russian `detail`, never 500.
 *
 * Sources: @fastify/multipart's coded errors (`FST_PARTS_LIMIT`, `FST_INVALID_MULTIPART_CONTENT_TYPE`,
 * `FST_MP_PREMATURE_CLOSE`, …) and @fastify/busboy's plain `Error`s, recognised by their messages
 * (`Multipart: Boundary not found`, `Unexpected end of multipart data`, `… terminated early …`)
 * or by a stack that runs through @fastify/busboy. The one error handler (errors.ts) calls
 * {@link multipartHttpError} before its 500 fallback.
 */
import { MSG } from '@tko/contract';
import { HttpError } from './http-errors';

const LIMITS: Record<string, string> = {
  FST_PARTS_LIMIT: 'Слишком много частей в запросе multipart/form-data.',
  FST_FILES_LIMIT: 'Слишком много файлов в запросе: отправьте один файл.',
  FST_FIELDS_LIMIT: 'Слишком много полей в запросе multipart/form-data.',
  FST_REQ_FILE_TOO_LARGE: 'Файл слишком большой.',
};

const BAD_REQUEST: Record<string, string> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Отправьте файл как multipart/form-data.',
  FST_PROTO_VIOLATION: 'Недопустимое имя поля в запросе multipart/form-data.',
  FST_INVALID_JSON_FIELD_ERROR: 'Поле запроса multipart/form-data с типом application/json содержит неправильный JSON.',
  FST_MP_PREMATURE_CLOSE: MSG.malformedMultipart,
};

const BUSBOY_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
  /^Malformed part header$/,
];

/** The 400/413 answer of a multipart failure, or null when `error` is not one. */
export function multipartHttpError(error: { code?: string; message?: string; stack?: string }): HttpError | null {
  const code = error.code ?? '';
  if (LIMITS[code]) return new HttpError(413, LIMITS[code], 'too_large');
  if (BAD_REQUEST[code]) return new HttpError(400, BAD_REQUEST[code], 'parse_error');
  const message = error.message ?? '';
  if (BUSBOY_MESSAGES.some((re) => re.test(message)) || /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')) {
    return new HttpError(400, MSG.malformedMultipart, 'parse_error');
  }
  return null;
}
