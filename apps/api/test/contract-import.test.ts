/**
 * Import template CONTRACT_COMPLEX (issue 11 §3) through the system import: a CSV of contracts
 * (Russian headers matched by the template's synonyms) with the site each names, uploaded,
 * processed by the worker's import processor over BullMQ, and read back through the registry:
 * the spec's defaults applied, the site a contract waste area of its kind, a row with a wrong
 * ИНН check digit refused with its reason while the others are imported.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { csv, files, finished, startImportHarness, upload } from './import-helpers';
import type { ImportHarness } from './import-helpers';

let h: ImportHarness;
let t: TestApp;
let siteId = 0;

beforeAll(async () => {
  h = await startImportHarness();
  t = h.t;
  const { rows } = await t.pool.query<{ id: number }>(
    `INSERT INTO waste_area (kind, location, coordinates) VALUES ('CONTAINER', 'Ангарск, 84 квл, 12', ST_SetSRID(ST_MakePoint(103.886912, 52.537311), 4326)) RETURNING id`,
  );
  siteId = rows[0]!.id;
}, 120000);
afterAll(async () => h?.close());

describe('import template CONTRACT_COMPLEX', () => {
  it('imports contracts with their sites from a CSV', async () => {
    const bytes = csv([
      ['Номер договора', 'Дата подписания', 'Наименование потребителя', 'ИНН потребителя', 'ID места накопления', 'Периодичность вывоза', 'Дни недели'],
      ['И-1/2026', '15.01.2026', 'ООО «Управляющая компания Центр»', '7707083893', String(siteId), 'По дням недели', 'пн, чт'],
      ['И-2/2026', '16.01.2026', 'ТСЖ «Северное»', '', '', '', ''],
      ['И-3/2026', '17.01.2026', 'ООО «Ошибка»', '7707083890', '', '', ''],
    ]);
    const up = await upload(t, bytes, 'договоры.csv', 'CONTRACT_COMPLEX');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const run = await request(t.app.server).post(files(up.body.id, 'process/')).set(t.auth('admin'));
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const done = await finished(t, up.body.id);
    expect(done.status, JSON.stringify(done)).toBe('DONE');
    expect(done).toMatchObject({ errors_count: 1, report: { rows: 3, created: 2, failed_rows: 1 } });

    const list = await request(t.app.server).get('/api/contracts/?ordering=number').set(t.auth('admin'));
    expect(list.body.results.map((r: { number: string; revision_status: string; fee: string; tko_storing_method: string }) =>
      [r.number, r.revision_status, r.fee, r.tko_storing_method])).toEqual([
      ['И-1/2026', 'DRAFT', '1.00', 'CHUTE'],
      ['И-2/2026', 'DRAFT', '1.00', 'CHUTE'],
    ]);
    const first = list.body.results[0] as { id: number };
    const areas = await request(t.app.server).get(`/api/contracts/${first.id}/waste-areas/`).set(t.auth('admin'));
    expect(areas.body.results).toEqual([expect.objectContaining({
      waste_area: { id: siteId, name: 'Ангарск, 84 квл, 12' }, waste_area_type: 'CONTAINER_WASTE_AREA', periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [1, 4],
    })]);
  }, 120000);
});
