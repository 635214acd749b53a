/**
 * Fleet registries (issue 10 §1) through HTTP on a real database: licence plates (ГОСТ Р 50577
 * format, Latin look-alikes normalised, one truck however it is spelled), the compression range
 * (lower ≤ upper, 1–10, the generated _min/_max columns the planner reads), the last-online
 * buckets from vehicle.last_online_at (set as the GPS ingest does), the Angarsk garages and
 * trucks in the new lists, the vehicle-model dictionary, and the way-bill: tasks call, new
 * values (dated now), and the printable form converted by LibreOffice to a one-page PDF; the
 * tracker password (issue 22): write-only, stored hashed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOnlineBucket, normalizePlate, validatePlate } from '@tko/contract';
import { dataDir, importAngarsk, verifySecret } from '@tko/db';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const run = promisify(execFile);
let t: TestApp;
const api = () => request(t.app.server);
const admin = () => t.auth('admin');

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('licence plates', () => {
  it('normalises spellings and checks the format (pure)', () => {
    expect(normalizePlate('e529hy138')).toBe('Е 529 НУ 138');
    expect(normalizePlate(' Е 529  НУ 138 ')).toBe('Е 529 НУ 138');
    expect(normalizePlate('ам123438')).toBe('АМ 1234 38');
    expect(validatePlate('Е529НУ138')).toBeNull();
    expect(validatePlate('АМ 1234 38')).toBeNull();
    expect(validatePlate('В 924 ХХ')).toBe('Укажите код региона госномера.');
    expect(validatePlate('Б 123 ВГ 38')).toMatch(/Неверный формат госномера/);
    expect(validatePlate('А 000 АА 38')).toMatch(/из нулей/);
    expect(validatePlate('А 123 АА 00')).toMatch(/региона/);
  });

  it('stores one spelling, refuses the same truck spelled in Latin and a bad plate, in Russian', async () => {
    const a = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'k 101 mp 38' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ license_plate: 'К 101 МР 38', status: 'ACTIVE', external_system: 'WIALON', last_online: 'NO_DATA' });
    const dup = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'К101МР38' });
    expect(dup.status).toBe(400);
    expect(dup.body.license_plate[0]).toMatch(/уже существует/);
    const bad = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'АБВ 12' });
    expect(bad.status).toBe(400);
    expect(bad.body.license_plate[0]).toMatch(/Неверный формат госномера/);
    const found = await api().get('/api/fleet/vehicles/').query({ search: 'К 101' }).set(admin());
    expect(found.body.results.map((r: { id: number }) => r.id)).toEqual([a.body.id]);
  });
});

describe('compression ratio', () => {
  it('is a range lower ≤ upper within 1–10; the planner columns follow it', async () => {
    const swapped = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'К 102 МР 38', compression_ratio: { lower: '6', upper: '5' } });
    expect(swapped.status).toBe(400);
    expect(swapped.body['compression_ratio.upper']).toEqual(['Конец периода не может быть раньше начала.']);
    const huge = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'К 102 МР 38', compression_ratio: { lower: '0.5', upper: '12' } });
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.body).sort()).toEqual(['compression_ratio.lower', 'compression_ratio.upper']);
    const ok = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'К 102 МР 38', compression_ratio: { lower: '4.5', upper: '5.5' }, body_m3: '22', payload_kg: 11000 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.compression_ratio).toEqual({ lower: '4.5', upper: '5.5' });
    const { rows } = await t.pool.query('SELECT compression_ratio_min::text AS lo, compression_ratio_max::text AS hi, body_m3::text AS m3 FROM vehicle WHERE id = $1', [ok.body.id]);
    expect(rows[0]).toEqual({ lo: '4.50', hi: '5.50', m3: '22.00' });
  });

  it('runs one or two crews a day (the planner\'s shifts), 1 by default; a garage has both opening hours or none', async () => {
    const one = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'К 103 МР 38' });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.crews).toBe(1);
    for (const crews of [0, 3, null, 1.5]) {
      const bad = await api().patch(`/api/fleet/vehicles/${one.body.id}/`).set(admin()).send({ crews });
      expect(bad.status, String(crews)).toBe(400);
      expect(bad.body.crews, String(crews)).toHaveLength(1);
    }
    const two = await api().patch(`/api/fleet/vehicles/${one.body.id}/`).set(admin()).send({ crews: 2 });
    expect(two.status).toBe(200);
    expect((await t.pool.query('SELECT crews FROM vehicle WHERE id = $1', [one.body.id])).rows[0]).toEqual({ crews: 2 });

    const half = await api().post('/api/fleet/garages/').set(admin()).send({ name: 'Гараж с часами', opening_time: '05:00' });
    expect(half.status).toBe(400);
    expect(half.body.closing_time).toEqual(['Укажите оба времени работы гаража или ни одного.']);
    const backwards = await api().post('/api/fleet/garages/').set(admin()).send({ name: 'Гараж с часами', opening_time: '23:00', closing_time: '05:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.closing_time).toHaveLength(1);
    const g = await api().post('/api/fleet/garages/').set(admin()).send({ name: 'Гараж с часами', opening_time: '05:00', closing_time: '23:00' });
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    expect((await t.pool.query('SELECT opening_time::text AS o, closing_time::text AS c FROM garage WHERE id = $1', [g.body.id])).rows[0]).toEqual({ o: '05:00:00', c: '23:00:00' });
    // Gone again: the Angarsk test below counts the imported garages alone.
    expect((await api().delete(`/api/fleet/garages/${g.body.id}/`).set(admin())).status).toBe(204);
  });
});

describe('tracker password (issue 22)', () => {
  it('is write-only: stored as an argon2id hash, read back as set / not set, kept when left out, cleared by null', async () => {
    const secret = 'Trk-Pass_01';
    const created = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'К 104 МР 38', external_identifier: '865000000000104', tracker_password: secret });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.tracker_password).toBe(true);
    const id = created.body.id as number;
    const stored = async () => (await t.pool.query<{ h: string | null }>('SELECT tracker_password_hash AS h FROM vehicle WHERE id = $1', [id])).rows[0]!.h;
    const hash = await stored();
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(hash!, secret)).toBe(true);
    const card = await api().get(`/api/fleet/vehicles/${id}/`).set(admin());
    expect(card.body.tracker_password).toBe(true);
    const everything = JSON.stringify([card.body, (await api().get('/api/fleet/vehicles/?search=865000000000104').set(admin())).body,
      (await t.pool.query('SELECT before, after FROM change_log WHERE resource = $1 AND object_id = $2', ['vehicles', id])).rows]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('argon2');
    // Left out: kept; another value: a new hash; null: cleared.
    expect((await api().patch(`/api/fleet/vehicles/${id}/`).set(admin()).send({ make: 'КАМАЗ' })).body.tracker_password).toBe(true);
    expect(await stored()).toBe(hash);
    expect((await api().patch(`/api/fleet/vehicles/${id}/`).set(admin()).send({ tracker_password: 'Other-2' })).status).toBe(200);
    expect(await verifySecret((await stored())!, 'Other-2')).toBe(true);
    const cleared = await api().patch(`/api/fleet/vehicles/${id}/`).set(admin()).send({ tracker_password: null });
    expect(cleared.body.tracker_password).toBe(false);
    expect(await stored()).toBeNull();
    // What the Wialon login cannot carry: a 400 on the field, in Russian.
    for (const bad of ['with space', 'semi;colon', 'пароль', '', 'x'.repeat(65)]) {
      const res = await api().patch(`/api/fleet/vehicles/${id}/`).set(admin()).send({ tracker_password: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.tracker_password, bad).toHaveLength(1);
    }
    expect((await api().delete(`/api/fleet/vehicles/${id}/`).set(admin())).status).toBe(204);
  });
});

describe('last online', () => {
  it('buckets the last position time (pure)', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(lastOnlineBucket(null, now)).toBe('NO_DATA');
    expect(lastOnlineBucket(ago(60), now)).toBe('RECENTLY');
    expect(lastOnlineBucket(ago(600), now)).toBe('RECENTLY');
    expect(lastOnlineBucket(ago(601), now)).toBe('HOUR');
    expect(lastOnlineBucket(ago(3 * 3600), now)).toBe('FEW_HOUR');
    expect(lastOnlineBucket(ago(12 * 3600), now)).toBe('DAY');
    expect(lastOnlineBucket(ago(3 * 86400), now)).toBe('FAR_AGO');
  });

  it('answers the bucket of vehicle.last_online_at and filters by it', async () => {
    const plates = ['Т 201 ХК 38', 'Т 202 ХК 38', 'Т 203 ХК 38', 'Т 204 ХК 38', 'Т 205 ХК 38'];
    const ages = ['2 minutes', '30 minutes', '3 hours', '20 hours', '5 days'];
    const ids: number[] = [];
    for (const p of plates) ids.push((await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: p })).body.id);
    for (let i = 0; i < ids.length; i++) {
      // What the GPS ingest writes (issue 10 §3).
      await t.pool.query(`UPDATE vehicle SET last_online_at = now() - $2::interval, last_position = ST_SetSRID(ST_MakePoint(103.87, 52.54), 4326) WHERE id = $1`, [ids[i], ages[i]]);
    }
    const list = await api().get('/api/fleet/vehicles/').query({ search: 'ХК 38', ordering: 'license_plate' }).set(admin());
    expect(list.body.results.map((r: { last_online: string }) => r.last_online)).toEqual(['RECENTLY', 'HOUR', 'FEW_HOUR', 'DAY', 'FAR_AGO']);
    const hour = await api().get('/api/fleet/vehicles/').query({ search: 'ХК 38', last_online: 'HOUR,DAY' }).set(admin());
    expect(hour.body.results.map((r: { id: number }) => r.id).sort()).toEqual([ids[1], ids[3]].sort());
  });
});

describe('Angarsk fleet and dictionaries', () => {
  it('lists the 3 imported garages and 91 trucks, with their garage', async () => {
    await importAngarsk(t.pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
    const garages = await api().get('/api/fleet/garages/').query({ page_size: 500 }).set(admin());
    expect(garages.body.count).toBe(3);
    const trucks = await api().get('/api/fleet/vehicles/').query({ page_size: 500, garage: garages.body.results[0].id }).set(admin());
    expect(trucks.body.count).toBeGreaterThan(0);
    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM vehicle WHERE garage_id IS NOT NULL');
    expect(rows[0]!.n).toBe(91);
    const all = await api().get('/api/fleet/vehicles/').query({ page_size: 500 }).set(admin());
    expect(all.body.results.filter((r: { garage: unknown }) => r.garage).length).toBe(91);
  }, 60_000);

  it('offers at least 30 refuse-truck models with payload, compression and source', async () => {
    const res = await api().get('/api/dicts/vehicle-models/').query({ page_size: 500 }).set(admin());
    expect(res.body.count).toBeGreaterThanOrEqual(30);
    for (const m of res.body.results) {
      expect(m.payload_kg).toBeGreaterThan(0);
      expect(Number(m.compression_min)).toBeLessThanOrEqual(Number(m.compression_max));
      expect(m.source).toBeTruthy();
    }
    expect(res.body.results.filter((m: { make: string }) => m.make === 'КАМАЗ' || m.make === 'МАЗ').length).toBeGreaterThanOrEqual(30);
  });

  it('has the fuels (kind, mark, code, class) and job kinds', async () => {
    const fuel = await api().get('/api/fleet/fuel/').query({ kind: 'DIESEL' }).set(admin());
    expect(fuel.body.count).toBe(4);
    expect(fuel.body.results[0]).toMatchObject({ kind: 'DIESEL', mark: 'ДТ-Л-К5', code: '19.20.21.315' });
    const jobs = await api().get('/api/fleet/job-kinds/').set(admin());
    expect(jobs.body.count).toBeGreaterThanOrEqual(8);
  });
});

describe('way-bills', () => {
  it('starts a new one dated now, lists its tasks, prints form 4-П on one landscape A4 page', async () => {
    const init = await api().get('/api/fleet/waybillnew/init/').set(admin());
    expect(init.status).toBe(200);
    expect(Math.abs(Date.parse(init.body.values.date) - Date.now())).toBeLessThan(60_000);
    expect(init.body.values.number).toMatch(/^\d{6}$/);

    const truck = await api().post('/api/fleet/vehicles/').set(admin()).send({ license_plate: 'О 777 ОО 38', make: 'КАМАЗ', identifier: '17' });
    const driver = await api().post('/api/staff/').set(admin()).send({ full_name: 'Сидоров Пётр Алексеевич', employee_number: '0577', driving_licence_categories: ['C', 'CE'] });
    const fuel = await api().get('/api/fleet/fuel/').query({ search: 'ДТ-З' }).set(admin());
    const body = {
      ...init.body.values, series: 'АН', route: 'Маршрут № 3', vehicle: truck.body.id, driver: driver.body.id, fuel_kind: fuel.body.results[0].id,
      allowed_to_drive: true, vehicle_operable: true, departure_at: '2026-03-02T06:05:00+08:00', arrival_at: '2026-03-02T17:40:00+08:00',
      odometer_departure: 152300, odometer_arrival: 152412, work_engine_time: 39600, work_equipment_time: 14400,
      zero_mileage_km: '4.5', fuel_provided_l: '120.75', fuel_remaining_departure_l: '42.25', fuel_remaining_arrival_l: '58',
      tasks: Array.from({ length: 3 }, (_, i) => ({ customer: 'ООО «РТ-НЭО Иркутск»', job_kind: 'Вывоз ТКО из контейнеров', loading_point: `г. Ангарск, ${i + 7} мкр.`, unloading_point: 'Полигон ТКО', trips: 1, distance_km: '35.5', weight_t: '7.200' })),
    };
    const wb = await api().post('/api/fleet/waybillnew/').set(admin()).send(body);
    expect(wb.status, JSON.stringify(wb.body)).toBe(201);
    expect(wb.body.work_engine_time).toBe(39600);

    const back = await api().post('/api/fleet/waybillnew/').set(admin()).send({ ...body, number: '1', odometer_arrival: 152000, arrival_at: '2026-03-02T05:00:00+08:00' });
    expect(back.status).toBe(400);
    expect(Object.keys(back.body).sort()).toEqual(['arrival_at', 'odometer_arrival']);

    const tasks = await api().get(`/api/fleet/waybillnew/tasks/${wb.body.id}/`).set(admin());
    expect(tasks.status).toBe(200);
    expect(tasks.body.map((x: { loading_point: string }) => x.loading_point)).toEqual(['г. Ангарск, 7 мкр.', 'г. Ангарск, 8 мкр.', 'г. Ангарск, 9 мкр.']);
    expect((await api().get('/api/fleet/waybillnew/tasks/999999/').set(admin())).status).toBe(404);
    expect((await api().post('/api/fleet/waybills/xlsx/').set(admin()).send({ id: 999999 })).status).toBe(404);
    expect((await api().post('/api/fleet/waybills/xlsx/').set(t.auth('viewer')).send({ id: wb.body.id })).status).toBe(403);

    const print = await api().post('/api/fleet/waybills/xlsx/').set(admin()).send({ id: wb.body.id }).buffer(true)
      .parse((res, cb) => { const c: Buffer[] = []; res.on('data', (d: Buffer) => c.push(d)); res.on('end', () => cb(null, Buffer.concat(c))); });
    expect(print.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(print.body as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.pageSetup.orientation).toBe('landscape');
    const text: string[] = [];
    ws.eachRow((row) => row.eachCell((c) => text.push(String(c.value ?? ''))));
    const all = text.join('\n');
    expect(all).toContain(`ПУТЕВОЙ ЛИСТ ГРУЗОВОГО АВТОМОБИЛЯ  серия АН  № ${init.body.values.number}`);
    expect(all).toContain('О 777 ОО 38');
    expect(all).toContain('Сидоров Пётр Алексеевич');
    expect(all).toContain('ДТ-З-К5');
    expect(all).toContain('двигателя 11:00');
    expect(all).toContain('г. Ангарск, 9 мкр.');
    // Quantities are number cells with number formats (shown «35,5» by a Russian Excel), not text «35.500».
    const cells: ExcelJS.Cell[] = [];
    ws.eachRow((row) => row.eachCell((c) => cells.push(c)));
    const numeric = (v: number) => cells.filter((c) => c.value === v);
    expect(numeric(35.5).length).toBe(3);
    expect(numeric(35.5).every((c) => c.numFmt === '#,##0.0##')).toBe(true);
    expect(numeric(7.2).length).toBe(3);
    // By position (form 4-П): the garage row's zero mileage E, odometer G, fuel N–P; each task's trips N, distance O, mass P.
    // Expected values are the wire decimals read by hand ('7.200' t → 7.2, '120.75' l → 120.75), not parsed by the code under test.
    const rowOf = (label: string) => { let n = 0; ws.eachRow((row, i) => { if (row.getCell(1).value === label) n = i; }); return ws.getRow(n); };
    const expectNumber = (c: ExcelJS.Cell, value: number, fmt: string) => {
      expect({ at: c.address, type: c.type, value: c.value, fmt: c.numFmt }).toEqual({ at: c.address, type: ExcelJS.ValueType.Number, value, fmt });
    };
    const garage = rowOf('Выезд из гаража');
    expectNumber(garage.getCell(5), 4.5, '#,##0.0##');
    expectNumber(garage.getCell(7), 152300, '0');
    expectNumber(garage.getCell(14), 120.75, '#,##0.0##');
    expectNumber(garage.getCell(15), 42.25, '#,##0.0##');
    expectNumber(garage.getCell(16), 58, '#,##0.0##');
    expectNumber(rowOf('Возвращение в гараж').getCell(7), 152412, '0');
    const firstTask = ws.getRow(rowOf('В чьё распоряжение (заказчик)').number + 1);
    expect(firstTask.getCell(1).value).toBe('ООО «РТ-НЭО Иркутск»');
    expectNumber(firstTask.getCell(14), 1, '0');
    expectNumber(firstTask.getCell(15), 35.5, '#,##0.0##');
    expectNumber(firstTask.getCell(16), 7.2, '#,##0.0##');
    // (a merged range reports its value in each of its cells)
    expect(new Set(numeric(152300).map((c) => c.numFmt))).toEqual(new Set(['0']));
    expect(numeric(152412).length).toBeGreaterThan(0);
    expect(cells.filter((c) => typeof c.value === 'string' && /^\d+\.\d+$/.test(c.value)).map((c) => c.address)).toEqual([]);

    const dir = await mkdtemp(path.join(tmpdir(), 'waybill-'));
    try {
      const file = path.join(dir, 'waybill.xlsx');
      await writeFile(file, print.body as Buffer);
      await run('libreoffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'pdf', '--outdir', dir, file], { timeout: 120_000 });
      const pdf = (await readFile(path.join(dir, 'waybill.pdf'))).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      // Page objects of the PDF (LibreOffice writes them uncompressed): exactly one, landscape A4.
      const pages = pdf.match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
      expect(pages.length).toBe(1);
      const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
      expect(box).not.toBeNull();
      expect(Math.round(Number(box![1]))).toBe(842);
      expect(Math.round(Number(box![2]))).toBe(595);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('names a route of the registry (route_ref) beside the free text; the print shows the registry route, else the text', async () => {
    const printText = async (id: number) => {
      const res = await api().post('/api/fleet/waybills/xlsx/').set(admin()).send({ id }).buffer(true)
        .parse((r, cb) => { const c: Buffer[] = []; r.on('data', (d: Buffer) => c.push(d)); r.on('end', () => cb(null, Buffer.concat(c))); });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      const text: string[] = [];
      book.worksheets[0]!.eachRow((row) => row.eachCell((c) => text.push(String(c.value ?? ''))));
      return text;
    };
    const route = await api().post('/api/fleet/routes/').set(admin()).send({ name: 'Ангарск, 12-й микрорайон — полигон' });
    expect(route.status, JSON.stringify(route.body)).toBe(201);
    const base = { number: '900001', date: '2026-03-02T06:00:00+08:00', route: 'Маршрут вне реестра' };

    const bad = await api().post('/api/fleet/waybillnew/').set(admin()).send({ ...base, route_ref: 999999 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['route_ref']);

    const linked = await api().post('/api/fleet/waybillnew/').set(admin()).send({ ...base, route_ref: route.body.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(JSON.stringify(linked.body.route_ref)).toContain(String(route.body.id));
    expect(linked.body.route).toBe('Маршрут вне реестра');
    const found = await api().get('/api/fleet/waybillnew/').query({ route_ref: route.body.id }).set(admin());
    expect(found.status).toBe(200);
    expect(found.body.results.map((r: { id: number }) => r.id)).toEqual([linked.body.id]);
    expect(await printText(linked.body.id)).toContain('Ангарск, 12-й микрорайон — полигон');

    const textOnly = await api().post('/api/fleet/waybillnew/').set(admin()).send({ ...base, number: '900002' });
    expect(textOnly.status).toBe(201);
    expect(textOnly.body.route_ref).toBeNull();
    expect(await printText(textOnly.body.id)).toContain('Маршрут вне реестра');

    // A way-bill is a primary document: the route it names is not deleted under it (409 naming the way-bills).
    const refused = await api().delete(`/api/fleet/routes/${route.body.id}/`).set(admin());
    expect([refused.status, refused.body.detail]).toEqual([409, expect.stringContaining('ссылаются Путевые листы — 1.')]);
    const kept = await api().get(`/api/fleet/waybillnew/${linked.body.id}/`).set(admin());
    expect(kept.body.route_ref).toMatchObject({ id: route.body.id });
    // Once the way-bill names another route, the route goes (ON DELETE SET NULL is never reached).
    expect((await api().patch(`/api/fleet/waybillnew/${linked.body.id}/`).set(admin()).send({ route_ref: null })).status).toBe(200);
    expect((await api().delete(`/api/fleet/routes/${route.body.id}/`).set(admin())).status).toBe(204);
  });
});
