/**
 * Import template VEHICLE_COMPLEX (issue 10 §6) through the system import: a CSV of trucks with
 * their garage and model (names), Russian headers matched by the template's synonyms, processed
 * by the worker's import processor over BullMQ; one truck spelled twice (Latin look-alikes)
 * becomes one vehicle, a row with a bad plate is refused with its reason, the compression
 * bounds become the range.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { csv, files, finished, startImportHarness, upload } from './import-helpers';
import type { ImportHarness } from './import-helpers';

let h: ImportHarness;
let t: TestApp;

beforeAll(async () => {
  h = await startImportHarness();
  t = h.t;
  await t.pool.query(`INSERT INTO garage (name, location) VALUES ('Гараж №1', 'Ангарск, Первый промышленный массив')`);
}, 120000);
afterAll(async () => h?.close());

describe('import template VEHICLE_COMPLEX', () => {
  it('imports trucks with garage and model; one truck spelled two ways is one vehicle', async () => {
    const bytes = csv([
      ['Госномер', 'Гараж', 'Модель', 'Марка', 'Объём кузова', 'Грузоподъёмность', 'Уплотнение от', 'Уплотнение до'],
      ['Е529НУ138', 'Гараж №1', 'КО-427-72', 'КАМАЗ', '22', '11000', '5', '6'],
      ['E 529 HY 138', 'Гараж №1', 'КО-427-72', 'КАМАЗ', '22', '11000', '5', '6'],
      ['М 310 КС 38', 'Гараж №1', 'МК-4512-04', 'МАЗ', '16', '7800', '4', '5'],
      ['12345', 'Гараж №1', '', '', '', '', '', ''],
    ]);
    const up = await upload(t, bytes, 'транспорт.csv', 'VEHICLE_COMPLEX');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const run = await request(t.app.server).post(files(up.body.id, 'process/')).set(t.auth('admin'));
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const done = await finished(t, up.body.id);
    expect(done.status, JSON.stringify(done)).toBe('DONE');

    const list = await request(t.app.server).get('/api/fleet/vehicles/?ordering=license_plate').set(t.auth('admin'));
    expect(list.body.results.map((r: { license_plate: string; garage: { name: string } | null; model: { name: string } | null; body_m3: string; compression_ratio: unknown }) =>
      [r.license_plate, r.garage?.name ?? null, r.model?.name ?? null, r.body_m3, r.compression_ratio])).toEqual([
      ['Е 529 НУ 138', 'Гараж №1', 'КО-427-72', '22.00', { lower: '5', upper: '6' }],
      ['М 310 КС 38', 'Гараж №1', 'МК-4512-04', '16.00', { lower: '4', upper: '5' }],
    ]);
    expect(done).toMatchObject({ errors_count: 1, report: { created: 2, failed_rows: 1 } });
  }, 120000);
});
