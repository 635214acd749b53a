/**
 * The region loaded from the screen (contract routes/region.ts): an administrator uploads a small
 * `.osm.pbf` — cut here with osmium from the St Petersburg extract of shared/data, never committed
 * — and the worker's `region-load` job (its processor in-process on a real BullMQ queue) loads its
 * addresses, road graph and base map; GET /api/region/ then shows what was loaded, from which file,
 * with the database's counts; /api/config/ names the style and the road graph. Refusals: 403 for a
 * non-administrator, 400 {file} for no file, another extension, a file that is not an extract and
 * a file above the limit (the limit named), 409 while a load is under way.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_REGION } from '@tko/contract';
import { dataDir } from '@tko/db';
import { readRegionRecord } from '@tko/geocoding';
import { regionLoadProcessor } from '../../worker/src/region-load';
import { openQueues, type Queues } from '../src/modules/jobs/queue';
import { startTestApp, type TestApp } from './helpers';
import { REDIS_URL } from './stomp-helpers';

const SPB = path.join(dataDir(), 'osm_spb_center_nevsky_2019.osm');
/** Невский пр. between Садовая and Фонтанка: a few hundred metres (a load of seconds). */
const BBOX = '30.328,59.931,30.338,59.936';
const LIMIT = 2 * 1024 * 1024;
const prefix = `tko-test-region-upload-${randomBytes(4).toString('hex')}`;

let t: TestApp;
let queues: Queues;
let connection: Redis;
let worker: Worker;
let dir: string;
let work: string;
let small: string;

