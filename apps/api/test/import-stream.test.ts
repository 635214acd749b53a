/**
 * The streamed run (issue 9 §4; packages/import run-import.ts, scan.ts, row-groups.ts,
 * write-groups.ts): a file of several chunks (SOURCE_CHUNK_ROWS rows each) whose look-alike
 * groups span chunks — one resolved «merge», one «skip», one left «apart» — with broken rows in
 * between, and an «error» resolution; the objects, the report, the errors file and the
 * import_record rows must be what the user chose, row for row.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CHUNK_ROWS } from '@tko/import';
import { csv, files, finished, startImportHarness, upload } from './import-helpers';
import type { ImportHarness } from './import-helpers';

let h: ImportHarness;
beforeAll(async () => {
  h = await startImportHarness();
}, 120000);
afterAll(async () => {
  await h?.close();
});

const get = (p: string) => request(h.t.app.server).get(p).set(h.t.auth('admin'));
const ROWS = SOURCE_CHUNK_ROWS * 2 + 200; // three chunks

/**
 * Row n (line n + 1) is a site of its own far from the others, except: lines 2 and 1100 share an
 * address (group L2), lines 3 and 1150 a point (group L3), lines 4 and 700 an address (group L4);
 * lines 600 and 1180 have a latitude of 95 (refused).
 */
function file(tag: string): Buffer {
  const rows: (string | number)[][] = [['Адрес', 'Широта', 'Долгота', 'Количество контейнеров', 'Объём контейнера, м³']];
  for (let n = 1; n <= ROWS; n++) {
    const line = n + 1;
    let address = `Поток (${tag}), ул. Строковая, д. ${n}`;
    let lat = (50 + n / 1000).toFixed(6);
    const lng = (100 + n / 1000).toFixed(6);
    if (line === 1100) address = `Поток (${tag}), ул. Строковая, д. 1`;
    if (line === 700) address = `Поток (${tag}), ул. Строковая, д. 3`;
    if (line === 1150) lat = (50 + 2 / 1000).toFixed(6);
    const lngHere = line === 1150 ? (100 + 2 / 1000).toFixed(6) : lng;
    if (line === 600 || line === 1180) lat = '95.0';
    rows.push([address, lat, lngHere, line === 1100 ? 3 : 1, '0,75']);
  }
  return csv(rows);
}

async function run(tag: string, groups: Record<string, string>) {
  const up = await upload(h.t, file(tag), `поток-${tag}.csv`, 'CWA_BUNDLE');
  expect(up.status).toBe(201);
  expect(up.body.row_count).toBe(ROWS);
  const dup = await get(files(up.body.id, 'duplicates/'));
  expect(dup.body.groups.map((g: { id: string; rows: { line: number }[] }) => [g.id, g.rows.map((r) => r.line)])).toEqual([['L2', [2, 1100]], ['L3', [3, 1150]], ['L4', [4, 700]]]);
  const patch = await request(h.t.app.server).patch(files(up.body.id)).set(h.t.auth('admin')).send({ options: { groups } });
  expect(patch.status).toBe(200);
  expect((await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'))).status).toBe(202);
  return finished(h.t, up.body.id);
}

const sites = async (tag: string) =>
  (await h.t.pool.query<{ location: string; count_containers: number; lat: number }>(
    `SELECT location, count_containers, round(ST_Y(coordinates)::numeric, 6)::float8 AS lat FROM waste_area WHERE location LIKE $1 ORDER BY id`,
    [`Поток (${tag})%`],
  )).rows;

describe('a streamed run over several chunks', () => {
  it('merges, skips and keeps apart the groups the user resolved, across chunks', async () => {
    const done = await run('а', { L2: 'merge', L3: 'skip' });
    expect(done.status).toBe('DONE');
    // 1 200 rows: 2 refused, line 1100 merged into line 2, line 1150 skipped, L4 apart.
    expect(done.report).toMatchObject({ rows: ROWS, objects: ROWS - 2 - 1 - 1, created: ROWS - 4, merged_rows: 1, skipped_rows: 1, failed_rows: 2, rolled_back: false });
    const list = await sites('а');
    expect(list).toHaveLength(ROWS - 4);
    // Lines 2 and 1100 (1 and 3 containers) are one site now, with a warning naming both lines.
    const merged = list.filter((s) => s.location === 'Поток (а), ул. Строковая, д. 1');
    expect(merged).toHaveLength(1);
    expect(done.report!.warnings.some((w) => w.startsWith('Строки 2, 1100 объединены'))).toBe(true);
    // L4 apart: two sites with the same address.
    expect(list.filter((s) => s.location === 'Поток (а), ул. Строковая, д. 3')).toHaveLength(2);
    // The errors file lists the refused rows and the skipped one, in line order.
    const errors = await get(`${done.errors_url}?format=csv`);
    const lines = errors.text.trim().split('\r\n').slice(1).map((l) => Number(l.split(';')[0]));
    expect(lines).toEqual([600, 1150, 1180]);
    // Every created site is recorded for «Откатить импорт».
    const rec = await h.t.pool.query<{ n: number; lines: number }>(`SELECT count(*)::int AS n, count(DISTINCT line)::int AS lines FROM import_record WHERE import_file_id = $1 AND action = 'create'`, [done.id]);
    expect(rec.rows[0]).toEqual({ n: ROWS - 4, lines: ROWS - 4 });
  }, 180000);

  it('fails the repeats of a group resolved «error» and keeps the first row', async () => {
    const done = await run('б', { L2: 'merge' });
    expect(done.status).toBe('DONE');
    const up2 = await upload(h.t, file('в'), 'поток-в.csv', 'CWA_BUNDLE');
    await request(h.t.app.server).patch(files(up2.body.id)).set(h.t.auth('admin')).send({ options: { duplicates: 'error' } });
    await request(h.t.app.server).post(files(up2.body.id, 'process/')).set(h.t.auth('admin'));
    const failed = await finished(h.t, up2.body.id);
    expect(failed.report).toMatchObject({ created: ROWS - 2 - 3, failed_rows: 2 + 3 });
    const errors = await get(`${failed.errors_url}?format=csv`);
    const text = errors.text.trim().split('\r\n').slice(1);
    expect(text.map((l) => Number(l.split(';')[0]))).toEqual([600, 700, 1100, 1150, 1180]);
    expect(text[1]).toContain('Повтор: строка 4 описывает тот же объект (один адрес).');
    expect((await sites('в')).filter((s) => s.location === 'Поток (в), ул. Строковая, д. 1')).toHaveLength(1);
  }, 180000);
});
