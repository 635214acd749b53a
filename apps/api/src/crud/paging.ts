/**
 * Absolute `next` / `previous` links of a page, as Django REST Framework builds them:
 * the request URL with `page` replaced (null at the ends). With an estimated count the
 * repository has already bounded it by the page (a full page counts one row more).
 * The scheme and host are PUBLIC_URL's (config.publicUrl, decorated on the app as `publicUrl`),
 * never the request's Host or X-Forwarded-Host: a client cannot make the server hand out
 * links to a host of its choosing (cache or link poisoning).
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** config.publicUrl: the product's address as users reach it, without a trailing slash. */
    publicUrl: string;
  }
}

/** The request's path and query under PUBLIC_URL. */
function publicRequestUrl(request: FastifyRequest): URL {
  const base = new URL(request.server.publicUrl);
  return new URL(`${base.pathname.replace(/\/+$/, '')}${request.url}`, base.origin);
}

export function pageLinks(request: FastifyRequest, page: number, pageSize: number, count: number): { next: string | null; previous: string | null } {
  const url = publicRequestUrl(request);
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
  const u = publicRequestUrl(request);
  u.searchParams.delete('page');
  u.searchParams.set('cursor', nextCursor);
  return { next: u.toString(), previous: null };
}

/** Parses a path id: a positive integer, else null (→ 404, as DRF answers for a bad pk). */
export function parseId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
