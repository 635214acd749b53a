/**
 * ОКТМО loaded from the screen (contract routes/region-oktmo.ts; docs/DATA.md «ОКТМО»): an
 * administrator uploads a Rosstat ОКТМО file and its units are loaded in the request. The file is
 * hand-made in the Rosstat layout (16 lines, two regions; every count below is counted by hand
 * from it): the settings' region picks one of the regions, a second upload changes nothing,
 * another settings region not in the file loads both, a Windows-1251 copy reads the same;
 * refusals: 403 for a non-administrator, 400 {file} in Russian for no file and a file that is not
 * ОКТМО, nothing written.
 */
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OktmoUploadResult } from '@tko/contract';
import { startTestApp, type TestApp } from './helpers';

const line = (ter: string, k1: string, k2: string, k3: string, kc: string, section: string, name: string, centre = '') =>
  `"${ter}";"${k1}";"${k2}";"${k3}";"${kc}";"${section}";"${name}";${centre ? `"${centre}"` : ''};;"000";"0";14.06.2013;01.01.2014`;

/** Region 01: 5 headings, formations 01601000 and 01601402, localities …101 and …106, line 10 a wrong control number (2 is right). */
const ALTAI = [
  line('01', '000', '000', '000', '2', '1', 'Муниципальные образования Алтайского края'),
  line('01', '000', '000', '000', '2', '2', 'Населенные пункты, входящие в состав муниципальных образований Алтайского края'),
  line('01', '600', '000', '000', '9', '1', 'Муниципальные районы Алтайского края'),
  line('01', '601', '000', '000', '3', '1', 'Алейский муниципальный район', 'г Алейск'),
  line('01', '601', '400', '000', '5', '1', 'Сельские поселения Алейского муниципального района/'),
  line('01', '601', '402', '000', '5', '1', 'Алейский сельсовет', 'п Алейский'),
  line('01', '601', '402', '000', '5', '2', 'Населенные пункты, входящие в состав сельского поселения Алейский сельсовет'),
  line('01', '601', '402', '101', '9', '2', 'п Алейский'),
  line('01', '601', '402', '106', '3', '2', 'с Малахово'),
  line('01', '601', '402', '116', '0', '2', 'п Октябрьский'),
];
/** Region 03: 3 headings, formations 03601000 and 03601101, locality 03601101001. */
const KUBAN = [
  line('03', '000', '000', '000', '6', '1', 'Муниципальные образования Краснодарского края'),
  line('03', '600', '000', '000', '2', '1', 'Муниципальные районы Краснодарского края'),
  line('03', '601', '000', '000', '7', '1', 'Абинский муниципальный район', 'г Абинск'),
  line('03', '601', '100', '000', '2', '1', 'Городские поселения Абинского муниципального района/'),
  line('03', '601', '101', '000', '1', '1', 'Абинское', 'г Абинск'),
  line('03', '601', '101', '001', '0', '2', 'г Абинск'),
];
const FILE = Buffer.from(`${[...ALTAI, ...KUBAN].join('\n')}\n`);

let t: TestApp;
const api = () => request(t.app.server);
const upload = (body: Buffer, name = 'oktmo.csv', who: 'admin' | 'viewer' = 'admin') =>
  api().post('/api/region/oktmo/upload/').set(t.auth(who)).attach('file', body, name);
const settingsRegion = (region: string | null) => t.pool.query('UPDATE system_settings SET region = $1 WHERE id = 1', [region]);
const units = async () => (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM administrative_unit')).rows[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('ОКТМО from the screen', () => {
  it('refuses non-administrators (403) and a missing or foreign file (400 on the field, in Russian, nothing written)', async () => {
    expect((await api().get('/api/region/oktmo/').set(t.auth('viewer'))).status).toBe(403);
    expect((await upload(FILE, 'oktmo.csv', 'viewer')).status).toBe(403);
    const none = await api().post('/api/region/oktmo/upload/').set(t.auth('admin')).field('note', 'x');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ file: ['Выберите файл ОКТМО Росстата (.csv).'] });
    const before = await units();
    const foreign = await upload(Buffer.from('Адрес;Широта;Долгота\nул. Ленина, 1;52.5;103.9\n'), 'sites.csv');
    expect(foreign.status).toBe(400);
    expect(foreign.body.file[0]).toBe('Файл не похож на файл ОКТМО Росстата (13 столбцов через «;», коды из цифр): строка 1 — ожидалось 13 столбцов, в строке 3.');
    expect(await units()).toBe(before);
  });

  it('loads the settings\' region of a two-region file, then nothing again, then both when the settings name neither', async () => {
    await settingsRegion('Краснодарский край');
    const first = await upload(FILE);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const r1 = first.body as OktmoUploadResult;
    expect(r1).toMatchObject({
      file_name: 'oktmo.csv', rows: 16, loaded_regions: ['03'],
      file_regions: [{ region: '01', name: 'Алтайского края' }, { region: '03', name: 'Краснодарского края' }],
      units: { total: 3, created: 3, updated: 0, unchanged: 0 }, by_region: [{ region: '03', formations: 2, localities: 1 }],
      headings: 3, rejected: [],
    });
    expect(r1.choice).toBe('В файле несколько регионов: загружен регион настроек системы «Краснодарский край» — 03 (Краснодарского края).');

    const again = (await upload(FILE)).body as OktmoUploadResult;
    expect(again.units).toEqual({ total: 3, created: 0, updated: 0, unchanged: 3 });

    await settingsRegion('Иркутская область');
    const both = (await upload(FILE)).body as OktmoUploadResult;
    expect(both).toMatchObject({
      loaded_regions: ['01', '03'], units: { total: 7, created: 4, updated: 0, unchanged: 3 }, headings: 8,
      by_region: [{ region: '01', formations: 2, localities: 2 }, { region: '03', formations: 2, localities: 1 }],
      rejected: [{ line: 10, text: '01 601 402 116 п Октябрьский', reason: 'контрольное число 0 не сходится с кодом (должно быть 2)' }],
    });
    expect(both.choice).toMatch(/регион настроек системы «Иркутская область» среди них не найден: загружены все регионы файла/);
    const { rows } = await t.pool.query(`SELECT code, name, area, centre FROM administrative_unit WHERE code LIKE '01%' ORDER BY code`);
    expect(rows).toEqual([
      { code: '01601000', name: 'Алейский муниципальный район', area: 'Алейский муниципальный район', centre: 'г Алейск' },
      { code: '01601402', name: 'Алейский сельсовет', area: 'Алейский муниципальный район', centre: 'п Алейский' },
      { code: '01601402101', name: 'п Алейский', area: 'Алейский муниципальный район', centre: null },
      { code: '01601402106', name: 'с Малахово', area: 'Алейский муниципальный район', centre: null },
    ]);

    const status = await api().get('/api/region/oktmo/').set(t.auth('admin'));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      settings_region: 'Иркутская область',
      regions: [{ region: '01', formations: 2, localities: 2 }, { region: '03', formations: 2, localities: 1 }],
    });
  });

  it('reads a Windows-1251 file of one region whole', async () => {
    const cp1251 = (await upload(iconv.encode(`${KUBAN.join('\r\n')}\r\n`, 'win1251'), 'oktmo-03.csv')).body as OktmoUploadResult;
    expect(cp1251).toMatchObject({ loaded_regions: ['03'], choice: 'В файле один регион: загружен весь файл.', units: { total: 3, created: 0, updated: 0, unchanged: 3 } });
  });
});
