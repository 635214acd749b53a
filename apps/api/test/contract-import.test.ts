/**
 * Import template CONTRACT_COMPLEX (issue 11 §3) through the system import: a CSV of contracts
 * (Russian headers matched by the template's synonyms) with the site each names, uploaded,
 * processed by the worker's import processor over BullMQ, and read back through the registry:
 * the spec's defaults applied, the site a contract waste area of its kind, a row with a wrong
 * ИНН check digit refused with its reason while the others are imported; rows of one number make
 * one contract with an object per row, and a number already in the registry is refused.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { csv, files, finished, startImportHarness, upload } from './import-helpers';
import type { ImportHarness } from './import-helpers';

let h: ImportHarness;
let t: TestApp;
let siteId = 0;
let site2 = 0;

beforeAll(async () => {
  h = await startImportHarness();
  t = h.t;
  const { rows } = await t.pool.query<{ id: number }>(
    `INSERT INTO waste_area (kind, location, coordinates) VALUES ('CONTAINER', 'Ангарск, 84 квл, 12', ST_SetSRID(ST_MakePoint(103.886912, 52.537311), 4326)) RETURNING id`,
  );
  siteId = rows[0]!.id;
  site2 = (await t.pool.query<{ id: number }>(`INSERT INTO waste_area (kind, location) VALUES ('CONTAINER', 'Ангарск, 84 квл, 14') RETURNING id`)).rows[0]!.id;
}, 120000);
afterAll(async () => h?.close());

describe('import template CONTRACT_COMPLEX', () => {
  it('imports contracts with their sites from a CSV', async () => {
    const bytes = csv([
      ['Номер договора', 'Дата подписания', 'Наименование потребителя', 'ИНН потребителя', 'ID места накопления', 'Периодичность вывоза', 'Дни недели'],
      ['И-1/2026', '15.01.2026', 'ООО «Управляющая компания Центр»', '7707083893', String(siteId), 'По дням недели', 'пн, чт'],
      ['И-2/2026', '16.01.2026', 'ТСЖ «Северное»', '', '', '', ''],
      ['И-3/2026', '17.01.2026', 'ООО «Ошибка»', '7707083890', '', '', ''],
      // Two rows of one number: ONE contract with two objects (issue 25 §1).
      ['K-77', '18.01.2026', 'ТСЖ «Южное»', '', String(siteId), 'Ежедневно', ''],
      ['K-77', '18.01.2026', 'ТСЖ «Южное»', '', String(site2), 'По дням недели', 'вт'],
    ]);
    const up = await upload(t, bytes, 'договоры.csv', 'CONTRACT_COMPLEX');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const run = await request(t.app.server).post(files(up.body.id, 'process/')).set(t.auth('admin'));
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const done = await finished(t, up.body.id);
    expect(done.status, JSON.stringify(done)).toBe('DONE');
    expect(done).toMatchObject({ errors_count: 1, report: { rows: 5, objects: 4, created: 3, failed_rows: 1, merged_rows: 1 } });

    const list = await request(t.app.server).get('/api/contracts/?ordering=number').set(t.auth('admin'));
    expect(list.body.results.map((r: { number: string; revision_status: string; fee: string; tko_storing_method: string }) =>
      [r.number, r.revision_status, r.fee, r.tko_storing_method])).toEqual([
      ['K-77', 'DRAFT', '1.00', 'CHUTE'],
      ['И-1/2026', 'DRAFT', '1.00', 'CHUTE'],
      ['И-2/2026', 'DRAFT', '1.00', 'CHUTE'],
    ]);
    const first = list.body.results[1] as { id: number };
    const areas = await request(t.app.server).get(`/api/contracts/${first.id}/waste-areas/`).set(t.auth('admin'));
    expect(areas.body.results).toEqual([expect.objectContaining({
      waste_area: { id: siteId, name: 'Ангарск, 84 квл, 12' }, waste_area_type: 'CONTAINER_WASTE_AREA', periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [1, 4],
    })]);
    const k77 = list.body.results[0] as { id: number };
    const objects = await request(t.app.server).get(`/api/contracts/${k77.id}/waste-areas/`).set(t.auth('admin'));
    expect(objects.body.results.map((r: { waste_area: { id: number }; periodicity: string }) => [r.waste_area.id, r.periodicity]))
      .toEqual([[siteId, 'DAILY'], [site2, 'ON_WEEKDAYS']]);

    // The number is the regional operator's already: the row is refused with its reason, nothing added.
    const again = await upload(t, csv([['Номер договора', 'ID места накопления'], ['K-77', String(site2)]]), 'договоры-2.csv', 'CONTRACT_COMPLEX');
    await request(t.app.server).post(files(again.body.id, 'process/')).set(t.auth('admin'));
    const refused = await finished(t, again.body.id);
    expect(refused).toMatchObject({ status: 'DONE', report: { rows: 1, created: 0, failed_rows: 1 } });
    expect((await request(t.app.server).get('/api/contracts/?search=K-77').set(t.auth('admin'))).body.count).toBe(1);
  }, 120000);
});
