/**
 * `pnpm --filter @tko/bench exec tsx import.ts [rows]` — import speed (issue 9 §4).
 *
 * (Re)creates the database `tko_bench_import` on the server of DATABASE_URL (admin URL),
 * imports the real Angarsk route plan there (the distribution, bench/src/angarsk-sample.ts),
 * draws `rows` (default 100 000) container sites from it (bench/src/generate.ts) and writes
 * them as a ';' CSV in /tmp. Then, in one process, one after the other:
 *
 *   1. the baseline: COPY of the file into a staging table of text columns plus the same
 *      validation in SQL (casts, ranges, the required address), written into waste_area with
 *      INSERT … SELECT and the rows' containers into waste_area_container — the floor a
 *      set-based import cannot beat (no history, no import_record, no per-row messages);
 *      timed with and without the containers;
 *   2. the system import as the worker runs it: the file streamed twice (csvSource, as
 *      openStoredSource), packages/import runImport (the CWA_BUNDLE template, the WritePipeline
 *      with history, import_record rows) — its phases timed, the longest gap between two
 *      progress calls (and from the last one to the end), the RSS before it and the peak
 *      sampled every 100 ms.
 *
 * `--two-pass` after the rows: a look-alike group resolved «merge», so the run scans the file before
 * writing (run-import.ts needsScan; with the default options it reads the file once).
 * `--json`: the run reads the same rows from a JSON array of objects (jsonSource, which reads
 * the file once more for its columns); the baseline still copies the CSV.
 * Run with `node --expose-gc --import tsx import.ts [rows]` for the heap held after a full
 * collection at 30 % and 99 % (the RSS peak is mostly garbage awaiting collection); run it for
 * several sizes to see memory against file size.
 * Prints one line of each and the ratio. Numbers go to bench/RESULTS.md «Import speed».
 */
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { csvSource, cwaBundleTemplate, ImportFilesRepository, jsonSource, runImport, suggestMapping } from '@tko/import';
import { DEFAULT_IMPORT_OPTIONS } from '@tko/contract';
import { createDomain, createPool, dataDir, importAngarsk, migrate } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { adminUrl } from './src/env';
import { readAngarskSample } from './src/angarsk-sample';
import { drawSites } from './src/generate';
import { Rng } from './src/prng';
import { describeMachine } from './src/machine';

const DB = 'tko_bench_import';
const ROWS = Number(process.argv[2] ?? 100_000);
const TWO_PASS = process.argv.includes('--two-pass');
const JSON_FILE = process.argv.includes('--json');
const FILE = `/tmp/tko-bench-import-${ROWS}.csv`;
const FILE_JSON = `/tmp/tko-bench-import-${ROWS}.json`;
const HEADER = ['Адрес', 'Широта', 'Долгота', 'Количество контейнеров', 'Объём контейнера, м³', 'Тип контейнера', 'Числа месяца', 'Идентификатор'];

const url = databaseUrl(adminUrl(), DB);
await dropDatabase(adminUrl(), DB);
await createDatabase(adminUrl(), DB);
await migrate(url);
const pool = createPool(url, { max: 4 });
const secs = (t: number) => (Date.now() - t) / 1000;

/** Draws the rows and writes the file; nothing of them is kept (the import's memory is measured). */
function writeFile(sample: Awaited<ReturnType<typeof readAngarskSample>>): void {
  const sites = drawSites(new Rng(20261124), sample, ROWS);
  const esc = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [HEADER.join(';')];
  const objects: string[] = [];
  for (const s of sites) {
    const c = s.containers;
    const days = s.monthdays === '{}' ? '' : s.monthdays.slice(1, -1).replace(/,/g, ';');
    const cells = [s.location, String(s.lat).replace('.', ','), String(s.lng).replace('.', ','), String(c.length), c[0]!.volume.replace('.', ','), c[0]!.type, days, s.identifier ?? ''];
    lines.push(cells.map(esc).join(';'));
    if (JSON_FILE) objects.push(JSON.stringify(Object.fromEntries(HEADER.map((h, i) => [h, cells[i]]))));
  }
  writeFileSync(FILE, lines.join('\n') + '\n');
  if (JSON_FILE) writeFileSync(FILE_JSON, `[\n${objects.join(',\n')}\n]\n`);
}

