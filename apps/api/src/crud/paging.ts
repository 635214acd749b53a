/**
 * Absolute `next` / `previous` links of a page, as Django REST Framework builds them:
 * the request URL with `page` replaced (null at the ends). With an estimated count the
 * repository has already bounded it by the page (a full page counts one row more).
 */
import type { FastifyRequest } from 'fastify';

export function pageLinks(request: FastifyRequest, page: number, pageSize: number, count: number): { next: string | null; previous: string | null } {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const at = (n: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(n));
    return u.toString();
  };
  return {
    next: page * pageSize < count ? at(page + 1) : null,
    previous: page > 1 ? at(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
  };
}

/** Links of a keyset page (issue 7 §6): `next` with `cursor` replaced, no `previous`. */
export function cursorLinks(request: FastifyRequest, nextCursor: string | null): { next: string | null; previous: null } {
  if (!nextCursor) return { next: null, previous: null };
  const u = new URL(request.url, `${request.protocol}://${request.host}`);
  u.searchParams.delete('page');
  u.searchParams.set('cursor', nextCursor);
  return { next: u.toString(), previous: null };
}

/** Parses a path id: a positive integer, else null (→ 404, as DRF answers for a bad pk). */
export function parseId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
