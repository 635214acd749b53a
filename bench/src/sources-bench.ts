/**
 * Waste-source list at 300 000 rows (issue 4 §8): GET /api/waste-sources/ over HTTP against
 * the same page + count SQL RegistryRepository.list sends (list-bench.ts), four typical calls.
 */
import type { Pool } from 'pg';
import type { ResourceDef } from '@tko/contract';
import { wasteSourceResource } from '@tko/contract';
import type { BenchHttp } from './http';
import type { ListResult } from './list-bench';
import { benchResourceList } from './list-bench';
import type { ListCase } from './list-cases';
import { TOWN_BBOX } from './list-cases';

export const SOURCE = wasteSourceResource as unknown as ResourceDef;

/** A common street word of the source addresses (drawn from the container sites' addresses). */
export const SOURCE_SEARCH_WORD = 'Маркса';

/** (a) default order, first page; (b) a category, page 2; (c) text search; (d) a town-sized map view. */
export const SOURCE_CASES: ListCase[] = [
  { key: 'a', qs: 'ordering=location&page=1' },
  { key: 'b', qs: 'category=HOUSE&ordering=location&page=2' },
  { key: 'c', qs: `search=${encodeURIComponent(SOURCE_SEARCH_WORD)}` },
  { key: 'd', qs: `in_bbox=${TOWN_BBOX}` },
];

export function benchSources(http: BenchHttp, pool: Pool, n: number, warmup: number): Promise<ListResult[]> {
  return benchResourceList(http, pool, SOURCE, SOURCE_CASES, n, warmup);
}
