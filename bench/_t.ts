import { createPool } from '@tko/db';
import { benchUrl } from './src/env';
import { captureListSql, listCases, parseQuery } from './src/list-cases';
import { interleaved, summarize } from './src/stats';
const pool = createPool(benchUrl());
for (const c of await listCases(pool)) {
  const [page, count] = await captureListSql(pool, parseQuery(c.qs));
  const t = await interleaved({ page: () => pool.query(page!.text, page!.values), count: () => pool.query(count!.text, count!.values), both: () => Promise.all([pool.query(page!.text, page!.values), pool.query(count!.text, count!.values)]) }, 100, 10);
  console.log(c.key, Object.entries(t).map(([k, v]) => `${k} p50 ${summarize(v).p50.toFixed(1)} p95 ${summarize(v).p95.toFixed(1)}`).join(' | '));
}
await pool.end();
