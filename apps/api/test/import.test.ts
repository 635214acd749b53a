/**
 * System import (issue 3 §4; spec 03 "Import"): upload, templates and labels, field matching,
 * processing through the real worker processor, the errors file and the original file read
 * back, broken files (wrong encoding, not a table, missing columns, bad coordinates, decimal
 * commas, duplicate rows, all-or-nothing), access (401/403/other users' files) and 503 without
 * Redis.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile } from '@tko/contract';
import { createUser, startTestApp } from './helpers';
import { binary, csv, files, finished, importFile, startImportHarness, upload, UPLOAD, waitFor } from './import-helpers';
import type { ImportHarness } from './import-helpers';
import { TokenService } from '../src/modules/auth/tokens';

const SITES = '/api/waste-area/container/';
const HEADER = ['Адрес', 'Широта', 'Долгота', 'Числа месяца вывоза', 'Количество контейнеров', 'Объём контейнера, м³', 'Тип контейнера'];

let h: ImportHarness;
beforeAll(async () => {
  h = await startImportHarness();
}, 120000);
afterAll(async () => {
  await h?.close();
});

const get = (path: string, who: 'admin' | 'viewer' | 'nobody' = 'admin') => request(h.t.app.server).get(path).set(h.t.auth(who));
const sites = async (search: string) => (await get(`${SITES}?search=${encodeURIComponent(search)}&page_size=100`)).body as { count: number; results: Record<string, unknown>[] };

async function readSheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('templates and labels', () => {
  it('lists the template types, CWA_BUNDLE working and the others waiting for their registries', async () => {
    const res = await get('/api/import/templates/');
    expect(res.status).toBe(200);
    // Container sites honour every run option: look-alike rows, the three update keys, the match on coordinates.
    expect(res.body).toContainEqual({
      type: 'CWA_BUNDLE', label: 'Контейнерные площадки', available: true, resource: 'container',
      options: { duplicates: true, match_keys: ['identifier', 'registry_number', 'id'], match_distance: true, existing: true, all_or_nothing: true },
    });
    for (const t of ['FLOWS', 'VEHICLE_COMPLEX', 'CONTRACT_COMPLEX', 'BALANCE']) {
      expect(res.body.find((x: { type: string }) => x.type === t).available, t).toBe(true);
    }
    // The others have no point or address and no update key to choose (the screen hides them, issue 10 §6);
    // «existing» applies only where a natural key meets existing records (vehicle plate, balance line).
    const options = Object.fromEntries(res.body.filter((t: { available: boolean }) => t.available).map((t: { type: string; options: unknown }) => [t.type, t.options]));
    const none = { duplicates: false, match_keys: [], match_distance: false, all_or_nothing: true };
    expect(options).toMatchObject({
      FLOWS: { ...none, existing: false }, CONTRACT_COMPLEX: { ...none, existing: false },
      VEHICLE_COMPLEX: { ...none, existing: true }, BALANCE: { ...none, existing: true }, ANGARSK_PLAN: { ...none, existing: true },
    });
    expect(res.body.find((t: { type: string }) => t.type === 'WASTE_SOURCE')).toMatchObject({ available: false, options: null });
    expect(res.body.map((t: { type: string }) => t.type)).not.toContain('NONE');
  });

  it('answers the fields a column can map to, with Russian labels, required flags and choices', async () => {
    const res = await get('/api/import/templates/CWA_BUNDLE/labels/');
    expect(res.status).toBe(200);
    expect(res.body.resource).toBe('container');
    expect(res.body.key).toMatch(/^идентификатор, реестровый номер, номер записи \(id\)/i);
    const by = Object.fromEntries(res.body.fields.map((f: { field: string }) => [f.field, f]));
    expect(by.location).toMatchObject({ label: 'Адрес (местоположение)', required: true, kind: 'text' });
    expect(by.coordinates_lat).toMatchObject({ label: 'Широта', required: false, group: 'coordinates' });
    expect(by.periodicity.choices).toContainEqual({ value: 'ON_MONTHDAYS', label: 'По числам месяца' });
    expect(by.containers_count.label).toBe('Количество контейнеров');
    expect(by.id).toBeUndefined();
    expect(by.count_containers).toBeUndefined();
  });

  it('documents every import call in the OpenAPI description', async () => {
    const doc = (await request(h.t.app.server).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const [p, methods] of Object.entries({
      '/api/import/files/': ['get'], '/api/import/files/upload/': ['post'], '/api/import/files/{id}/': ['get', 'patch', 'delete'],
      '/api/import/files/{id}/process/': ['post'], '/api/import/files/{id}/cancel/': ['post'], '/api/import/files/{id}/download/': ['get'],
      '/api/import/files/{id}/errors/': ['get'], '/api/import/templates/{type}/': ['get'], '/api/import/templates/{type}/labels/': ['get'],
    })) {
      for (const m of methods) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    }
  });

  it('refuses unknown and not yet available template types with 404 and a Russian detail', async () => {
    const sources = await get('/api/import/templates/WASTE_SOURCE/labels/');
    expect(sources.status).toBe(404);
    expect(sources.body.detail).toBe('Импорт «Источники образования отходов» появится вместе с этим реестром.');
    expect((await get('/api/import/templates/NOPE/')).status).toBe(404);
  });

  it('gives an xlsx template whose filled-in copy imports with an exact matching', async () => {
    const res = await get('/api/import/templates/CWA_BUNDLE/').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('import_CWA_BUNDLE.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Данные', 'Пояснения', 'Списки']);
    const data = wb.getWorksheet('Данные')!;
    const header = (data.getRow(1).values as string[]).slice(1);
    expect(header).toContain('Адрес (местоположение)');
    expect(header).toContain('Широта');
    expect(header).not.toContain('Координаты');
    // Fill one row in the template and upload it back.
    const col = (label: string) => header.indexOf(label) + 1;
    const row = data.getRow(2);
    row.getCell(col('Адрес (местоположение)')).value = 'Ангарск, 12 мкр, 3 (шаблон)';
    row.getCell(col('Широта')).value = 52.5101;
    row.getCell(col('Долгота')).value = 103.8202;
    row.getCell(col('Статус')).value = 'Действующая';
    row.getCell(col('Дата решения о включении в реестр')).value = new Date(Date.UTC(2024, 1, 29));
    row.getCell(col('Количество контейнеров')).value = 3;
    row.getCell(col('Объём контейнера, м³')).value = 0.75;
    row.commit();
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await upload(h.t, filled, 'шаблон.xlsx', 'CWA_BUNDLE');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ file_type: 'XLSX', encoding: null, row_count: 1 });
    const mapped = Object.entries(up.body.column_mapping).filter(([, v]) => v);
    expect(mapped.length).toBe(header.length);
    for (const [column, field] of mapped) expect(column === 'Широта' ? field === 'coordinates_lat' : true).toBe(true);
    const run = await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'));
    expect(run.status).toBe(202);
    const done = await finished(h.t, up.body.id);
    expect(done.status).toBe('DONE');
    expect(done.report).toMatchObject({ rows: 1, created: 1, failed_rows: 0 });
    const [site] = (await sites('(шаблон)')).results;
    const card = (await get(`${SITES}${site!.id}/`)).body;
    expect(card).toMatchObject({
      coordinates: { lat: 52.5101, lng: 103.8202 }, status: 'ACTIVE', register_inclusion_decision_date: '2024-02-29',
      count_containers: 3, volume: '2.250', data_import_source: 'Импорт файла «шаблон.xlsx»',
    });
    expect(card.containers.map((c: { type: string; volume: string }) => [c.type, c.volume])).toEqual([['STANDARD', '0.750'], ['STANDARD', '0.750'], ['STANDARD', '0.750']]);
  });
});

describe('upload', () => {
  it('stores a UTF-8 CSV, detects the delimiter, previews it and suggests a matching', async () => {
    const bytes = csv([HEADER, ['Ангарск, 7 мкр, 1', '52.5412', '103.8871', '1;15', '2', '1,1', 'Евроконтейнер']]);
    const res = await upload(h.t, bytes, 'площадки.csv', 'CWA_BUNDLE');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'площадки.csv', file_type: 'CSV', encoding: 'UTF-8', delimiter: ';', size: bytes.length, row_count: 1, status: 'UPLOADED',
      template_type: 'CWA_BUNDLE', columns: HEADER, preview: [['Ангарск, 7 мкр, 1', '52.5412', '103.8871', '1;15', '2', '1,1', 'Евроконтейнер']],
      user: { id: h.t.users.admin, name: 'Админова Анна' }, errors_url: null,
    });
    expect(res.body.column_mapping).toEqual({
      Адрес: 'location', Широта: 'coordinates_lat', Долгота: 'coordinates_lng', 'Числа месяца вывоза': 'periodicity_on_monthdays',
      'Количество контейнеров': 'containers_count', 'Объём контейнера, м³': 'container_volume', 'Тип контейнера': 'container_type',
    });
    const download = await get(res.body.download_url).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body, bytes)).toBe(0);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('площадки.csv')}`);
    const noErrors = await get(files(res.body.id, 'errors/'));
    expect(noErrors.status).toBe(404);
    expect(noErrors.body.detail).toBe('В этом файле нет строк с ошибками.');
  });

  it('reads Windows-1251 with commas and tabs as delimiters', async () => {
    const comma = await upload(h.t, csv([['Адрес', 'Координаты'], ['Ангарск, 8 мкр', '52.5, 103.8']], 'win1251', ','), 'a.csv', 'CWA_BUNDLE');
    expect(comma.status).toBe(201);
    expect(comma.body).toMatchObject({ encoding: 'windows-1251', delimiter: ',', columns: ['Адрес', 'Координаты'], preview: [['Ангарск, 8 мкр', '52.5, 103.8']] });
    expect(comma.body.column_mapping).toEqual({ Адрес: 'location', Координаты: 'coordinates' });
    const tab = await upload(h.t, csv([['Адрес', 'Lat', 'Lon'], ['Ангарск', '52,5', '103,8']], 'win1251', '\t'), 'b.txt');
    expect(tab.status).toBe(201);
    expect(tab.body).toMatchObject({ delimiter: '\t', template_type: 'NONE', column_mapping: { Адрес: null, Lat: null, Lon: null } });
    // Choosing the template type afterwards suggests the matching.
    const patched = await request(h.t.app.server).patch(files(tab.body.id)).set(h.t.auth('admin')).send({ template_type: 'CWA_BUNDLE' });
    expect(patched.status).toBe(200);
    expect(patched.body.column_mapping).toEqual({ Адрес: 'location', Lat: 'coordinates_lat', Lon: 'coordinates_lng' });
  });

  it('refuses a wrong encoding, a file that is not a table, an empty file and a missing file with 400', async () => {
    const koi = await upload(h.t, csv([['Адрес', 'Широта', 'Долгота'], ['Ангарск, улица Ленина, дом 5', '52.5', '103.8']], 'koi8-r'), 'koi.csv', 'CWA_BUNDLE');
    expect(koi.status).toBe(400);
    expect(koi.body.file[0]).toMatch(/^Кодировка файла KOI8-R не поддерживается: сохраните его в UTF-8 или Windows-1251\.$/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082', 'hex');
    const notTable = await upload(h.t, png, 'картинка.csv');
    expect(notTable.status).toBe(400);
    expect(notTable.body).toEqual({ file: ['Файл не похож на таблицу CSV или XLSX.'] });
    expect((await upload(h.t, Buffer.alloc(0), 'пусто.csv')).body).toEqual({ file: ['Файл пуст.'] });
    expect((await upload(h.t, Buffer.from('Адрес;Широта\n'), 'h.csv')).body).toEqual({ file: ['В файле нет строк с данными.'] });
    expect((await upload(h.t, Buffer.from('a;"b\n1;2\n'), 'q.csv')).body.file[0]).toMatch(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/);
    const noFile = await request(h.t.app.server).post(UPLOAD).set(h.t.auth('admin')).send({});
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ file: ['Выберите файл для загрузки (поле «file»).'] });
    expect((await upload(h.t, csv([['a'], ['1']]), 'x.csv', 'NOPE')).body).toEqual({ template_type: ['Значения "NOPE" нет среди допустимых вариантов.'] });
    // Nothing of the refused uploads is listed.
    const list = (await get('/api/import/files/?page_size=100')).body as { results: ImportFile[] };
    expect(list.results.map((f) => f.name)).not.toContain('koi.csv');
  });

  it('refuses a file over IMPORT_MAX_BYTES with 413', async () => {
    const small = await startTestApp({ overrides: { importDir: h.importDir, importMaxBytes: 1000 } });
    try {
      const res = await upload(small, Buffer.alloc(5000, 'a'), 'big.csv');
      expect(res.status).toBe(413);
      expect(res.body.detail).toBe('Файл больше допустимого размера 1 КБ.');
    } finally {
      await small.close();
    }
  });
});

describe('field matching', () => {
  let id: number;
  beforeAll(async () => {
    id = (await upload(h.t, csv([['Адрес', 'X1', 'X2'], ['Ангарск', '1', '2']]), 'm.csv', 'CWA_BUNDLE')).body.id;
  });
  const patch = (body: unknown) => request(h.t.app.server).patch(files(id)).set(h.t.auth('admin')).send(body as object);

  it('saves a mapping and the options', async () => {
    const res = await patch({ column_mapping: { X1: 'coordinates_lat', X2: 'coordinates_lng' }, options: { duplicates: 'error' } });
    expect(res.status).toBe(200);
    expect(res.body.column_mapping).toEqual({ Адрес: null, X1: 'coordinates_lat', X2: 'coordinates_lng' });
    const rest = { groups: {}, match_key: 'none', match_distance: null };
    expect(res.body.options).toEqual({ duplicates: 'error', ...rest, existing: 'update', all_or_nothing: false });
    // Options not sent keep their value.
    expect((await patch({ options: { existing: 'skip' } })).body.options).toEqual({ duplicates: 'error', ...rest, existing: 'skip', all_or_nothing: false });
    expect((await patch({ options: { existing: 'update' } })).body.options).toEqual({ duplicates: 'error', ...rest, existing: 'update', all_or_nothing: false });
  });

  it('refuses unknown columns and targets, a target twice, and unknown keys, on their fields', async () => {
    expect((await patch({ column_mapping: { Нет: 'location' } })).body).toEqual({ 'column_mapping.Нет': ['В файле нет такого столбца.'] });
    expect((await patch({ column_mapping: { X1: 'nope' } })).body).toEqual({ 'column_mapping.X1': ['Нет такого поля в шаблоне.'] });
    expect((await patch({ column_mapping: { X1: 'location', X2: 'location' } })).body).toEqual({ 'column_mapping.X2': ['Поле «Адрес (местоположение)» уже сопоставлено другому столбцу.'] });
    const unknown = await patch({ mapping: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.mapping).toEqual(['Неизвестный параметр.']);
    expect((await patch({ options: { existing: 'maybe' } })).status).toBe(400);
  });

  it('refuses to process while required fields are not matched (coordinates are not required: rows without them are geocoded)', async () => {
    await patch({ column_mapping: { Адрес: null, X1: 'coordinates_lat', X2: 'coordinates_lng' } });
    const res = await request(h.t.app.server).post(files(id, 'process/')).set(h.t.auth('admin'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ column_mapping: ['Не сопоставлены обязательные поля: Адрес (местоположение).'] });
  });
});

describe('processing files with problems', () => {
  it('imports the good rows and reports bad coordinates, decimal commas read as numbers', async () => {
    const file = await importFile(h.t, csv([
      HEADER,
      ['Ангарск, 9 мкр, 1 (запятые)', '52,530001', '103,880001', '1;15', '1', '0,75', 'Евроконтейнер'],
      ['Ангарск, 9 мкр, 2 (плохая широта)', '152.5', '103.88', '', '', '', ''],
      ['Ангарск, 9 мкр, 3 (не число)', 'север', '103.88', '', '', '', ''],
      ['Ангарск, 9 мкр, 4 (нет долготы)', '52.53', '', '', '', '', ''],
      ['', '52.54', '103.89', '', '', '', ''],
      ['Ангарск, 9 мкр, 6 (плохой тип)', '52.55', '103.89', '40', '1', '1', 'Бочка'],
    ]), 'проблемы.csv');
    expect(file.status).toBe('DONE');
    expect(file.report).toMatchObject({ rows: 6, created: 1, failed_rows: 5, rolled_back: false });
    expect(file.errors_count).toBe(5);
    expect(file.errors_url).toBe(`/api/import/files/${file.id}/errors/`);
    const [site] = (await sites('(запятые)')).results;
    const card = (await get(`${SITES}${site!.id}/`)).body;
    expect(card).toMatchObject({ coordinates: { lat: 52.530001, lng: 103.880001 }, periodicity: 'ON_MONTHDAYS', periodicity_on_monthdays: [1, 15], count_containers: 1, volume: '0.750' });
    expect(card.containers[0]).toMatchObject({ type: 'EURO', volume: '0.750' });

    const x = await get(`${file.errors_url}`).buffer(true).parse(binary);
    expect(x.status).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    const rows = await readSheet(x.body);
    expect(rows[0]).toEqual(['Строка файла', 'Результат', 'Причины', 'Предупреждения', ...HEADER]);
    const why = Object.fromEntries(rows.slice(1).map((r) => [r[0], r[2]]));
    expect(why[3]).toBe('Широта: Широта должна быть числом от -90 до 90, получено «152.5».');
    expect(why[4]).toBe('Широта: Широта должна быть числом от -90 до 90, получено «север».');
    expect(why[5]).toBe('Долгота: Укажите и широту, и долготу.');
    expect(why[6]).toBe('Адрес (местоположение): Обязательное поле.');
    expect(why[7]).toBe('Тип контейнера: Значения «Бочка» нет среди допустимых: «Стандартный», «Евроконтейнер», «Заглублённый», «Для раздельного сбора», «Бункер», «Для сухих вторичных ресурсов», «Для пластика», «Для бумаги», «Для стекла», «Нестандартный», «Индивидуальный», «Для КГО», «Секция КГО».');
    expect(rows[1]!.slice(4)).toEqual(['Ангарск, 9 мкр, 2 (плохая широта)', '152.5', '103.88']);
    expect(rows[1]![1]).toBe('Не импортирована');

    const c = await get(`${file.errors_url}?format=csv`);
    expect(c.status).toBe(200);
    expect(c.text.charCodeAt(0)).toBe(0xfeff);
    const lines = c.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(`Строка файла;Результат;Причины;Предупреждения;${HEADER.join(';')}`);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('3;Не импортирована;Широта: Широта должна быть числом от -90 до 90, получено «152.5».;;Ангарск, 9 мкр, 2 (плохая широта);152.5;103.88');
  });

  it('keeps look-alike rows apart by default, lists them as a group, merges or fails them only when asked (issue 9 §1)', async () => {
    const rows = [
      HEADER,
      ['Ангарск, 10 мкр, 1 (дубль)', '52.56', '103.9', '1;8', '', '', ''],
      ['Ангарск, 10 мкр, 1 (дубль)', '52.560000', '103.900000', '8;22', '', '', ''],
      ['Ангарск, 10 мкр, 1А (дубль)', '52.56', '103.9', '29', '', '', ''],
    ];
    const apart = await importFile(h.t, csv(rows), 'дубли.csv');
    expect(apart.report).toMatchObject({ rows: 3, objects: 3, created: 3, merged_rows: 0, failed_rows: 0 });
    expect((await sites('(дубль)')).count).toBe(3);

    // The group the user sees before processing, then chosen «merge».
    const up = await upload(h.t, csv(rows), 'дубли-объединить.csv', 'CWA_BUNDLE');
    const dup = await get(files(up.body.id, 'duplicates/'));
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ count: 1, distance: 5 });
    expect(dup.body.groups[0]).toMatchObject({ id: 'L2', resolution: 'apart', reason: 'Один адрес; точки не дальше 5 м друг от друга' });
    expect(dup.body.groups[0].rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    expect(dup.body.groups[0].rows[0]).toEqual({ line: 2, location: 'Ангарск, 10 мкр, 1 (дубль)', coordinates: '52.560000, 103.900000' });
    await request(h.t.app.server).patch(files(up.body.id)).set(h.t.auth('admin')).send({ options: { groups: { L2: 'merge' } } });
    expect((await get(files(up.body.id, 'duplicates/'))).body.groups[0].resolution).toBe('merge');
    await request(h.t.app.server).post(files(up.body.id, 'process/')).set(h.t.auth('admin'));
    const merged = await finished(h.t, up.body.id);
    expect(merged.report).toMatchObject({ rows: 3, objects: 1, created: 1, merged_rows: 2, failed_rows: 0 });
    expect(merged.report!.warnings).toEqual(['Строки 2, 3, 4 объединены: разные значения поля «Адрес (местоположение)», взято «Ангарск, 10 мкр, 1 (дубль)», также «Ангарск, 10 мкр, 1А (дубль)».']);
    const newest = (await sites('(дубль)')).results.map((r) => r.id as number).sort((a, b) => b - a)[0];
    const card = (await get(`${SITES}${newest}/`)).body;
    expect(card).toMatchObject({ location: 'Ангарск, 10 мкр, 1 (дубль)', periodicity_on_monthdays: [1, 8, 22, 29], location_needs_checking: true, landmark: 'Другие адреса этой точки в файле: Ангарск, 10 мкр, 1А (дубль)' });

    // duplicates = error: the first row stands, the repeats are failed.
    const strict = await importFile(h.t, csv(rows), 'дубли-2.csv', { options: { duplicates: 'error' } });
    expect(strict.report).toMatchObject({ rows: 3, objects: 1, created: 1, updated: 0, failed_rows: 2, merged_rows: 0 });
    const why = (await readSheet((await get(strict.errors_url!).buffer(true).parse(binary)).body)).slice(1).filter((r) => r[1] === 'Не импортирована').map((r) => r[2]);
    expect(why).toEqual([
      'Повтор: строка 2 описывает тот же объект (один адрес; точки не дальше 5 м друг от друга).',
      'Повтор: строка 2 описывает тот же объект (один адрес; точки не дальше 5 м друг от друга).',
    ]);
  });

  it('updates a site only through the key chosen in the matching, or leaves it with existing = skip; unchanged when equal', async () => {
    const before = (await request(h.t.app.server).post(SITES).set(h.t.auth('admin')).send({ location: 'Ангарск, 11 мкр (ручной ввод)', coordinates: '52.57, 103.91', identifier: 'РУЧ-1' })).body;
    const rows = [['Адрес', 'Координаты', 'Идентификатор'], ['Ангарск, 11 мкр (из файла)', '52,57; 103,91', 'РУЧ-1']];
    const byKey = { match_key: 'identifier' };
    const skip = await importFile(h.t, csv(rows), 'skip.csv', { options: { ...byKey, existing: 'skip' } });
    expect(skip.report).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    expect((await get(`${SITES}${before.id}/`)).body.location).toBe('Ангарск, 11 мкр (ручной ввод)');
    const update = await importFile(h.t, csv(rows), 'update.csv', { options: byKey });
    expect(update.report).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    expect(update.report!.updates).toEqual([{
      id: before.id, url: `/terr-schema/containers/container/update/${before.id}/`, line: 2,
      changes: [{ field: 'location', label: 'Адрес (местоположение)', old: 'Ангарск, 11 мкр (ручной ввод)', new: 'Ангарск, 11 мкр (из файла)' }],
    }]);
    const after = (await get(`${SITES}${before.id}/`)).body;
    expect(after).toMatchObject({ location: 'Ангарск, 11 мкр (из файла)', identifier: 'РУЧ-1', data_import_source: null });
    const again = await importFile(h.t, csv(rows), 'again.csv', { options: byKey });
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect((await get(`${SITES}${before.id}/`)).body.last_update_at).toBe(after.last_update_at);
  });

  it('announces the sites it writes on the live registry topic after COMMIT, like any write; a rolled-back run announces nothing', async () => {
    const registry = () => h.envelopes.filter((e) => e.destination === '/topic/registry.container');
    const mark = registry().length;
    const file = await importFile(h.t, csv([
      HEADER,
      ['Ангарск, 13 мкр, 1 (живой)', '52.61', '103.93', '', '', '', ''],
      ['Ангарск, 13 мкр, 2 (живой)', '52.62', '103.93', '', '', '', ''],
    ]), 'live.csv');
    expect(file.report).toMatchObject({ created: 2, failed_rows: 0 });
    const found = (await sites('(живой)')).results.map((r) => r.id as number).sort((a, b) => a - b);
    await waitFor(async () => registry().length >= mark + 2, 5000);
    const got = registry().slice(mark).map((e) => e.body as { action: string; id: number; user_id: number });
    expect(got.map((b) => b.id).sort((a, b) => a - b)).toEqual(found);
    expect(got.every((b) => b.action === 'create' && b.user_id === h.t.users.admin)).toBe(true);

    const again = registry().length;
    const strict = await importFile(h.t, csv([
      ['Адрес', 'Широта', 'Долгота', 'Статус'],
      ['Ангарск, 14 мкр (откат)', '52.63', '103.94', 'Действующая'],
      ['Ангарск, 14 мкр, 2 (откат)', '52.64', '103.94', 'Закрыта'],
    ]), 'rollback.csv', { options: { all_or_nothing: true } });
    expect(strict.report).toMatchObject({ rolled_back: true, created: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(registry().length).toBe(again);
  });

  it('writes nothing with all_or_nothing when a row fails, and says why', async () => {
    const file = await importFile(h.t, csv([
      ['Адрес', 'Широта', 'Долгота', 'Статус'],
      ['Ангарск, 12 мкр (всё или ничего)', '52.58', '103.92', 'Действующая'],
      ['Ангарск, 12 мкр, 2 (всё или ничего)', '52.59', '103.92', 'Закрыта'],
    ]), 'strict.csv', { options: { all_or_nothing: true } });
    expect(file.status).toBe('FAILED');
    expect(file.error).toMatch(/^Ничего не записано/);
    expect(file.report).toMatchObject({ rows: 2, created: 0, failed_rows: 1, rolled_back: true });
    expect((await sites('(всё или ничего)')).count).toBe(0);
    const why = (await readSheet((await get(file.errors_url!).buffer(true).parse(binary)).body)).slice(1).filter((r) => r[1] === 'Не импортирована');
    expect(why.map((r) => [...r.slice(0, 3), ...r.slice(4)])).toEqual([[3, 'Не импортирована', 'Дата закрытия: Обязательное поле.', 'Ангарск, 12 мкр, 2 (всё или ничего)', '52.59', '103.92', 'Закрыта']]);
    expect(why[0]![3] ?? '').toBe('');
    // A failed file may run again (after a new matching) …
    await request(h.t.app.server).patch(files(file.id)).set(h.t.auth('admin')).send({ options: { all_or_nothing: false } });
    const rerun = await request(h.t.app.server).post(files(file.id, 'process/')).set(h.t.auth('admin'));
    expect(rerun.status).toBe(202);
    expect(rerun.body.job_id).toMatch(new RegExp(`^import-${file.id}-2-[0-9a-f]{8}$`));
    const done = await finished(h.t, file.id);
    expect(done.report).toMatchObject({ created: 1, failed_rows: 1 });
    // … a done one may not.
    const third = await request(h.t.app.server).post(files(file.id, 'process/')).set(h.t.auth('admin'));
    expect(third.status).toBe(400);
    expect(third.body.non_field_errors[0]).toMatch(/уже импортирован/);
  });

  it('publishes the progress on the job topic, ending completed with the errors link', async () => {
    const file = await importFile(h.t, csv([['Адрес', 'Координаты'], ['Ангарск (прогресс)', '52.6, 103.93'], ['', '52.61, 103.93']]), 'progress.csv');
    const ofJob = () => h.envelopes.filter((e) => e.destination === `/topic/jobs.${file.job_id}`).map((e) => e.body as { state: string; progress: number; file_url?: string });
    const mine = await waitFor(async () => (ofJob().some((m) => m.state === 'completed') ? ofJob() : null), 10000);
    expect(mine[0]).toMatchObject({ state: 'active', progress: 0 });
    expect(mine.at(-1)).toEqual({ id: file.job_id, state: 'completed', progress: 100, file_url: file.errors_url });
    const progress = mine.map((m) => m.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });
});

describe('access', () => {
  it('asks for a token (401) and the import permission (403)', async () => {
    expect((await request(h.t.app.server).get('/api/import/files/')).status).toBe(401);
    expect((await get('/api/import/files/', 'viewer')).status).toBe(403);
    expect((await get('/api/import/templates/CWA_BUNDLE/labels/', 'nobody')).status).toBe(403);
    expect((await upload(h.t, csv([['a'], ['1']]), 'x.csv', undefined, 'viewer')).status).toBe(403);
  });

  it("shows a user only their own files, everyone's with import-all-files, and checks the registry's permission on process", async () => {
    const ts = new TokenService(h.t.config.jwtSecret, 300, 600);
    const clerk = await createUser(h.t.pool, 'clerk@test.local', ['import:view', 'import:add', 'import:delete']);
    const auditor = await createUser(h.t.pool, 'auditor@test.local', ['import:view', 'import-all-files:view']);
    const as = (id: number) => ({ Authorization: `Bearer ${ts.access(id)}` });
    const mine = await request(h.t.app.server).post(UPLOAD).set(as(clerk)).field('template_type', 'CWA_BUNDLE')
      .attach('file', csv([['Адрес', 'Координаты'], ['Ангарск (клерк)', '52.62, 103.94']]), 'clerk.csv');
    expect(mine.status).toBe(201);
    const list = (await request(h.t.app.server).get('/api/import/files/').set(as(clerk))).body;
    expect(list.count).toBe(1);
    expect(list.results[0].name).toBe('clerk.csv');
    expect((await request(h.t.app.server).get(files(mine.body.id)).set(h.t.auth('admin'))).status).toBe(200); // admin holds import-all-files
    const adminFile = (await get('/api/import/files/')).body.results.find((f: ImportFile) => f.name !== 'clerk.csv');
    expect((await request(h.t.app.server).get(files(adminFile.id)).set(as(clerk))).status).toBe(404);
    expect((await request(h.t.app.server).get('/api/import/files/').set(as(auditor))).body.count).toBeGreaterThan(1);
    expect((await request(h.t.app.server).delete(files(mine.body.id)).set(as(auditor))).status).toBe(403);
    // The clerk may not write container sites: the run is refused.
    const run = await request(h.t.app.server).post(files(mine.body.id, 'process/')).set(as(clerk));
    expect(run.status).toBe(403);
    expect(run.body.detail).toBe('Для импорта нужны права на создание и изменение записей реестра «Контейнерные площадки».');
    // The clerk deletes their file: the stored bytes go with it.
    expect((await request(h.t.app.server).delete(files(mine.body.id)).set(as(clerk))).status).toBe(204);
    expect((await request(h.t.app.server).get(files(mine.body.id)).set(as(clerk))).status).toBe(404);
  });

  it('answers 503 on process without Redis, while the rest works', async () => {
    const noRedis = await startTestApp({ overrides: { importDir: h.importDir } });
    try {
      const up = await upload(noRedis, csv([['Адрес', 'Координаты'], ['Ангарск', '52.6, 103.9']]), 'r.csv', 'CWA_BUNDLE');
      expect(up.status).toBe(201);
      const run = await request(noRedis.app.server).post(files(up.body.id, 'process/')).set(noRedis.auth('admin'));
      expect(run.status).toBe(503);
      expect(run.body.detail).toMatch(/Redis/);
      expect((await request(noRedis.app.server).get(files(up.body.id)).set(noRedis.auth('admin'))).body.status).toBe('UPLOADED');
    } finally {
      await noRedis.close();
    }
  });
});

describe('windows-1251 file through the whole path', () => {
  it('imports a cp1251 CSV with decimal commas', async () => {
    const bytes = iconv.encode('Адрес;Lat;Lon\r\nАнгарск  15 мкр  7 (cp1251);52,63;103,95\r\n', 'win1251');
    const file = await importFile(h.t, bytes, 'cp1251.csv');
    expect(file).toMatchObject({ encoding: 'windows-1251', status: 'DONE' });
    expect((await sites('(cp1251)')).results[0]).toMatchObject({ location: 'Ангарск, 15 мкр, 7 (cp1251)', coordinates: { lat: 52.63, lng: 103.95 } });
  });
});
