/**
 * List measure: for each case, the API over HTTP, `repo.list()` in-process and the raw
 * `pool.query` statements (page + estimate/count in parallel, as RegistryRepository.list sends
 * them in the steady state) on the app's own pool, interleaved round by round.
 */
import type { Pool } from 'pg';
import type { ResourceDef } from '@tko/contract';
import { createDomain } from '@tko/db';
import type { BenchHttp } from './http';
import type { ListCase } from './list-cases';
import { CONTAINER, captureListSql, listCases, parseQuery } from './list-cases';
import type { Summary } from './stats';
import { interleaved, summarize } from './stats';

export interface ListResult {
  key: string;
  qs: string;
  /** `count` of the answer: rows matching the filters. */
  count: number;
  /** `count_is_estimate` of the answer. */
  estimate: boolean;
  /** Statements the SQL side replays per request (page, estimate / count as the repository sends them). */
  statements: number;
  p95TargetMs?: number;
  api: Summary;
  repo: Summary;
  sql: Summary;
}

export async function benchList(http: BenchHttp, pool: Pool, n: number, warmup: number): Promise<ListResult[]> {
  return benchResourceList(http, pool, CONTAINER, await listCases(pool), n, warmup);
}

/** The same measure for the list of any registry `def` and its `cases`. */
export async function benchResourceList(http: BenchHttp, pool: Pool, def: ResourceDef, cases: ListCase[], n: number, warmup: number): Promise<ListResult[]> {
  const repo = createDomain({ pool }).registries.repo(def);
  const out: ListResult[] = [];
  for (const c of cases) {
    const path = `${def.path}?${c.qs}`;
    const q = parseQuery(c.qs, def);
    const sql = await captureListSql(pool, q, def);
    if (!sql.length) throw new Error('repo.list sent no statement');
    const first = JSON.parse((await http.ok(path)).toString('utf8')) as { count: number; count_is_estimate?: boolean };
    const t = await interleaved({
      api: () => http.ok(path),
      repo: () => repo.list(q),
      sql: () => Promise.all(sql.map((s) => pool.query(s.text, s.values))),
    }, n, warmup);
    out.push({ key: c.key, qs: c.qs, count: first.count, estimate: first.count_is_estimate === true, statements: sql.length, p95TargetMs: c.p95TargetMs, api: summarize(t.api!), repo: summarize(t.repo!), sql: summarize(t.sql!) });
  }
  return out;
}
