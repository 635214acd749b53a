/**
 * Import template ANGARSK_PLAN «План вывоза (маршрутный план)» (issue 10 §6): the real Angarsk
 * route plan (shared/data/angarsk, read where it lies) through the system import — upload, the
 * suggested matching of its own headers, processing by the worker's processor over BullMQ with
 * progress, the report — gives the garages, vehicles, sites and vehicle ↔ site links of the
 * command import (importAngarsk on another database copy), row for row; a second import creates
 * and changes nothing; bad rows fail with their reasons in the errors file while the others are
 * imported; «Откатить импорт» removes what a file created. Like the command it places the garages
 * at their estimate, creates the landfill and one schedule per garage, equal to the command's.
 * Real PostGIS and Redis, no mocks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile } from '@tko/contract';
import { dataDir, importAngarsk } from '@tko/db';
import type { AngarskImportCounts } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import type { Pool } from 'pg';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser } from './helpers';
import { csv, files, finished, startImportHarness, upload, waitFor } from './import-helpers';
import type { ImportHarness } from './import-helpers';

const FILE = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const TABLES = ['waste_area', 'garage', 'vehicle', 'vehicle_waste_area', 'contract_zone', 'schedule', 'schedule_vehicle', 'schedule_point', 'waste_management_facility'] as const;
/** The tables after the whole plan: its objects, and the three garage schedules with the landfill (docs/DATA.md «What the first start creates»). */
const PLAN_COUNTS = {
  waste_area: 1692, garage: 3, vehicle: 91, vehicle_waste_area: 6514, contract_zone: 1, schedule: 3, schedule_vehicle: 91, schedule_point: 1692, waste_management_facility: 1,
};

let h: ImportHarness;
let other: TestDatabase;
let command: AngarskImportCounts;

beforeAll(async () => {
  h = await startImportHarness();
  // The command import on a database copy of its own: what the system import must equal.
  other = await createTestDatabase();
  command = await importAngarsk(other.pool, FILE);
}, 180000);
afterAll(async () => {
  await h?.close();
  await other?.drop();
});

const get = (p: string) => request(h.t.app.server).get(p).set(h.t.auth('admin'));

async function counts(pool: Pool): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]!.n;
  return out;
}

/** Every imported object in a comparable form (ids replaced by their names and keys). */
async function snapshot(pool: Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  return {
    garages: await q('SELECT name, ST_AsText(coordinates) AS wkt, coordinates_needs_checking FROM garage ORDER BY name'),
    facilities: await q('SELECT name, ST_AsText(coordinates) AS wkt, coordinates_needs_checking, location_needs_checking, data_import_source FROM waste_management_facility ORDER BY name'),
    schedules: await q(`SELECT s.name, s.external_id, s.vehicles_count, s.points_count, f.name AS facility,
                               ARRAY(SELECT v.license_plate FROM schedule_vehicle sv JOIN vehicle v ON v.id = sv.vehicle_id WHERE sv.schedule_id = s.id ORDER BY 1) AS vehicles,
                               ARRAY(SELECT w.external_id FROM schedule_point sp JOIN waste_area w ON w.id = sp.waste_area_id WHERE sp.schedule_id = s.id ORDER BY 1) AS points
                          FROM schedule s LEFT JOIN waste_management_facility f ON f.id = s.waste_management_facility_id ORDER BY s.name`),
    vehicles: await q('SELECT v.license_plate, g.name AS garage FROM vehicle v LEFT JOIN garage g ON g.id = v.garage_id ORDER BY 1'),
    sites: await q(`SELECT w.external_id, w.data_import_source, w.location, w.structured_address, ST_AsText(w.coordinates) AS wkt, w.status, w.type,
                           w.periodicity, w.periodicity_on_monthdays, w.location_needs_checking, w.landmark, z.name AS zone
                      FROM waste_area w LEFT JOIN contract_zone z ON z.id = w.contract_zone_id ORDER BY w.external_id`),
    links: await q(`SELECT v.license_plate, w.external_id FROM vehicle_waste_area vw JOIN vehicle v ON v.id = vw.vehicle_id
                      JOIN waste_area w ON w.id = vw.waste_area_id ORDER BY 1, 2`),
  };
}

