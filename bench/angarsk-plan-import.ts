/**
 * `pnpm --filter @tko/bench exec tsx angarsk-plan-import.ts [runs]` — the real Angarsk route plan
 * (20 626 rows, Windows-1251) through the ANGARSK_PLAN import template (issue 10 §6) versus the
 * command import it shares its writes with (importAngarsk).
 *
 * (Re)creates the databases `tko_bench_plan_cmd` and `tko_bench_plan_sys` on the server of
 * DATABASE_URL (admin URL), migrated. In `runs` rounds (default 3), on fresh databases each round:
 *   1. the command import of the file (read, group, one transaction of set-based SQL), then a
 *      second run of it (nothing changes);
 *   2. the system import as the worker runs it, without the queue: the file decoded and parsed
 *      (readCsv, the encoding detected as at upload), the suggested matching, the
 *      template's run (angarsk-plan-run.ts: parse, groupPlan, writePlan in a unit of the
 *      WritePipeline, history and announcements of every record, import_record rows), then a second
 *      run of it (nothing changes).
 * Prints each time, the counts, and the machine. Numbers go to bench/RESULTS.md «Route plan import».
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_IMPORT_OPTIONS } from '@tko/contract';
import { createDomain, createPool, dataDir, importAngarsk, migrate, systemWriter } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { angarskPlanTemplate, detectEncoding, ImportFilesRepository, readCsv, runAngarskPlan, suggestMapping, tableSource } from '@tko/import';
import type { Pool } from 'pg';
import { adminUrl } from './src/env';
import { describeMachine } from './src/machine';

const FILE = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const RUNS = Number(process.argv[2] ?? 3);
const secs = (t: number) => (Date.now() - t) / 1000;

async function fresh(name: string): Promise<Pool> {
  const url = databaseUrl(adminUrl(), name);
  await dropDatabase(adminUrl(), name);
  await createDatabase(adminUrl(), name);
  await migrate(url);
  return createPool(url, { max: 4 });
}

/** One system import of the file on `pool`; answers seconds and the report's counts. */
async function systemImport(pool: Pool, bytes: Buffer) {
  const file = (await pool.query<{ id: number }>(
    `INSERT INTO import_file (name, storage_key, file_type, size, sha256, template_type, status) VALUES ('plan.csv', $1, 'CSV', $2, '', 'ANGARSK_PLAN', 'PROCESSING') RETURNING id`,
    [`bench-${Date.now()}-${Math.random()}`, bytes.length],
  )).rows[0]!.id;
  const t = Date.now();
  const { delimiter: _d, ...table } = readCsv(bytes, detectEncoding(bytes));
  const read = secs(t);
  const mapping = suggestMapping(angarskPlanTemplate, table.columns, table.rows.slice(0, 20).map((r) => r.cells));
  const outcome = await runAngarskPlan({
    pool,
    pipeline: createDomain({ pool }).pipeline,
    template: angarskPlanTemplate,
    source: tableSource(table),
    mapping,
    options: DEFAULT_IMPORT_OPTIONS,
    file: { id: file, name: 'plan.csv' },
    writer: systemWriter('bench'),
    progress: async () => undefined,
    cancelled: async () => false,
    beforeCommit: async (db, o) => {
      await new ImportFilesRepository(pool).addRecords(db, file, o.records);
    },
  });
  const r = outcome.report;
  return { seconds: secs(t), read, created: r.created, updated: r.updated, unchanged: r.unchanged, failed: r.failed_rows };
}

const bytes = readFileSync(FILE);
for (let round = 1; round <= RUNS; round++) {
  const cmd = await fresh('tko_bench_plan_cmd');
  const sys = await fresh('tko_bench_plan_sys');
  try {
    if (round === 1) console.log(`machine: ${JSON.stringify(await describeMachine(cmd))}`);
    let t = Date.now();
    const c1 = await importAngarsk(cmd, FILE);
    const cmdFirst = secs(t);
    t = Date.now();
    await importAngarsk(cmd, FILE);
    const cmdSecond = secs(t);
    const s1 = await systemImport(sys, bytes);
    const s2 = await systemImport(sys, bytes);
    const history = (await sys.query<{ n: number }>('SELECT count(*)::int AS n FROM change_log')).rows[0]!.n;
    const line = `round ${round}: command ${cmdFirst.toFixed(2)} s (second run ${cmdSecond.toFixed(2)} s; sites ${c1.sites.created}, vehicles ${c1.vehicles.created}, garages ${c1.garages.created}, links ${c1.links.created}); ` +
      `system import ${s1.seconds.toFixed(2)} s (file read ${s1.read.toFixed(2)} s; created ${s1.created}, failed rows ${s1.failed}), second run ${s2.seconds.toFixed(2)} s (created ${s2.created}, updated ${s2.updated}, unchanged ${s2.unchanged}); history rows ${history}`;
    console.log(line);
  } finally {
    await cmd.end();
    await sys.end();
  }
}
await dropDatabase(adminUrl(), 'tko_bench_plan_cmd');
await dropDatabase(adminUrl(), 'tko_bench_plan_sys');
