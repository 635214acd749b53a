/**
 * Paging on the wire (spec 01 §7, spec 02 §7): `page` from 1, `page_size` up to 500
 * (the dictionary fetch size, spec 01 §9); answers `{count, next, previous, results}` with
 * absolute `next`/`previous` URLs as Django REST Framework gives them, plus `count_is_estimate`
 * (registry lists) and keyset paging by `cursor`.
 */
import { z } from 'zod';
import { MSG } from './messages';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

const positiveInt = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: msg }).int(msg).min(1, msg),
  );

export const PageQuerySchema = z.object({
  page: positiveInt(MSG.page).optional(),
  page_size: positiveInt(MSG.integer).pipe(z.number().max(MAX_PAGE_SIZE)).optional(),
});

/**
 * Paging of the registry lists: `page`/`page_size` plus keyset paging for integrators (issue 7
 * §6): `cursor` empty to start, then the opaque value of the `next` link; `page` is ignored
 * with it and `previous` is null.
 */
export const ListPageQuerySchema = PageQuerySchema.extend({
  cursor: z.string().max(2000).optional(),
});

/** A page of results, extended by list-level aggregates such as count_containers. */
export function pageSchema<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(item: T, extra?: E) {
  return z.object({
    count: z.number().int(),
    /** True when `count` is PostgreSQL's estimate (big lists, issue 7 §6); false when exact. */
    count_is_estimate: z.boolean().optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    ...(extra ?? ({} as E)),
    results: z.array(item),
  });
}

export interface Page<T> {
  count: number;
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}