try {
  await importAngarsk(pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
  writeFile(await readAngarskSample(pool));
  const machine = await describeMachine(pool);
  console.log(`file: ${JSON_FILE ? FILE_JSON : FILE}, ${ROWS} rows; machine: ${JSON.stringify(machine)}`);

  // 1. The baseline: COPY into a staging table + the same validation in SQL, INSERT … SELECT.
  let t = Date.now();
  let sitesOnly = 0;
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query(`CREATE TEMP TABLE staging (location text, lat text, lng text, n text, volume text, ctype text, days text, identifier text) ON COMMIT DROP`);
    await db.query(`COPY staging FROM '${FILE}' WITH (FORMAT csv, DELIMITER ';', HEADER true)`);
    const copied = secs(t);
    const zone = (await db.query<{ id: number }>('SELECT id FROM contract_zone ORDER BY id LIMIT 1')).rows[0]!.id;
    // The valid rows with their site ids (drawn from the table's sequence), then the sites, then their containers.
    await db.query(
      `CREATE TEMP TABLE ok ON COMMIT DROP AS
       WITH v AS (
         SELECT location, replace(lat, ',', '.')::numeric AS lat, replace(lng, ',', '.')::numeric AS lng,
                n::int AS n, replace(volume, ',', '.')::numeric AS volume, ctype, identifier,
                string_to_array(nullif(days, ''), ';')::int[] AS days
           FROM staging
          WHERE location IS NOT NULL AND lat ~ '^-?[0-9]+([.,][0-9]+)?$' AND lng ~ '^-?[0-9]+([.,][0-9]+)?$' AND n ~ '^[0-9]{1,4}$'
       )
       SELECT nextval(pg_get_serial_sequence('waste_area', 'id')) AS id, * FROM v
        WHERE lat BETWEEN -90 AND 90 AND lng BETWEEN -180 AND 180 AND volume BETWEEN 0.1 AND 40`,
    );
    const res = await db.query(
      `INSERT INTO waste_area (id, kind, location, coordinates, identifier, periodicity, periodicity_on_monthdays, count_containers, volume, contract_zone_id, data_import_source, updated_at)
       SELECT id, 'CONTAINER', location, ST_SetSRID(ST_MakePoint(lng, lat), 4326), nullif(identifier, ''),
              CASE WHEN days IS NULL THEN NULL ELSE 'ON_MONTHDAYS' END, coalesce(days, '{}'), n, n * volume, $1, 'baseline', now()
         FROM ok`,
      [zone],
    );
    sitesOnly = secs(t);
    const kids = await db.query(`INSERT INTO waste_area_container (waste_area_id, type, volume) SELECT ok.id, ok.ctype, ok.volume FROM ok CROSS JOIN generate_series(1, ok.n)`);
    await db.query('ROLLBACK');
    console.log(`baseline: COPY ${copied.toFixed(2)} s, COPY + validation + INSERT … SELECT of the sites ${sitesOnly.toFixed(2)} s (${res.rowCount} rows), + their containers ${secs(t).toFixed(2)} s (${kids.rowCount} containers)`);
  } finally {
    db.release();
  }
  const baseline = secs(t);

  // 2. The system import.
  const user = (await pool.query<{ id: number }>(`SELECT id FROM "user" ORDER BY id LIMIT 1`).catch(() => ({ rows: [] as { id: number }[] }))).rows[0]?.id ?? null;
  const file = (await pool.query<{ id: number }>(
    `INSERT INTO import_file (name, storage_key, file_type, size, sha256, template_type, status) VALUES ('bench.csv', 'bench', 'CSV', 0, '', 'CWA_BUNDLE', 'PROCESSING') RETURNING id`,
  )).rows[0]!.id;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  t = Date.now();
  // A source for the matching's first rows and a fresh one for the run, as the upload and the job have
  // (a JSON source reads its keys inside the run: TableSource.prepare).
  const sourceOf = () => JSON_FILE
    ? jsonSource(() => createReadStream(FILE_JSON), 'UTF-8', statSync(FILE_JSON).size)
    : csvSource(() => createReadStream(FILE), 'UTF-8', ';', statSync(FILE).size);
  const first = await sourceOf().open();
  const head: string[][] = [];
  for await (const chunk of first.chunks) {
    head.push(...chunk.slice(0, 20).map((r) => r.cells));
    break;
  }
  const mapping = suggestMapping(cwaBundleTemplate, first.columns, head);
  const parsedAt = secs(t);
  let lastCall = Date.now();
  let maxGap = 0;
  let maxGapAt = '';
  const marks: string[] = [];
  const held: string[] = [];
  let lastPct = -1;
  let onProgress: (p: number) => Promise<void>;
  const outcome = await runImport({
    pool,
    pipeline: createDomain({ pool }).pipeline,
    template: cwaBundleTemplate,
    source: sourceOf(),
    mapping,
    // --two-pass: a look-alike group resolved «merge» (of a line no group starts at), so the run scans the file first.
    options: TWO_PASS ? { ...DEFAULT_IMPORT_OPTIONS, groups: { L1: 'merge' } } : DEFAULT_IMPORT_OPTIONS,
    file: { id: file, name: 'bench.csv' },
    writer: { userName: 'bench', userId: user },
    progress: (onProgress = async (p: number) => {
      const now = Date.now();
      if (now - lastCall > maxGap) [maxGap, maxGapAt] = [now - lastCall, `${lastPct} → ${p} %`];
      lastCall = now;
      if ([15, 20, 25, 30, 99].includes(p) && p !== lastPct) marks.push(`${p}% at ${secs(t).toFixed(1)} s`);
      // What the run holds (not its garbage): the heap after a full collection, at 30 % and 99 % (run with --expose-gc).
      if ([30, 99].includes(p) && p !== lastPct && global.gc) {
        global.gc();
        held.push(`${p}%: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);
        lastCall = Date.now(); // the collection's pause is the bench's, not a gap of the run
      }
      lastPct = p;
    }),
    cancelled: async () => false,
    beforeCommit: async (db2, o) => {
      // As the job does: a progress call after each block of import_record rows.
      await new ImportFilesRepository(pool).addRecords(db2, file, o.records, () => onProgress(99));
    },
  });
  const total = secs(t);
  if (Date.now() - lastCall > maxGap) [maxGap, maxGapAt] = [Date.now() - lastCall, `${lastPct} % → the end`];
  clearInterval(sampler);
  const r = outcome.report;
  console.log(`mapping: ${JSON.stringify(mapping)}`);
  console.log(`import${TWO_PASS ? ' (two passes)' : ''}${JSON_FILE ? ' of the JSON file' : ''}: ${total.toFixed(1)} s end to end (header + first chunk ${parsedAt.toFixed(1)} s; ${marks.join(', ')}), ${Math.round(ROWS / total)} rows/s; created ${r.created}, failed rows ${r.failed_rows}, warnings ${r.warning_rows}`);
  console.log(`progress: longest gap between calls (and to the end) ${maxGap} ms (${maxGapAt}); RSS before ${(rssBefore / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB; heap held after GC: before ${(heapBefore / 2 ** 20).toFixed(0)} MB, ${held.join(', ') || '— (no --expose-gc)'}`);
  const history = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM change_log WHERE resource = $1`, [cwaBundleTemplate.def.name])).rows[0]!.n;
  const records = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_record WHERE import_file_id = $1`, [file])).rows[0]!.n;
  console.log(`history rows ${history}, import_record rows ${records}; ratio import / baseline (sites + containers) = ${(total / baseline).toFixed(2)}, / baseline of the sites only = ${(total / sitesOnly).toFixed(2)}`);
} finally {
  await pool.end();
}
