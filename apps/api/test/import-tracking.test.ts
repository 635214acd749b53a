/**
 * Issue 9 §1 — an import that never loses a row, through the real API and worker processor:
 * rows sharing a point stay apart (and are listed as a group), an update happens only through
 * the key chosen in the matching (with the record's link and old → new values in the report),
 * rows without coordinates are imported flagged and geocoded by the worker's second phase
 * (@tko/geocoding's Nominatim client against a small Nominatim-compatible HTTP server started
 * here), warnings land in the errors file in plain Russian, JSON arrays and GeoJSON
 * FeatureCollections are read, the column matching knows English and Russian synonyms and is
 * remembered, every record carries its import (list filter `import_file`), and «Откатить импорт»
 * deletes what was created and restores what was updated, with history, in one transaction.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NominatimGeocoder } from '@tko/geocoding';
import { binary, csv, files, finished, importFile, startImportHarness, upload, waitFor } from './import-helpers';
import type { ImportHarness } from './import-helpers';

const SITES = '/api/waste-area/container/';

/** A Nominatim-compatible gazetteer: known addresses answer at house or street quality. */
const GAZETTEER: Record<string, { lat: string; lon: string; address: Record<string, string> }> = {
  'ул. Жердева, 56': { lat: '51.8301234', lon: '107.5891234', address: { road: 'улица Жердева', house_number: '56' } },
  'ул. Жердева': { lat: '51.8310000', lon: '107.5900000', address: { road: 'улица Жердева' } },
};

let h: ImportHarness;
let nominatim: Server;
beforeAll(async () => {
  nominatim = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const hit = GAZETTEER[q];
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(hit ? [{ ...hit, display_name: q }] : []));
  });
  await new Promise<void>((r) => nominatim.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}/`;
  h = await startImportHarness({ geocoder: new NominatimGeocoder(url, 2000) });
}, 120000);
afterAll(async () => {
  await h?.close();
  nominatim?.close();
});

const get = (path: string) => request(h.t.app.server).get(path).set(h.t.auth('admin'));
const list = async (query: string) => (await get(`${SITES}?${query}&page_size=100`)).body as { count: number; results: Record<string, unknown>[] };

async function readSheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('nothing merged silently', () => {
  it('keeps ten addresses that a geocoder snapped onto one point as ten sites, and lists them as one group', async () => {
    const rows = [['Адрес', 'Широта', 'Долгота', 'Количество', 'Объём']];
    for (let i = 1; i <= 10; i++) rows.push([`Усолье, ул. Снеговая, ${i} (одна точка)`, '52.7501', '103.6401', '1', '0,75']);
    const up = await upload(h.t, csv(rows), 'одна-точка.csv', 'CWA_BUNDLE');
    const dup = await get(files(up.body.id, 'duplicates/'));
    expect(dup.body.count).toBe(1);
    expect(dup.body.groups[0]).toMatchObject({ id: 'L2', reason: 'Точки не дальше 5 м друг от друга', resolution: 'apart' });
    expect(dup.body.groups[0].rows).toHaveLength(10);
    await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'));
    const done = await finished(h.t, up.body.id);
    expect(done.report).toMatchObject({ rows: 10, objects: 10, created: 10, merged_rows: 0, failed_rows: 0 });
    const found = await list(`search=${encodeURIComponent('(одна точка)')}`);
    expect(found.count).toBe(10);
    // Every container kept: ten sites with one each.
    const counts = await h.t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area_container c JOIN waste_area w ON w.id = c.waste_area_id WHERE w.location LIKE '%(одна точка)'`);
    expect(counts.rows[0]!.n).toBe(10);
  });

  it('skips the repeats of a group the user chose to skip, and says so in the errors file', async () => {
    const rows = [['Адрес', 'Координаты', 'Количество', 'Объём'], ['Усолье, ул. Ленина, 1 (пропуск)', '52.76, 103.65', '1', '1,1'], ['Усолье, ул. Ленина, д. 1 (пропуск)', '52.760001, 103.650001', '1', '1,1']];
    const file = await importFile(h.t, csv(rows), 'пропуск.csv', { options: { groups: { L2: 'skip' } } });
    expect(file.report).toMatchObject({ created: 1, skipped_rows: 1, failed_rows: 0 });
    const sheet = await readSheet((await get(file.errors_url!).buffer(true).parse(binary)).body);
    expect(sheet[1]!.slice(0, 2)).toEqual([3, 'Не импортирована (пропущена)']);
    expect(sheet[1]![3]).toBe('Не импортирована (решение «пропустить»): строка 2 описывает тот же объект (один адрес; точки не дальше 5 м друг от друга).');
  });
});