const CREATED_HISTORY = {
  'container:create': 1692, 'contract-zones:create': 1, 'garages:create': 3, 'schedules:create': 3, 'vehicles:create': 91, 'waste-management-facility:create': 1,
};

/** change_log rows by «registry:action». */
async function history(): Promise<Record<string, number>> {
  const { rows } = await h.t.pool.query<{ k: string; n: number }>(`SELECT resource || ':' || action AS k, count(*)::int AS n FROM change_log GROUP BY 1 ORDER BY 1`);
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

async function run(id: number): Promise<ImportFile> {
  const res = await request(h.t.app.server).post(files(id, 'process/')).set(h.t.auth('admin'));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return finished(h.t, id, 300000);
}

describe('import template ANGARSK_PLAN', () => {
  it('is in the template list (the screen lists it from there) with its targets', async () => {
    const res = await get('/api/import/templates/');
    expect(res.status).toBe(200);
    // Its run groups the rows itself: no look-alike rows and no update key on the screen (a key answers 400).
    expect(res.body).toContainEqual({
      type: 'ANGARSK_PLAN', label: 'План вывоза (маршрутный план)', available: true, resource: 'container',
      options: { duplicates: false, match_keys: [], match_distance: false, existing: true, all_or_nothing: true },
    });
    const labels = await get('/api/import/templates/ANGARSK_PLAN/labels/');
    expect(labels.status).toBe(200);
    // The screen says how the rows name their objects.
    expect(labels.body.key).toBe('по точке с точностью 6 знаков (площадка), по госномеру (машина) и по названию (гараж)');
    expect(labels.body.fields.map((f: { field: string; required: boolean }) => [f.field, f.required])).toEqual([
      ['lat', true], ['lng', true], ['garage', true], ['plate', true], ['address', true], ['days', true],
    ]);
    // The template file to fill in, and a file with its Russian headers matched back to the targets.
    const blank = await get('/api/import/templates/ANGARSK_PLAN/');
    expect(blank.status).toBe(200);
    expect(blank.headers['content-type']).toMatch(/spreadsheetml/);
    const up = await upload(h.t, csv([['Широта', 'Долгота', 'Гараж', 'Госномер', 'Адрес', 'Числа месяца'], ['52.7', '103.95', 'Гараж АМП', 'А 186 ВА 138', 'Ангарск, 2 мкр, 5', '1;15']]), 'план.csv', 'ANGARSK_PLAN');
    expect(up.body.column_mapping).toEqual({ 'Широта': 'lat', 'Долгота': 'lng', 'Гараж': 'garage', 'Госномер': 'plate', 'Адрес': 'address', 'Числа месяца': 'days' });
    expect((await request(h.t.app.server).delete(files(up.body.id)).set(h.t.auth('admin'))).status).toBe(204);
  });

  it('switching a file to the plan resets the options the plan does not honour (no 400 at processing)', async () => {
    const header = ['Широта', 'Долгота', 'Гараж', 'Госномер', 'Адрес', 'Числа месяца'];
    const up = await upload(h.t, csv([header, ['52.7', '103.95', 'Гараж АМП', 'А 186 ВА 138', 'Ангарск, 2 мкр, 5', '1;15']]), 'план.csv', 'CWA_BUNDLE');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const patch = (body: object) => request(h.t.app.server).patch(files(up.body.id)).set(h.t.auth('admin')).send(body);
    const keyed = await patch({ options: { duplicates: 'merge', match_distance: 5, existing: 'skip', all_or_nothing: true } });
    expect(keyed.status, JSON.stringify(keyed.body)).toBe(200);
    const switched = await patch({ template_type: 'ANGARSK_PLAN' });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    // Look-alike rows and the match on coordinates are gone; «existing» and «all or nothing» stay.
    expect(switched.body.options).toEqual({ duplicates: 'separate', groups: {}, match_key: 'none', match_distance: null, existing: 'skip', all_or_nothing: true });
    // A key the plan lacks, sent anyway, is refused with its field at processing.
    expect((await patch({ options: { match_key: 'identifier' } })).status).toBe(200);
    const refused = await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'));
    expect(refused.status).toBe(400);
    expect(refused.body['options.match_key']).toHaveLength(1);
    expect((await request(h.t.app.server).delete(files(up.body.id)).set(h.t.auth('admin'))).status).toBe(204);
  });

  it('imports the real plan: the command import\'s 3 garages, 91 vehicles, 1 692 sites and 6 514 links', async () => {
    expect(await counts(other.pool)).toEqual(PLAN_COUNTS);
    const up = await upload(h.t, readFileSync(FILE), 'angarsk_route_plan_example2.cp1251.csv', 'ANGARSK_PLAN');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ encoding: 'windows-1251', delimiter: ';', row_count: 20626 });
    // The file's own headers are recognised.
    expect(up.body.column_mapping).toEqual({
      Lat: 'lat', Lon: 'lng', Descr: 'garage', 'Столбец2': 'plate', 'Столбец3': null, 'Столбец4': 'address', Sub: 'days', Num: null,
    });
    const done = await run(up.body.id);
    expect(done.status, JSON.stringify(done.error)).toBe('DONE');
    expect(done.progress).toBe(100);
    expect(done.report).toMatchObject({
      rows: 20626, objects: 3 + 91 + 1692, created: 3 + 91 + 1692, updated: 0, unchanged: 0, merged_rows: 20626 - 1692, failed_rows: 0, rolled_back: false,
    });
    expect(done.report!.warnings[0]).toBe('Гаражей в файле 3, новых 3; машин 91, новых 91, перенесено в другой гараж 0; площадок 1692, новых 1692, обновлено 0; связей «машина — площадка» 6514, новых 6514, удалено устаревших 0.');
    // 19 points with two addresses (docs/DATA.md), named one by one after a summary line.
    expect(done.report!.warnings.filter((w) => w.startsWith('Точка '))).toHaveLength(19);
    expect(done.errors_url).toBeNull();
    // The progress went live to the job's topic, ending at 100.
    // (The file is DONE at COMMIT; the announcements and the last progress message follow it.)
    const mine = await waitFor(async () => {
      const seen = h.envelopes.filter((e) => e.destination === `/topic/jobs.${done.job_id}`).map((e) => e.body as { state: string; progress: number });
      return seen.at(-1)?.state === 'completed' ? seen : null;
    }, 10000);
    expect(mine.at(-1)).toMatchObject({ state: 'completed', progress: 100 });
    expect(mine.length).toBeGreaterThan(2);

    expect(await counts(h.t.pool)).toEqual(await counts(other.pool));
    expect(command).toMatchObject({ garages: { total: 3 }, vehicles: { total: 91 }, sites: { total: 1692 }, links: { total: 6514 } });
    // Object for object the same as the command import (sites compared on every imported column).
    const [mineSnap, theirs] = [await snapshot(h.t.pool), await snapshot(other.pool)];
    expect(mineSnap.garages).toEqual(theirs.garages);
    expect(mineSnap.vehicles).toEqual(theirs.vehicles);
    expect(mineSnap.sites).toEqual(theirs.sites);
    expect(mineSnap.links).toEqual(theirs.links);
    expect(mineSnap.facilities).toEqual(theirs.facilities);
    expect(mineSnap.schedules).toEqual(theirs.schedules);
    expect(mineSnap.garages.every((g) => g.coordinates_needs_checking && g.wkt)).toBe(true);
    expect(done.report!.warnings[1]).toBe('Графиков по гаражам 3, новых 3; точек графиков добавлено 1692, убрано 0; машин графиков добавлено 91, убрано 0; координаты гаражей оценены по площадкам: 3; полигон «Полигон ТБО г. Ангарск» создан (координаты оценены — проверьте).');
    // A few rows read through the registries' API.
    const garages = await get('/api/fleet/garages/?ordering=name');
    expect(garages.body.results.map((g: { name: string }) => g.name)).toEqual(theirs.garages.map((g) => g.name));
    const truck = await get(`/api/fleet/vehicles/?search=${encodeURIComponent('А 186 ВА 138')}`);
    expect(truck.body.results[0]).toMatchObject({ license_plate: 'А 186 ВА 138', garage: { name: 'Гараж АМП' } });
    const site = await get(`/api/waste-area/container/?search=${encodeURIComponent('47 квл, 60 (ул. Набережная, 41)')}`);
    expect(site.body.results[0]).toMatchObject({ location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)', coordinates: { lat: 52.546842, lng: 103.870102 }, periodicity: 'ON_MONTHDAYS' });
    expect((await get(`/api/waste-area/container/${site.body.results[0].id}/`)).body.periodicity_on_monthdays).toEqual([1, 8, 15, 22, 29]);
    // What the file created is listed for «Откатить импорт»: the zone, 3 garages, 91 vehicles, 1 692 sites, the landfill, 3 schedules.
    const records = await h.t.pool.query<{ registry: string; n: number }>('SELECT registry, count(*)::int AS n FROM import_record WHERE import_file_id = $1 GROUP BY 1 ORDER BY 1', [done.id]);
    expect(records.rows).toEqual([
      { registry: 'container', n: 1692 }, { registry: 'contract-zones', n: 1 }, { registry: 'garages', n: 3 }, { registry: 'schedules', n: 3 },
      { registry: 'vehicles', n: 91 }, { registry: 'waste-management-facility', n: 1 },
    ]);
    // Written through the pipeline's unit: each record has its history and was announced on its registry's topic.
    expect(await history()).toEqual(CREATED_HISTORY);
    // (Other test files share the Redis channel: every record of ours must be among the creations announced.)
    for (const registry of ['garages', 'vehicles', 'container', 'schedules', 'waste-management-facility']) {
      const ids = (await h.t.pool.query<{ id: number }>('SELECT record_id AS id FROM import_record WHERE import_file_id = $1 AND registry = $2', [done.id, registry])).rows.map((r) => r.id);
      const announced = new Set(h.envelopes.filter((e) => e.destination === `/topic/registry.${registry}` && (e.body as { action: string }).action === 'create').map((e) => (e.body as { id: number }).id));
      expect(ids.filter((id) => !announced.has(id)), registry).toEqual([]);
    }
  }, 320000);

  it('creates and changes nothing when the same file is imported again', async () => {
    const before = await snapshot(h.t.pool);
    const up = await upload(h.t, readFileSync(FILE), 'angarsk-again.csv', 'ANGARSK_PLAN');
    const done = await run(up.body.id);
    expect(done.status).toBe('DONE');
    expect(done.report).toMatchObject({ objects: 1786, created: 0, updated: 0, unchanged: 1786, failed_rows: 0 });
    expect(done.report!.warnings[0]).toMatch(/новых 0; машин 91, новых 0, перенесено в другой гараж 0; площадок 1692, новых 0, обновлено 0; связей «машина — площадка» 6514, новых 0, удалено устаревших 0\.$/);
    expect(await counts(h.t.pool)).toEqual(PLAN_COUNTS);
    expect(await snapshot(h.t.pool)).toEqual(before);
    const records = await h.t.pool.query('SELECT 1 FROM import_record WHERE import_file_id = $1', [done.id]);
    expect(records.rowCount).toBe(0);
    expect(await history()).toEqual(CREATED_HISTORY);
  }, 320000);

  it('puts back values edited since (unless told to skip existing ones), with their history; «Откатить импорт» restores the edits', async () => {
    const SITE = '52.546842,103.870102';
    const PLATE = 'А 186 ВА 138';
    await h.t.pool.query(`UPDATE waste_area SET location = 'Исправлено вручную' WHERE external_id = $1`, [SITE]);
    await h.t.pool.query(`UPDATE vehicle SET garage_id = (SELECT id FROM garage WHERE name <> 'Гараж АМП' ORDER BY name LIMIT 1) WHERE license_plate = $1`, [PLATE]);
    // «Объекты, уже есть в реестре: пропускать»: the edits stay.
    const skip = await upload(h.t, readFileSync(FILE), 'angarsk-skip.csv', 'ANGARSK_PLAN');
    expect((await request(h.t.app.server).patch(files(skip.body.id)).set(h.t.auth('admin')).send({ options: { existing: 'skip' } })).status).toBe(200);
    expect((await run(skip.body.id)).report).toMatchObject({ created: 0, updated: 0, unchanged: 0, skipped: 1786 });
    expect((await h.t.pool.query('SELECT location FROM waste_area WHERE external_id = $1', [SITE])).rows[0].location).toBe('Исправлено вручную');

    const up = await upload(h.t, readFileSync(FILE), 'angarsk-third.csv', 'ANGARSK_PLAN');
    const done = await run(up.body.id);
    expect(done.report).toMatchObject({ created: 0, updated: 2, unchanged: 1784, failed_rows: 0 });
    const site = await h.t.pool.query<{ id: number; location: string }>('SELECT id, location FROM waste_area WHERE external_id = $1', [SITE]);
    expect(site.rows[0]!.location).toBe('Ангарск, 47 квл, 60 (ул. Набережная, 41)');
    const log = await h.t.pool.query(`SELECT action, before, after FROM change_log WHERE resource = 'container' AND object_id = $1 ORDER BY id DESC LIMIT 1`, [site.rows[0]!.id]);
    expect(log.rows[0]).toEqual({ action: 'update', before: { location: 'Исправлено вручную' }, after: { location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)' } });
    expect((await get(`/api/fleet/vehicles/?search=${encodeURIComponent(PLATE)}`)).body.results[0].garage.name).toBe('Гараж АМП');

    const back = await request(h.t.app.server).post(files(up.body.id, 'rollback/')).set(h.t.auth('admin'));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await h.t.pool.query('SELECT location FROM waste_area WHERE external_id = $1', [SITE])).rows[0].location).toBe('Исправлено вручную');
    expect((await get(`/api/fleet/vehicles/?search=${encodeURIComponent(PLATE)}`)).body.results[0].garage.name).not.toBe('Гараж АМП');
    expect(await counts(h.t.pool)).toEqual(PLAN_COUNTS);
  }, 320000);

  it('needs the rights to add sites, garages and vehicles: a clerk who may only add sites is refused', async () => {
    const ts = new TokenService(h.t.config.jwtSecret, 300, 600);
    const clerk = await createUser(h.t.pool, 'plan-clerk@test.local', ['import:view', 'import:add', 'import:change', 'container:add', 'container:change', 'garages:add', 'garages:change']);
    const as = { Authorization: `Bearer ${ts.access(clerk)}` };
    const up = await request(h.t.app.server).post('/api/import/files/upload/').set(as).field('template_type', 'ANGARSK_PLAN')
      .attach('file', csv([['Lat', 'Lon', 'Descr', 'Столбец2', 'Столбец4', 'Sub'], ['52.7', '103.95', 'Гараж АМП', 'А 186 ВА 138', 'Ангарск  2 мкр  5', '1']]), 'plan.csv');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const res = await request(h.t.app.server).post(files(up.body.id, 'process/')).set(as);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Для импорта нужны права на создание и изменение записей реестра «Транспортные средства».');
  });

  it('fails bad rows with their reasons and imports the rest; «Откатить импорт» removes what the file created; «всё или ничего» writes nothing', async () => {
    const header = ['Lat', 'Lon', 'Descr', 'Столбец2', 'Столбец3', 'Столбец4', 'Sub', 'Num'];
    const bytes = csv([
      header,
      ['52.60', '103.90', 'Гараж новый', 'E 777 KX 38', '1.0', 'Ангарск  1 мкр  1', '2;16', '0'],
      ['52.60', '103.90', 'Гараж новый', 'Е777КХ38', '1.0', 'Ангарск  1 мкр  1', '3', '0'],
      ['95', '103.91', 'Гараж новый', 'Е 777 КХ 38', '1.0', 'Ангарск  1 мкр  2', '1', '0'],
      ['52.61', '103.91', 'Гараж новый', '', '1.0', 'Ангарск  1 мкр  3', '1', '0'],
      ['52.62', '103.92', 'Гараж новый', 'Е 777 КХ 38', '1.0', 'Ангарск  1 мкр  4', '1;32', '0'],
    ], 'win1251');
    const up = await upload(h.t, bytes, 'план-с-ошибками.csv', 'ANGARSK_PLAN');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const done = await run(up.body.id);
    expect(done.status).toBe('DONE');
    expect(done).toMatchObject({ errors_count: 3, report: { rows: 5, objects: 3, created: 3, failed_rows: 3 } });
    expect(done.report!.warnings).toContain('Госномер Е 777 КХ 38 записан в файле по-разному: «E 777 KX 38», «Е777КХ38»; это одна машина.');
    const failedLines = await h.t.pool.query<{ line: number; messages: string[] }>('SELECT line, messages FROM import_file_error WHERE import_file_id = $1 ORDER BY line', [up.body.id]);
    expect(failedLines.rows.map((r) => [r.line, r.messages])).toEqual([
      [4, ['Широта (столбец «Lat»): Широта должна быть числом от -90 до 90, получено «95».']],
      [5, ['Госномер машины (столбец «Столбец2»): пустое значение.']],
      [6, ['Числа месяца вывоза (столбец «Sub»): Ожидались числа месяца от 1 до 31 через «;», получено «1;32».']],
    ]);
    expect(done.errors_url).toBe(`/api/import/files/${up.body.id}/errors/`);
    const site = await h.t.pool.query(`SELECT periodicity_on_monthdays AS days FROM waste_area WHERE external_id = '52.600000,103.900000'`);
    expect(site.rows).toEqual([{ days: [2, 3, 16] }]);
    const links = await h.t.pool.query(`SELECT count(*)::int AS n FROM vehicle_waste_area vw JOIN vehicle v ON v.id = vw.vehicle_id WHERE v.license_plate = 'Е 777 КХ 38'`);
    expect(links.rows[0].n).toBe(1);
    // A partial plan touches only the links of its own sites: the 6 514 of the full plan stay.
    expect((await counts(h.t.pool)).vehicle_waste_area).toBe(6515);
    // Its new garage gets a schedule of its own with its truck and its site, and the estimate of its point.
    const own = await h.t.pool.query(`SELECT s.points_count, s.vehicles_count, g.coordinates_needs_checking AS flagged, ST_AsText(g.coordinates) AS wkt
                                        FROM schedule s JOIN garage g ON g.name = s.external_id WHERE s.external_id = 'Гараж новый'`);
    expect(own.rows).toEqual([{ points_count: 1, vehicles_count: 1, flagged: true, wkt: 'POINT(103.9 52.6)' }]);

    const back = await request(h.t.app.server).post(files(up.body.id, 'rollback/')).set(h.t.auth('admin'));
    expect(back.status, JSON.stringify(back.body)).toBeLessThan(300);
    expect(await counts(h.t.pool)).toEqual(PLAN_COUNTS);

    // «Всё или ничего»: the same file writes nothing, and the file says why.
    const strict = await upload(h.t, bytes, 'план-всё-или-ничего.csv', 'ANGARSK_PLAN');
    const patch = await request(h.t.app.server).patch(files(strict.body.id)).set(h.t.auth('admin')).send({ options: { all_or_nothing: true } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const failed = await run(strict.body.id);
    expect(failed).toMatchObject({ status: 'FAILED', errors_count: 3, report: { rolled_back: true, created: 0, failed_rows: 3 } });
    expect(failed.error).toMatch(/^Ничего не записано/);
    expect(await counts(h.t.pool)).toEqual(PLAN_COUNTS);
  }, 320000);
});
