/**
 * Typed HTTP errors thrown by handlers and services; the error handler turns each into the
 * DRF-shaped body `{detail, code}` (docs/ARCHITECTURE.md "Errors").
 */
import { MSG } from '@tko/contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notAuthenticated = () => new HttpError(401, MSG.notAuthenticated, 'not_authenticated');
export const tokenInvalid = () => new HttpError(401, MSG.tokenInvalid, 'token_not_valid');
export const forbidden = () => new HttpError(403, MSG.forbidden, 'permission_denied');
export const notFound = () => new HttpError(404, MSG.notFound, 'not_found');
export const unavailable = (detail: string = MSG.unavailable) => new HttpError(503, detail, 'service_unavailable');