describe('updates only through the chosen key', () => {
  it('never overwrites a site matched by its point unless asked; match on coordinates within a distance, or the record id', async () => {
    const site = (await request(h.t.app.server).post(SITES).set(h.t.auth('admin')).send({ location: 'Усолье, ул. Мира, 5 (чужая)', coordinates: '52.77, 103.66', identifier: 'ЧУЖ-1' })).body;
    const rows = [['Адрес', 'Координаты', 'Количество', 'Объём'], ['Усолье, ул. Мира, 7 (своя)', '52.77, 103.66', '2', '1,1']];
    const plain = await importFile(h.t, csv(rows), 'точка.csv');
    expect(plain.report).toMatchObject({ created: 1, updated: 0 });
    expect((await get(`${SITES}${site.id}/`)).body.location).toBe('Усолье, ул. Мира, 5 (чужая)');

    const near = await importFile(h.t, csv([['Адрес', 'Координаты', 'Количество', 'Объём'], ['Усолье, ул. Мира, 5 (уточнено)', '52.77002, 103.66', '1', '1,1']]), 'рядом.csv', { options: { match_distance: 5 } });
    expect(near.report).toMatchObject({ created: 0, updated: 1 });
    // The nearest of the two sites within 5 m (2.2 m away); the report names it with old → new.
    const updated = near.report!.updates![0]!;
    expect([site.id, site.id + 1]).toContain(updated.id);
    expect(updated.changes.find((c) => c.field === 'coordinates')).toMatchObject({ label: 'Координаты', new: '52.770020, 103.660000' });

    const byId = await importFile(h.t, csv([['id', 'Адрес', 'Количество', 'Объём'], [String(site.id), 'Усолье, ул. Мира, 5 (по номеру)', '1', '1,1'], ['2147480000', 'Нет такой', '1', '1,1']]), 'по-номеру.csv', { options: { match_key: 'id' } });
    expect(byId.report).toMatchObject({ created: 0, updated: 1, failed_rows: 1 });
    expect(byId.report!.updates![0]).toMatchObject({ id: site.id, url: `/terr-schema/containers/container/update/${site.id}/`, line: 2 });
    expect(byId.report!.updates![0]!.changes.find((c) => c.field === 'location')).toMatchObject({ new: 'Усолье, ул. Мира, 5 (по номеру)' });
    expect((await get(`${SITES}${site.id}/`)).body.location).toBe('Усолье, ул. Мира, 5 (по номеру)');
  });

  it('refuses a key with no column mapped to it', async () => {
    const up = await upload(h.t, csv([['Адрес', 'Координаты'], ['Усолье (без ключа)', '52.78, 103.67']]), 'ключ.csv', 'CWA_BUNDLE');
    await request(h.t.app.server).patch(files(up.body.id)).set(h.t.auth('admin')).send({ options: { match_key: 'registry_number' } });
    const res = await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ 'options.match_key': ['Для обновления по ключу «Реестровый номер» сопоставьте ему столбец файла.'] });
  });
});

describe('rows without coordinates', () => {
  it('are imported flagged «Координаты требуют проверки», found by the list filter, and geocoded by the worker (below house quality stays flagged)', async () => {
    const file = await importFile(h.t, csv([
      ['Адрес', 'Количество', 'Объём'],
      ['ул. Жердева, 56', '2', '0,75'],
      ['ул. Жердева', '1', '0,75'],
      ['113 мкр.д.13', '1', '0,75'],
    ]), 'без-координат.csv');
    expect(file.report).toMatchObject({ created: 3, failed_rows: 0, without_coordinates: 3 });
    const geo = await waitFor(async () => {
      const f = (await get(files(file.id))).body;
      return f.geocode.status === 'DONE' ? f.geocode : null;
    }, 30000);
    expect(geo).toEqual({ status: 'DONE', total: 3, done: 3, placed: 1 });
    const mine = await list(`import_file=${file.id}`);
    expect(mine.count).toBe(3);
    const by = Object.fromEntries(mine.results.map((r) => [r.location as string, r]));
    expect(by['ул. Жердева, 56']).toMatchObject({ coordinates: { lat: 51.830123, lng: 107.589123 }, coordinates_needs_checking: false });
    expect(by['ул. Жердева']).toMatchObject({ coordinates: { lat: 51.831, lng: 107.59 }, coordinates_needs_checking: true });
    expect(by['113 мкр.д.13']).toMatchObject({ coordinates: null, coordinates_needs_checking: true });
    const flagged = await list(`import_file=${file.id}&coordinates_needs_checking=true`);
    expect(flagged.count).toBe(2);
    const q = await h.t.pool.query<{ geocode_quality: string | null }>('SELECT geocode_quality FROM import_record WHERE import_file_id = $1 ORDER BY line', [file.id]);
    expect(q.rows.map((r) => r.geocode_quality)).toEqual(['house', 'street', null]);
  });
});

