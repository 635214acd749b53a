/**
 * Builds the benchmark database: drop and create `tko_bench`, migrate it with @tko/db
 * `migrate`, import the real Angarsk route plan with the project's own `importAngarsk`,
 * draw the rest of the 100 000 container sites from that distribution (generate.ts), give
 * every site its containers and roll-ups, then VACUUM ANALYZE; then the 300 000 waste sources
 * drawn next to those sites (sources-seed.ts). Seeded: repeatable.
 */
import path from 'node:path';
import type { Pool } from 'pg';
import { ANGARSK_SOURCE, createPool, dataDir, importAngarsk, migrate } from '@tko/db';
import { createDatabase, dropDatabase } from '@tko/db/testing';
import { readAngarskSample } from './angarsk-sample';
import { BENCH_DB, SEED, TOTAL_SITES, adminUrl, benchUrl } from './env';
import { drawContainers, drawSites, rollup } from './generate';
import { insertContainers, insertSites } from './insert';
import { Rng } from './prng';
import { seedSources } from './sources-seed';
import { ZONES } from './towns';

export interface SeedSummary {
  realSites: number;
  syntheticSites: number;
  containers: number;
  seconds: number;
}

async function zoneIds(pool: Pool): Promise<number[]> {
  await pool.query('INSERT INTO contract_zone (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [[...ZONES]]);
  const { rows } = await pool.query<{ id: number; name: string }>('SELECT id, name FROM contract_zone WHERE name = ANY($1)', [[...ZONES]]);
  return ZONES.map((z) => rows.find((r) => r.name === z)!.id);
}

/** Runs the whole seed; `log` gets progress lines. */
export async function seedBenchDatabase(log: (line: string) => void = console.log): Promise<SeedSummary> {
  const started = Date.now();
  const step = (what: string) => log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${what}`);
  await dropDatabase(adminUrl(), BENCH_DB);
  await createDatabase(adminUrl(), BENCH_DB);
  await migrate(benchUrl());
  step(`created and migrated ${BENCH_DB}`);
  const pool = createPool(benchUrl(), { max: 2 });
  try {
    const file = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
    const imported = await importAngarsk(pool, file);
    step(`importAngarsk: ${imported.sites.total} real sites from ${path.basename(file)}`);
    const sample = await readAngarskSample(pool);
    const zones = await zoneIds(pool);
    const rng = new Rng(SEED);
    const sites = drawSites(rng, sample, TOTAL_SITES - sample.sites.length);
    const realContainers = sample.sites.map((s) => ({ siteId: s.id, containers: drawContainers(rng) }));
    step(`drew ${sites.length} synthetic sites`);
    const db = await pool.connect();
    let containers = 0;
    try {
      await db.query('BEGIN');
      const ids = await insertSites(db, sites, zones);
      step('inserted sites');
      containers = await insertContainers(db, [...sites.map((s, i) => ({ siteId: ids[i]!, containers: s.containers })), ...realContainers]);
      const sums = realContainers.map((r) => rollup(r.containers));
      await db.query(
        `UPDATE waste_area w SET count_containers = u.n, volume = u.vol
           FROM unnest($1::int[], $2::int[], $3::numeric[]) AS u(id, n, vol) WHERE w.id = u.id`,
        [realContainers.map((r) => r.siteId), sums.map((s) => s.count), sums.map((s) => s.volume)],
      );
      await db.query('COMMIT');
    } catch (e) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      db.release();
    }
    step(`inserted ${containers} containers and roll-ups`);
    await pool.query('VACUUM (ANALYZE) waste_area, waste_area_container, contract_zone, vehicle_waste_area');
    step('VACUUM ANALYZE');
    await verify(pool);
    const sources = await seedSources(pool, log);
    step(`${sources.sources} waste sources, ${sources.links} links`);
    return { realSites: sample.sites.length, syntheticSites: sites.length, containers, seconds: (Date.now() - started) / 1000 };
  } finally {
    await pool.end();
  }
}

/** Throws unless there are exactly TOTAL_SITES container sites whose roll-ups match their containers. */
async function verify(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ n: number; real: number; bad: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE data_import_source = $1)::int AS real,
            count(*) FILTER (WHERE c.n IS DISTINCT FROM w.count_containers OR c.v IS DISTINCT FROM w.volume)::int AS bad
       FROM waste_area w
       LEFT JOIN (SELECT waste_area_id, count(*)::int AS n, sum(volume) AS v FROM waste_area_container GROUP BY 1) c ON c.waste_area_id = w.id
      WHERE w.kind = 'CONTAINER'`,
    [ANGARSK_SOURCE],
  );
  const r = rows[0]!;
  if (r.n !== TOTAL_SITES || r.bad !== 0) throw new Error(`seed check failed: ${r.n} sites (want ${TOTAL_SITES}), ${r.bad} with wrong roll-ups`);
}
