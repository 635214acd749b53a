/**
 * Import template FLOWS (issue 11 §1) through the system import: a CSV of present flows (one flow
 * and its waste per row, Russian headers matched by the template's synonyms) uploaded, processed by
 * the worker's import processor over BullMQ, and the flows read back through the registry; a row
 * without a volume is refused with its reason, the others are imported.
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
  await t.pool.query(`INSERT INTO waste_management_facility (name, status, location, coordinates) VALUES ('Полигон «Ангарский»', 'ACTIVE', 'Ангарский р-н', ST_SetSRID(ST_MakePoint(103.9772, 52.4789), 4326))`);
}, 120000);
afterAll(async () => h?.close());

describe('import template FLOWS', () => {
  it('imports present flows with their waste from a CSV', async () => {
    const bytes = csv([
      ['Откуда', 'Координаты источника', 'Куда', 'Координаты объекта', 'Объект обращения с отходами', 'Коэффициент прогноза', 'Код ФККО', 'Наименование отхода', 'Объём, т/год'],
      ['Ангарск, 22-й мкр', '52.5378, 103.8745', 'Полигон «Ангарский»', '52.4789, 103.9772', 'Полигон «Ангарский»', '1,02', '7 31 110 01 72 4', 'ТКО от жилищ', '1250,5'],
      ['Ангарск, 12-й мкр', '52.5412, 103.8861', 'Полигон «Ангарский»', '52.4789, 103.9772', '', '', '73310001724', 'Офисный мусор', '80'],
      ['Савватеевка', '52.4100, 103.6200', 'Полигон «Ангарский»', '52.4789, 103.9772', '', '', '', '', ''],
    ]);
    const up = await upload(t, bytes, 'потоки.csv', 'FLOWS');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const run = await request(t.app.server).post(files(up.body.id, 'process/')).set(t.auth('admin'));
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const done = await finished(t, up.body.id);
    expect(done.status, JSON.stringify(done)).toBe('DONE');

    const list = await request(t.app.server).get('/api/flows/present/?ordering=start_location').set(t.auth('admin'));
    expect(list.body.results.map((r: { start_location: string; total_volume: string; predict_coeff: string; wmf: { name: string } | null }) =>
      [r.start_location, r.total_volume, r.predict_coeff, r.wmf?.name ?? null])).toEqual([
      ['Ангарск, 12-й мкр', '80.000', '1.0000', null],
      ['Ангарск, 22-й мкр', '1250.500', '1.0200', 'Полигон «Ангарский»'],
    ]);
    const first = list.body.results.find((r: { start_location: string }) => r.start_location === 'Ангарск, 22-й мкр');
    const card = await request(t.app.server).get(`/api/flows/present/${first.id}/`).set(t.auth('admin'));
    expect(card.body.wastes).toEqual([expect.objectContaining({ fkko: '73111001724', fkko_value: 'ТКО от жилищ', volume: '1250.500' })]);
    expect(done).toMatchObject({ errors_count: 1, report: { rows: 3, created: 2, failed_rows: 1 } });
  }, 120000);
});