describe('warnings', () => {
  it('lists volumes outside the standard range, counts with text and sites without containers in the errors file, in plain Russian', async () => {
    const file = await importFile(h.t, csv([
      ['Адрес', 'Координаты', 'Количество', 'Объём'],
      ['Усолье, 1 (предупреждения)', '52.79, 103.68', '2 евро', '0,75'],
      ['Усолье, 2 (предупреждения)', '52.80, 103.68', '1', '60'],
      ['Усолье, 3 (предупреждения)', '52.81, 103.68', '0', ''],
    ]), 'предупреждения.csv');
    expect(file.report).toMatchObject({ created: 3, failed_rows: 0, warning_rows: 3 });
    expect(file.errors_count).toBe(0);
    expect(file.warnings_count).toBe(3);
    const sheet = await readSheet((await get(file.errors_url!).buffer(true).parse(binary)).body);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      [2, 'Импортирована с предупреждениями', 'Количество контейнеров «2 евро»: взято 2, тип «Евроконтейнер» (по тексту «евро») — проверьте.'],
      [3, 'Импортирована с предупреждениями', 'Объём контейнера 60 м³ вне обычного диапазона 0,1–40 м³: проверьте единицы (м³, не литры).'],
      [4, 'Импортирована с предупреждениями', 'На площадке нет контейнеров.'],
    ]);
    expect(JSON.stringify(sheet)).not.toMatch(/\{\\?"/);
    const [site] = (await list(`search=${encodeURIComponent('1 (предупреждения)')}`)).results;
    const card = (await get(`${SITES}${site!.id}/`)).body;
    expect(card.containers.map((c: { type: string }) => c.type)).toEqual(['EURO', 'EURO']);
  });
});

describe('JSON and GeoJSON files', () => {
  it('imports a GeoJSON FeatureCollection: points become coordinates, properties columns', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [103.7, 52.82] }, properties: { address: 'Усолье, 1 (geojson)', count: 2, capacity: 1.1 } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [103.71, 52.83] }, properties: { address: 'Усолье, 2 (geojson)', count: 1, capacity: 0.75 } },
        { type: 'Feature', geometry: null, properties: { address: 'Усолье, 3 (geojson)', count: 1, capacity: 0.75 } },
      ],
    };
    const up = await upload(h.t, Buffer.from(JSON.stringify(geojson)), 'sites.geojson', 'CWA_BUNDLE');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ file_type: 'JSON', row_count: 3, columns: ['Широта', 'Долгота', 'address', 'count', 'capacity'] });
    expect(up.body.column_mapping).toEqual({ Широта: 'coordinates_lat', Долгота: 'coordinates_lng', address: 'location', count: 'containers_count', capacity: 'container_volume' });
    await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'));
    const done = await finished(h.t, up.body.id);
    expect(done.report).toMatchObject({ created: 3, failed_rows: 0, without_coordinates: 1 });
    const found = await list(`search=${encodeURIComponent('(geojson)')}`);
    found.results.sort((a, b) => String(a.location).localeCompare(String(b.location)));
    expect(found.results.map((r) => r.coordinates)).toEqual([{ lat: 52.82, lng: 103.7 }, { lat: 52.83, lng: 103.71 }, null]);
  });

  it('imports a JSON array of objects and refuses other JSON with a Russian message', async () => {
    const rows = [{ 'Адрес': 'Усолье, 1 (json)', lat: 52.84, lon: 103.72, 'количество': 1, 'объём': 8 }];
    const file = await importFile(h.t, Buffer.from(JSON.stringify(rows)), 'sites.json');
    expect(file.report).toMatchObject({ created: 1, failed_rows: 0 });
    const bad = await upload(h.t, Buffer.from('{"a": 1}'), 'bad.json', 'CWA_BUNDLE');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ file: ['Файл JSON должен содержать массив объектов или GeoJSON FeatureCollection.'] });
  });
});

