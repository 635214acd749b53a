/**
 * The real Angarsk route plan (shared/data/angarsk, read where it lies, never copied) through
 * the system import: upload (Windows-1251 and ';' detected), the suggested matching of its
 * headers Lat / Lon / Столбец4 / Sub, processing by the worker's processor, and the sites in
 * the list, its progress followed by a STOMP client. Why 1 692: the file has 20 626 visits of 1 692 distinct points (docs/DATA.md); the
 * CWA_BUNDLE key is the point (6 decimals), so the visits of one point merge into one site
 * (month days united, the most frequent address, the 19 points with two addresses flagged).
 * The result equals the command import's (importAngarsk) site for site (points within 1e-6°: the
 * API rounds a 7th decimal 5 up, the command rounds the binary double), and a second run changes
 * nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile } from '@tko/contract';
import { dataDir, importAngarsk } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import { files, finished, REDIS_URL, startImportHarness, upload, waitFor } from './import-helpers';
import { connectClient } from './stomp-helpers';
import type { AddressInfo } from 'node:net';
import type { ImportHarness } from './import-helpers';

const FILE = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const SITES = '/api/waste-area/container/';

let h: ImportHarness;
beforeAll(async () => {
  // redisUrl: the app's STOMP broker takes what the worker publishes from Redis.
  h = await startImportHarness({ overrides: { redisUrl: REDIS_URL } });
  await h.t.app.listen({ host: '127.0.0.1', port: 0 });
}, 120000);
afterAll(async () => {
  await h?.close();
});

const get = (p: string) => request(h.t.app.server).get(p).set(h.t.auth('admin'));

interface SiteRow { lat: number; lng: number; location: string; days: number[]; checking: boolean }
const SITE_SQL = `SELECT round(ST_Y(coordinates)::numeric, 6)::float8 AS lat, round(ST_X(coordinates)::numeric, 6)::float8 AS lng, location,
  periodicity_on_monthdays AS days, location_needs_checking AS checking FROM waste_area WHERE kind = 'CONTAINER' AND periodicity = 'ON_MONTHDAYS' ORDER BY 1, 2`;

describe('the Angarsk route plan through the system import', () => {
  let file: ImportFile;

  it('uploads it: Windows-1251, ";", 20 626 rows, and suggests Lat/Lon/Столбец4/Sub', async () => {
    const res = await upload(h.t, readFileSync(FILE), 'angarsk_route_plan_example2.cp1251.csv', 'CWA_BUNDLE');
    expect(res.status).toBe(201);
    file = res.body;
    expect(file).toMatchObject({ file_type: 'CSV', encoding: 'windows-1251', delimiter: ';', row_count: 20626, size: 2903569 });
    expect(file.columns).toEqual(['Lat', 'Lon', 'Descr', 'Столбец2', 'Столбец3', 'Столбец4', 'Sub', 'Num']);
    expect(file.column_mapping).toEqual({
      Lat: 'coordinates_lat', Lon: 'coordinates_lng', Descr: null, 'Столбец2': null, 'Столбец3': null,
      'Столбец4': 'location', Sub: 'periodicity_on_monthdays', Num: null,
    });
    expect(file.preview[0]).toEqual(['52.5468417', '103.8701022', 'Гараж АМП', 'А 186 ВА 138', '1.0', 'Ангарск  47 квл  60 (ул. Набережная  41)', '1;8;15;22;29', '0']);
  });

  it('processes it into 1 692 sites, one per distinct point, with live progress', async () => {
    // The matching as the screen sends it back (the suggestion, confirmed).
    // A route plan repeats each site once per visit: its rows merge by point (duplicates = same_point).
    const patch = await request(h.t.app.server).patch(files(file.id)).set(h.t.auth('admin')).send({ column_mapping: file.column_mapping, options: { duplicates: 'same_point' } });
    expect(patch.status).toBe(200);
    const run = await request(h.t.app.server).post(files(file.id, 'process/')).set(h.t.auth('admin'));
    expect(run.status).toBe(202);
    expect(run.body.status).toBe('QUEUED');
    // A STOMP client (@stomp/stompjs) of the job's starter follows the progress; others may not.
    const wsUrl = `ws://127.0.0.1:${(h.t.app.server.address() as AddressInfo).port}/ws/`;
    const admin = await connectClient(wsUrl, h.t.tokens.admin);
    const viewer = await connectClient(wsUrl, h.t.tokens.viewer);
    const stomp = await admin.subscribe(`/topic/jobs.${run.body.job_id}`);
    await expect(viewer.subscribe(`/topic/jobs.${run.body.job_id}`)).rejects.toThrow(/refused/);
    const done = await finished(h.t, file.id, 300000);
    expect(done.status).toBe('DONE');
    expect(done.report).toMatchObject({ rows: 20626, objects: 1692, created: 1692, updated: 0, merged_rows: 18934, failed_rows: 0, rolled_back: false });
    // 19 points carry two addresses (docs/DATA.md): one warning each.
    expect(done.report!.warnings).toHaveLength(19);
    expect(done.errors_url).toBeNull();

    const list = await get(`${SITES}?page_size=5`);
    expect(list.body.count).toBe(1692);
    const checking = await get(`${SITES}?location_needs_checking=true&page_size=50`);
    expect(checking.body.count).toBe(19);
    const near = await get(`${SITES}?search=${encodeURIComponent('47 квл, 60 (ул. Набережная, 41)')}`);
    expect(near.body.results[0]).toMatchObject({ location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)', coordinates: { lat: 52.546842, lng: 103.870102 }, periodicity: 'ON_MONTHDAYS' });
    const card = (await get(`${SITES}${near.body.results[0].id}/`)).body;
    expect(card.periodicity_on_monthdays).toEqual([1, 8, 15, 22, 29]);
    expect(card.data_import_source).toBe('Импорт файла «angarsk_route_plan_example2.cp1251.csv»');

    const progress = await waitFor(async () => {
      const mine = h.envelopes.filter((e) => e.destination === `/topic/jobs.${done.job_id}`).map((e) => e.body as { state: string; progress: number });
      return mine.at(-1)?.state === 'completed' ? mine : null;
    }, 10000);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)!.progress).toBe(100);
    await waitFor(async () => stomp.some((m) => JSON.parse(m.body).state === 'completed'), 10000);
    const seen = stomp.map((m) => JSON.parse(m.body) as { id: string; state: string; progress: number });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((m) => m.id === done.job_id)).toBe(true);
    expect(seen.map((m) => m.progress)).toEqual([...seen.map((m) => m.progress)].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ state: 'completed', progress: 100 });
    await admin.disconnect();
    await viewer.disconnect();
  }, 320000);

  it('gives the same sites as the command import', async () => {
    const other = await createTestDatabase();
    try {
      const counts = await importAngarsk(other.pool, FILE);
      expect(counts.sites.total).toBe(1692);
      const command = (await other.pool.query<SiteRow>(SITE_SQL)).rows;
      const mine = (await h.t.pool.query<SiteRow>(SITE_SQL)).rows;
      expect(mine).toHaveLength(1692);
      // Same addresses, days and flags. Points agree to 6 decimals except where the file's 7th
      // decimal is an exact 5: the API's round6 (Math.round) rounds it up, the command's
      // toFixed(6) rounds the binary double (often just below the half) down — 0.1 m apart.
      const near = (a: SiteRow, b: SiteRow) => Math.abs(a.lat - b.lat) < 1.5e-6 && Math.abs(a.lng - b.lng) < 1.5e-6;
      let offByHalf = 0;
      for (const m of mine) {
        const c = command.filter((x) => near(m, x));
        expect(c).toHaveLength(1);
        expect({ ...m, lat: 0, lng: 0 }).toEqual({ ...c[0]!, lat: 0, lng: 0 });
        if (m.lat !== c[0]!.lat || m.lng !== c[0]!.lng) offByHalf++;
      }
      expect(offByHalf).toBe(66);
    } finally {
      await other.drop();
    }
  }, 300000);

  it('changes nothing when the same file is imported again', async () => {
    const again = await upload(h.t, readFileSync(FILE), 'angarsk-again.csv', 'CWA_BUNDLE');
    // Updates only through an explicit key: here the point itself (0.1 m).
    await request(h.t.app.server).patch(files(again.body.id)).set(h.t.auth('admin')).send({ options: { duplicates: 'same_point', match_distance: 0.1 } });
    const run = await request(h.t.app.server).post(files(again.body.id, 'process/')).set(h.t.auth('admin'));
    expect(run.status).toBe(202);
    const done = await finished(h.t, again.body.id, 300000);
    expect(done.report).toMatchObject({ rows: 20626, objects: 1692, created: 0, updated: 0, unchanged: 1692, failed_rows: 0 });
    expect((await get(`${SITES}?page_size=5`)).body.count).toBe(1692);
  }, 320000);
});
