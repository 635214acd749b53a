/**
 * The answer of a paged list that is not a registry list (sub-lists, suggestions):
 * `{count, next, previous, results}` with absolute links (crud/paging.ts), and 404
 * «Неправильная страница.» for a page past the last one, as the registry lists answer.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, MSG } from '@tko/contract';
import { HttpError } from '../plugins/http-errors';
import { pageLinks } from './paging';

export interface PageParams {
  page?: number;
  page_size?: number;
}

/** Runs `load` with limit/offset from the parameters and shapes its `{count, rows}` as a page. */
export async function pageAnswer<T>(
  request: FastifyRequest,
  q: PageParams,
  load: (paging: { limit: number; offset: number }) => Promise<{ count: number; rows: T[] }>,
): Promise<{ count: number; next: string | null; previous: string | null; results: T[] }> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const out = await load({ limit: pageSize, offset: (page - 1) * pageSize });
  if (page > 1 && (page - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
  return { count: out.count, ...pageLinks(request, page, pageSize, out.count), results: out.rows };
}