describe('column matching', () => {
  it('knows English and Russian synonyms and remembers the last matching per template and header set', async () => {
    const header = ['address', 'latitude', 'longitude', 'count', 'volume', 'Заметка'];
    const up = await upload(h.t, csv([header, ['Усолье (синонимы)', '52.85', '103.73', '1', '1,1', 'x']]), 'synonyms.csv', 'CWA_BUNDLE');
    expect(up.body.column_mapping).toEqual({ address: 'location', latitude: 'coordinates_lat', longitude: 'coordinates_lng', count: 'containers_count', volume: 'container_volume', Заметка: null });
    const mapping = { ...up.body.column_mapping, Заметка: 'landmark' };
    await request(h.t.app.server).patch(files(up.body.id)).set(h.t.auth('admin')).send({ column_mapping: mapping });
    // The same headers in another order: the saved matching comes back.
    const next = await upload(h.t, csv([['Заметка', 'volume', 'count', 'longitude', 'latitude', 'address'], ['y', '1,1', '1', '103.73', '52.85', 'Усолье (синонимы 2)']]), 'synonyms-2.csv', 'CWA_BUNDLE');
    expect(next.body.column_mapping).toEqual(mapping);
  });
});

describe('import tracking and rollback', () => {
  it('filters the list by import, and «Откатить импорт» deletes what it created and restores what it updated, with history', async () => {
    const kept = (await request(h.t.app.server).post(SITES).set(h.t.auth('admin')).send({ location: 'Усолье, ул. Победы, 1 (до импорта)', coordinates: '52.86, 103.74', identifier: 'ОТК-1' })).body;
    const file = await importFile(h.t, csv([
      ['Идентификатор', 'Адрес', 'Координаты', 'Количество', 'Объём'],
      ['ОТК-1', 'Усолье, ул. Победы, 1 (из импорта)', '52.86, 103.74', '3', '1,1'],
      ['ОТК-2', 'Усолье, ул. Победы, 2 (новая)', '52.87, 103.74', '1', '1,1'],
    ]), 'откат.csv', { options: { match_key: 'identifier' } });
    expect(file.report).toMatchObject({ created: 1, updated: 1 });
    expect(file.records_url).toBe(`/terr-schema/containers/container/#import_file=${file.id}`);
    const mine = await list(`import_file=${file.id}`);
    expect(mine.results.map((r) => r.identifier).sort()).toEqual(['ОТК-1', 'ОТК-2']);
    const created = mine.results.find((r) => r.identifier === 'ОТК-2')!.id as number;
    expect((await get(`${SITES}${kept.id}/`)).body.containers).toHaveLength(3);

    const res = await request(h.t.app.server).post(files(file.id, 'rollback/')).set(h.t.auth('admin'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ROLLED_BACK');
    const back = (await get(`${SITES}${kept.id}/`)).body;
    expect(back).toMatchObject({ location: 'Усолье, ул. Победы, 1 (до импорта)', identifier: 'ОТК-1' });
    expect(back.containers).toHaveLength(0);
    expect((await get(`${SITES}${created}/`)).status).toBe(404);
    expect((await list(`import_file=${file.id}`)).count).toBe(0);
    const log = await h.t.pool.query<{ object_id: number; action: string }>(
      `SELECT object_id, action FROM change_log WHERE resource = 'container' AND object_id = ANY($1::int[]) ORDER BY id`, [[kept.id, created]]);
    expect(log.rows.map((r) => `${r.object_id === kept.id ? 'kept' : 'new'}:${r.action}`)).toEqual(['kept:create', 'kept:update', 'new:create', 'new:delete', 'kept:update']);
    // Only a done import rolls back.
    const twice = await request(h.t.app.server).post(files(file.id, 'rollback/')).set(h.t.auth('admin'));
    expect(twice.status).toBe(400);
    expect(twice.body.non_field_errors).toEqual(['Откатить можно только выполненный импорт.']);
  });

  it('deletes the file together with its records when asked (rollback=true)', async () => {
    const file = await importFile(h.t, csv([['Адрес', 'Координаты'], ['Усолье (удалить с файлом)', '52.88, 103.75']]), 'удалить.csv');
    expect((await list(`search=${encodeURIComponent('(удалить с файлом)')}`)).count).toBe(1);
    const res = await request(h.t.app.server).delete(`${files(file.id)}?rollback=true`).set(h.t.auth('admin'));
    expect(res.status).toBe(204);
    expect((await list(`search=${encodeURIComponent('(удалить с файлом)')}`)).count).toBe(0);
    expect((await get(files(file.id))).status).toBe(404);
  });
});