const api = () => request(t.app.server);

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'tko-region-upload-'));
  dir = path.join(work, 'basemap');
  small = path.join(work, 'nevsky.osm.pbf');
  execFileSync('osmium', ['extract', '-b', BBOX, SPB, '-o', small, '--overwrite']);
  queues = openQueues(REDIS_URL, prefix)!;
  await queues.region.waitUntilReady();
  t = await startTestApp({ queues, overrides: { basemapDir: dir, regionMaxBytes: LIMIT } });
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  worker = new Worker(QUEUE_REGION, regionLoadProcessor({ databaseUrl: t.url, basemapDir: dir }), { connection, prefix });
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await queues?.region.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
  connection?.disconnect();
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('loading the region from the screen', () => {
  it('refuses non-administrators (403) and bad files (400 on the field, the limit named)', async () => {
    expect((await api().get('/api/region/').set(t.auth('viewer'))).status).toBe(403);
    expect((await api().post('/api/region/upload/').set(t.auth('viewer')).attach('file', readFileSync(small), 'nevsky.osm.pbf')).status).toBe(403);
    const none = await api().post('/api/region/upload/').set(t.auth('admin')).field('note', 'x');
    expect(none.status).toBe(400);
    expect(none.body.file).toEqual(['Выберите файл выгрузки OpenStreetMap (.osm.pbf).']);
    const csv = await api().post('/api/region/upload/').set(t.auth('admin')).attach('file', Buffer.from('a;b\n1;2\n'), 'sites.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.file).toEqual(['Нужна выгрузка OpenStreetMap: файл .osm.pbf или .osm.']);
    const fake = await api().post('/api/region/upload/').set(t.auth('admin')).attach('file', Buffer.from('not an extract at all'), 'fake.osm.pbf');
    expect(fake.status).toBe(400);
    expect(fake.body.file).toEqual(['Нужна выгрузка OpenStreetMap: файл .osm.pbf или .osm.']);
    const big = await api().post('/api/region/upload/').set(t.auth('admin')).attach('file', Buffer.alloc(LIMIT + 1024, 1), 'big.osm.pbf');
    expect(big.status).toBe(400);
    expect(big.body.file).toEqual(['Файл больше допустимого: не более 2 МБ.']);
    // Nothing refused stays behind, no job was queued.
    expect(existsSync(path.join(dir, 'uploads')) ? readdirSync(path.join(dir, 'uploads')) : []).toEqual([]);
    const before = await api().get('/api/region/').set(t.auth('admin'));
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      map_style: { loaded: false, source: 'none', url: null }, road_graph: { loaded: false, edges: 0 }, addresses: { loaded: false, addresses: 0 }, boundaries: { loaded: false, boundaries: 0 }, job: null, max_bytes: LIMIT,
    });
    expect((await api().get('/api/config/')).body).toEqual({ map_style_url: null, road_graph: false });
  });

  it('runs the upload as a job: addresses, road graph and base map loaded, shown with their file and counts', async () => {
    const res = await api().post('/api/region/upload/').set(t.auth('admin')).attach('file', readFileSync(small), 'nevsky.osm.pbf');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const jobId = res.body.job_id as string;
    expect(res.body.status_url).toBe(`/api/jobs/${jobId}/`);
    // A second load while this one is under way.
    const again = await api().post('/api/region/upload/').set(t.auth('admin')).attach('file', readFileSync(small), 'nevsky.osm.pbf');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Загрузка региона уже идёт: дождитесь её окончания.');

    let state = 'waiting';
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      const s = await api().get(`/api/jobs/${jobId}/`).set(t.auth('admin'));
      expect(s.status).toBe(200);
      state = s.body.state as string;
      if (state === 'completed' || state === 'failed') {
        expect(s.body.error, JSON.stringify(s.body)).toBeNull();
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(state).toBe('completed');

    // Independent counts: the database's own tables, and osmium's count of the extract's addressed objects.
    const q = async (sql: string) => Number((await t.pool.query<{ n: string }>(sql)).rows[0]!.n);
    const edges = await q('SELECT count(*) AS n FROM osm.ways');
    const addresses = await q('SELECT count(*) AS n FROM osm.address');
    const streets = await q('SELECT count(*) AS n FROM osm.street');
    const addressedFile = path.join(work, 'addressed.osm.pbf');
    execFileSync('osmium', ['tags-filter', '-R', small, 'addr:housenumber', '-o', addressedFile, '--overwrite']);
    const count = (what: string) => Number(execFileSync('osmium', ['fileinfo', '-e', '-g', `data.count.${what}`, addressedFile]).toString().trim());
    const addressed = count('nodes') + count('ways') + count('relations');
    expect(edges).toBeGreaterThan(10);
    expect(addresses).toBeGreaterThan(0);
    // Every indexed address is an addressed object of the extract (nodes, building ways and multipolygons;
    // those without a street or a readable number are left out): 124 of 124 in this cut.
    expect(addresses).toBeLessThanOrEqual(addressed);
    expect(addresses).toBeGreaterThan(addressed * 0.8);

    const st = await api().get('/api/region/').set(t.auth('admin'));
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({
      map_style: { loaded: true, source: 'region', url: '/api/basemap/style.json', file_name: 'nevsky.osm.pbf' },
      road_graph: { loaded: true, edges, file_name: 'nevsky.osm.pbf' },
      addresses: { loaded: true, addresses, streets, file_name: 'nevsky.osm.pbf' },
      // The okrugs are cut open by the bbox: none stored.
      boundaries: { loaded: false, boundaries: 0, matched: 0, loaded_at: null },
      job: { id: jobId, state: 'completed', progress: 100, file_name: 'nevsky.osm.pbf', message: 'Готово.' },
    });
    expect(Date.now() - Date.parse(st.body.road_graph.loaded_at as string)).toBeLessThan(300_000);
    // The two okrugs this bbox cuts (of the extract's three, region.test): open, counted in the record.
    expect(readRegionRecord(dir)).toMatchObject({ boundaries: 0, boundaries_open: 2 });
    expect(st.body.map_style.size_bytes).toBeGreaterThan(1000);
    // The maps pick the new base map and the road graph up without a restart; the upload is gone.
    expect((await api().get('/api/config/')).body).toEqual({ map_style_url: '/api/basemap/style.json', road_graph: true });
    expect((await api().get('/api/basemap/style.json')).status).toBe(200);
    expect(readdirSync(path.join(dir, 'uploads'))).toEqual([]);
  }, 300_000);
});
