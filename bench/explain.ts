/**
 * `pnpm --filter @tko/bench exec tsx explain.ts [list|tiles]`: EXPLAIN (ANALYZE, BUFFERS) of
 * the exact statements the benchmark times — both statements of each list case (captured
 * from RegistryRepository.list) and TILE_SQL on the densest tile of each zoom — on tko_bench.
 * Each statement runs once first so the plans are of a warm cache. `--pg-options='-c jit=off'`
 * sets session options (as run.ts' what-if switch does).
 */
import { parseArgs } from 'node:util';
import { createPool } from '@tko/db';
import { WASTE_AREA_TABS } from '@tko/contract';
import { TILE_SQL } from '@tko/api/src/modules/map/map.repository';
import { benchUrl } from './src/env';
import { captureListSql, listCases, parseQuery } from './src/list-cases';
import { densestTown, ZOOMS } from './src/tile-bench';

const { values: args, positionals } = parseArgs({ options: { 'pg-options': { type: 'string' } }, allowPositionals: true });
const what = positionals[0] ?? 'list,tiles';
const pool = createPool(benchUrl(), { max: 2, ...(args['pg-options'] ? { options: args['pg-options'] } : {}) });

async function explain(title: string, text: string, values: unknown[]): Promise<void> {
  await pool.query(text, values);
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  console.log(`\n### ${title}\n${text.replace(/\s+/g, ' ').slice(0, 400)}\n-- params: ${JSON.stringify(values)}`);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}

try {
  if (what.includes('list')) {
    for (const c of await listCases(pool)) {
      const [page, count] = await captureListSql(pool, parseQuery(c.qs));
      await explain(`list ${c.key} page: ${c.qs}`, page!.text, page!.values);
      await explain(`list ${c.key} count: ${c.qs}`, count!.text, count!.values);
    }
  }
  if (what.includes('tiles')) {
    const town = await densestTown(pool);
    for (const z of ZOOMS) {
      const n = 2 ** z;
      const x = Math.floor(((town.minlng + town.maxlng) / 2 + 180) / 360 * n);
      const lat = ((town.minlat + town.maxlat) / 2) * Math.PI / 180;
      const y = Math.floor((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2 * n);
      await explain(`tile ${z}/${x}/${y} (centre of ${town.city})`, TILE_SQL, [z, x, y, WASTE_AREA_TABS.map((t) => t.kind)]);
    }
  }
} finally {
  await pool.end();
}
