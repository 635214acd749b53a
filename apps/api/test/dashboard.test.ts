/**
 * Issue 12 §2 on the API: the dashboard's numbers against rows inserted here and counted again
 * with SQL written in this file (not the product's statements), after a refresh of the summary;
 * tag filters; the periodicity call and its filters; the four temp tables with the year choice;
 * the per-user widget state; a widget's xlsx read back with exceljs; 401/403/400.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGET_KEYS, PROBLEM_TYPES } from '@tko/contract';
import { refreshDashboard } from '@tko/db';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';

let t: TestApp;
let viewer: string;
let hasProblemTable = false;

const pt = (lng: number, lat: number) => `ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)`;

beforeAll(async () => {
  t = await startTestApp();
  const id = await createUser(t.pool, 'dash@test.local', ['dashboard:view']);
  viewer = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime).access(id);
  const q = (sql: string, v: unknown[] = []) => t.pool.query(sql, v);
  // ОКТМО: a district and two settlements in it, and a settlement of another district.
  await q(`INSERT INTO administrative_unit (code, name) VALUES ('01601000', 'Алейский муниципальный район'), ('01601101001', 'г Алейск'),
           ('01601410101', 'с Безголосово'), ('01701000', 'город Барнаул'), ('01701000001', 'г Барнаул')`);
  // Sites: 3 container sites in Алейск (2 active), 1 in Безголосово, 1 in Барнаул, 1 special without address, 1 bulk closed.
  const site = (kind: string, status: string, city: string | null, n: number, vol: number, periodicity: string | null, weekdays: number[], lng: number, lat: number) =>
    q(`INSERT INTO waste_area (kind, status, structured_address, count_containers, volume, periodicity, periodicity_on_weekdays, coordinates)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, ${pt(lng, lat)})`, [kind, status, city ? JSON.stringify({ city }) : null, n, vol, periodicity, weekdays]);
  await site('CONTAINER', 'ACTIVE', 'Алейск', 2, 1.5, 'DAILY', [], 82.78, 52.49);
  await site('CONTAINER', 'ACTIVE', 'г. Алейск', 3, 2.25, 'ON_WEEKDAYS', [1, 3, 5], 82.79, 52.5);
  await site('CONTAINER', 'PLANNED', 'Алейск', 1, 0.75, 'EVERY_OTHER_DAY', [], 82.8, 52.48);
  await site('CONTAINER', 'ACTIVE', 'Безголосово', 4, 3, 'DAILY', [], 82.9, 52.3);
  await site('CONTAINER', 'ACTIVE', 'Барнаул', 1, 1.1, null, [], 83.77, 53.35);
  await site('SPECIALA', 'ACTIVE', null, 2, 16, 'PER_THREE_DAYS', [], 83.0, 53.0);
  await site('BULK', 'CLOSED', 'Нигдеград', 0, 0, null, [], 84.0, 54.0);
  // Sources with a norm: 2 flats (registered 2021 and 2025), 1 enterprise (2023); one linked to a site.
  const unit = await q(`INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('T1', 'Жильё', 'чел.', 400, 2.2) RETURNING id`);
  const u = unit.rows[0].id as number;
  const src = (category: string, residents: number | null, value: number, created: string) =>
    q(`INSERT INTO waste_source (name, location, category, number_of_residents, normative_unit_id, normative_value, created_at)
       VALUES ('Источник', 'Алейск', $1, $2, $3, $4, $5) RETURNING id`, [category, residents, u, value, created]);
  const s1 = await src('MULTI_APARTMENT', 100, 100, '2021-06-01T00:00:00Z');
  await src('MULTI_APARTMENT', 50, 50, '2025-03-01T00:00:00Z');
  await src('ENTERPRISE', null, 10, '2023-12-31T12:00:00Z');
  const anySite = (await q(`SELECT id FROM waste_area ORDER BY id LIMIT 1`)).rows[0].id as number;
  await q(`INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) VALUES ($1, $2)`, [s1.rows[0].id, anySite]);
  // Storage: a landfill (disposing), a storing facility that is inactive (left out), dumps.
  await q(`INSERT INTO waste_management_facility (name, location, status, purpose, capacity, used, used_last_year) VALUES
           ('Полигон', 'Алейск', 'ACTIVE', 'DISPOSING', 1000, 400, 50), ('Склад', 'Алейск', 'INACTIVE', 'STORING', 99, 99, 9)`);
  await q(`INSERT INTO waste_dump (location, status, volume, area) VALUES ('Овраг', 'DETECTED', 12.5, 100), ('Лес', 'DETECTED', 7.5, 50),
           ('Поле', 'LIQUIDATED', 100, 1000)`);
  hasProblemTable = (await q(`SELECT to_regclass('public.problem') AS t`)).rows[0].t !== null;
  if (hasProblemTable) {
    await q(`INSERT INTO problem (code, object_type, object_id, status, opened_at, closed_at)
             VALUES ('P001', 'WASTE_AREA', 1, 'NEW', now(), NULL), ('P001', 'WASTE_AREA', 2, 'NEW', now(), NULL),
                    ('P004', 'WASTE_AREA', 3, 'NEW', now(), NULL), ('P004', 'WASTE_AREA', 4, 'SOLVED', now(), now())`);
  }
  // The forecast's settings: base year 2026, population ×0.8 in 2026 and ×1.1 in 2027 (others ×1).
  await q(`UPDATE system_settings SET forecast_base_year = 2026,
           forecast_growth = '[{"year": 2026, "coefficient": 0.8}, {"year": 2027, "coefficient": 1.1}]' WHERE id = 1`);
  await refreshDashboard(t.pool);
});
afterAll(async () => t?.close());

const get = (path: string, token?: string) => request(t.app.server).get(path).set(token ? { Authorization: `Bearer ${token}` } : t.auth('admin'));
type Row = Record<string, string | number | null>;
const widget = (body: { widgets: { key: string; table: { rows: Row[] } }[] }, key: string) => body.widgets.find((w) => w.key === key)!;

describe('dashboard numbers', () => {
  it('answers the ten widgets whose numbers equal SQL counted independently', async () => {
    const res = await get('/api/dashboard/all/', viewer);
    expect(res.status).toBe(200);
    expect(res.body.widgets.map((w: { key: string }) => w.key)).toEqual(DASHBOARD_WIDGET_KEYS);
    expect(res.body.refreshed_at).toEqual(expect.any(String));

    const counts = widget(res.body, 'registry_counts').table.rows;
    const byName = Object.fromEntries(counts.map((r) => [r.registry, r]));
    const sites = (await t.pool.query(`SELECT count(*) FILTER (WHERE kind = 'CONTAINER')::int AS c, count(*) FILTER (WHERE kind = 'CONTAINER' AND status = 'ACTIVE')::int AS a FROM waste_area`)).rows[0];
    expect(byName['Места накопления: Контейнерная площадка']).toMatchObject({ total: sites.c, active: sites.a });
    expect(sites).toEqual({ c: 5, a: 4 });
    expect(byName['Источники образования отходов']).toMatchObject({ total: 3 });
    expect(byName['Несанкционированные свалки']).toMatchObject({ total: 3, active: 2 });
    expect(byName['Объекты обращения с отходами']).toMatchObject({ total: 2, active: 1 });

    const kinds = widget(res.body, 'containers_by_kind').table;
    const container = kinds.rows.find((r) => r.kind === 'Контейнерная площадка')!;
    const sql = (await t.pool.query(`SELECT count(*)::int AS s, sum(count_containers)::int AS n, sum(volume)::float8 AS v FROM waste_area WHERE kind = 'CONTAINER'`)).rows[0];
    expect(container).toMatchObject({ sites: sql.s, containers: sql.n, volume: sql.v });
    expect(container).toMatchObject({ sites: 5, containers: 11, volume: 8.6 });

    const oktmo = widget(res.body, 'sites_by_oktmo') as unknown as { table: { rows: Row[] }; areas: { features: { properties: Row; geometry: { type: string } }[] } };
    const byCode = Object.fromEntries(oktmo.table.rows.map((r) => [r.code, r]));
    expect(byCode['01601000']).toMatchObject({ name: 'Алейский муниципальный район', sites: 4, containers: 10 });
    expect(byCode['01701000']).toMatchObject({ name: 'город Барнаул', sites: 1 });
    expect(byCode['']).toMatchObject({ name: 'ОКТМО не определено', sites: 2 });
    // The notice counts what the table counts: the 2 sites without a formation of all the widget's sites.
    const allSites = oktmo.table.rows.reduce((a, r) => a + Number(r.sites), 0);
    expect((oktmo as unknown as { notice: string }).notice).toContain(`ОКТМО не определено для 2 из ${allSites} мест накопления`);
    const area = oktmo.areas.features.find((f) => f.properties.code === '01601000')!;
    expect(area.geometry.type).toBe('Polygon');
    expect(area.properties.sites).toBe(4);
    // The hull (widened 500 m) contains every site of the district and not Барнаул's.
    const inside = await t.pool.query(`SELECT count(*)::int AS n FROM waste_area WHERE ST_Contains(ST_GeomFromGeoJSON($1), coordinates)`, [JSON.stringify(area.geometry)]);
    expect(inside.rows[0].n).toBe(4);

    const cats = Object.fromEntries(widget(res.body, 'sources_by_category').table.rows.map((r) => [r.category, r]));
    expect(cats['Многоквартирный дом']).toMatchObject({ sources: 2, residents: 150, tonnes: 60 }); // (100 + 50) × 400 kg
    expect(cats['Предприятие']).toMatchObject({ sources: 1, tonnes: 4 });

    const found = Object.fromEntries(widget(res.body, 'findin_waste_source').table.rows.map((r) => [r.category, r]));
    expect(found['Многоквартирный дом']).toMatchObject({ sources: 2, linked: 1, unlinked: 1, m3: 330 });

    const storage = widget(res.body, 'total_quantity_waste_storage').table.rows;
    expect(storage).toEqual(expect.arrayContaining([
      expect.objectContaining({ group: 'Объекты: захоронение', objects: 1, capacity: 1000, used: 400, used_last_year: 50 }),
      expect.objectContaining({ group: 'Несанкционированные свалки: выявлена', objects: 2, volume: 20, area: 150 }),
    ]));
    expect(storage).toHaveLength(2);
  });

  it('forecasts formation from the norms scaled by the population coefficients, with the year choice', async () => {
    const all = await get('/api/dashboard/temp-table/predicted_values_formation_TKO_weight/');
    expect(all.status).toBe(200);
    const flats = all.body.rows.find((r: Row) => r.category === 'Многоквартирный дом');
    // Flats: (100 + 50) units × 400 kg = 60 t in 2026; K(2025) = 1 / 0.8, K(2027) = 1.1, later ×1.
    expect(flats).toMatchObject({ y2022: 75, y2025: 75, y2026: 60, y2027: 66, y2032: 66 });
    const ent = all.body.rows.find((r: Row) => r.category === 'Предприятие');
    expect(ent).toMatchObject({ y2022: 5, y2026: 4, y2027: 4.4 });
    const y2023 = await get('/api/dashboard/temp-table/predicted_values_formation_TKO_volume/?year=2023');
    expect(y2023.body.columns.map((c: { key: string }) => c.key)).toEqual(['category', 'y2023']);
    // 150 × 2.2 m³ / 0.8.
    expect(y2023.body.rows.find((r: Row) => r.category === 'Многоквартирный дом')).toEqual({ category: 'Многоквартирный дом', y2023: 412.5 });
    const period = await get('/api/dashboard/temp-table/predicted_values_formation_TKO_volume/?year=2024-2032');
    expect(period.body.columns).toHaveLength(10);
    expect((await get('/api/dashboard/temp-table/predicted_values_formation_TKO_volume/?year=2019')).status).toBe(400);
    expect((await get('/api/dashboard/temp-table/nothing/')).status).toBe(400);
    for (const name of ['findin_waste_source', 'total_quantity_waste_storage']) {
      const r = await get(`/api/dashboard/temp-table/${name}/`);
      expect(r.status).toBe(200);
      expect(r.body.rows.length).toBeGreaterThan(0);
    }
  });

  it('counts collection periodicity with its filters', async () => {
    const res = await get('/api/dashboard/periodicity-export-tko/');
    expect(res.status).toBe(200);
    const daily = res.body.rows.find((r: Row) => r.periodicity === 'Ежедневно');
    expect(daily).toMatchObject({ sites: 2, containers: 6, trips: 730 });
    expect(res.body.rows.find((r: Row) => r.periodicity === 'По дням недели')).toMatchObject({ sites: 1, trips: 156 });
    const planned = await get('/api/dashboard/periodicity-export-tko/?status=PLANNED&kind=CONTAINER');
    expect(planned.body.rows).toEqual([{ periodicity: 'Через день', sites: 1, containers: 1, volume: 0.75, trips: 182.5 }]);
    const special = await get('/api/dashboard/periodicity-export-tko/?kind=SPECIALA');
    expect(special.body.rows.map((r: Row) => r.periodicity)).toEqual(['Раз в три дня']);
    const bad = await get('/api/dashboard/periodicity-export-tko/?kind=ROCKET');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('kind');
    const filters = await get('/api/dashboard/periodicity-export-tko/filters/');
    expect(filters.body.kind).toContainEqual({ value: 'CONTAINER', label: 'Контейнерная площадка' });
    expect(filters.body.status.map((o: { value: string }) => o.value)).toEqual(['ACTIVE', 'PLANNED', 'CLOSED']);
  });

  it('counts open problems by code from the problem table', async () => {
    const res = await get('/api/dashboard/all/');
    const rows = widget(res.body, 'problems_by_code').table.rows;
    if (!hasProblemTable) return void expect(rows).toEqual([]);
    const sql = (await t.pool.query(`SELECT code, count(*)::int AS n FROM problem WHERE closed_at IS NULL GROUP BY code ORDER BY code`)).rows;
    expect(rows.map((r) => [r.code, r.count])).toEqual(sql.map((r) => [r.code, r.n]));
    expect(rows.map((r) => [r.code, r.count])).toEqual([['P001', 2], ['P004', 1]]);
    // The labels are the contract's declaration (a stale second enumeration once named P006 «подъезд»).
    expect(rows.map((r) => r.label)).toEqual(['P001', 'P004'].map((c) => PROBLEM_TYPES.find((x) => x.code === c)!.label));
    expect(rows.map((r) => r.kind)).toEqual(['Нарушение', 'Нарушение']);
  });

  it('sees new rows only after a refresh (the summary), and the refresh is idempotent', async () => {
    await t.pool.query(`INSERT INTO waste_dump (location, status) VALUES ('Новая', 'DETECTED')`);
    const before = await get('/api/dashboard/all/');
    expect(widget(before.body, 'registry_counts').table.rows.find((r) => r.registry === 'Несанкционированные свалки')).toMatchObject({ total: 3 });
    await refreshDashboard(t.pool);
    await refreshDashboard(t.pool);
    const after = await get('/api/dashboard/all/');
    expect(widget(after.body, 'registry_counts').table.rows.find((r) => r.registry === 'Несанкционированные свалки')).toMatchObject({ total: 4 });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM dashboard_summary')).rows[0].n).toBe(10);
  });
});

describe('tags and the per-user state', () => {
  it('lists the tags with counts; inactive tags empty their widgets', async () => {
    const f = await get('/api/dashboard/all/filters/', viewer);
    expect(f.status).toBe(200);
    expect(f.body.tags.map((x: { key: string }) => x.key)).toEqual(['waste_sources', 'dumps', 'waste_areas', 'problems', 'sensors']);
    expect(f.body.tags.find((x: { key: string }) => x.key === 'waste_areas')).toMatchObject({ active: true, count: 7, label: 'Места накопления' });
    expect(f.body.tags.find((x: { key: string }) => x.key === 'sensors')).toMatchObject({ count: 0 });
    const only = await get('/api/dashboard/all/?tags=dumps', viewer);
    expect(only.body.active_tags).toEqual(['dumps']);
    const kinds = only.body.widgets.find((w: { key: string }) => w.key === 'containers_by_kind');
    expect(kinds).toMatchObject({ inactive: true, table: { rows: [] } });
    expect(widget(only.body, 'registry_counts').table.rows.map((r) => r.registry)).not.toContain('Источники образования отходов');
    expect(widget(only.body, 'total_quantity_waste_storage').table.rows.length).toBe(2);
    expect((await get('/api/dashboard/all/?tags=planets', viewer)).status).toBe(400);
  });

  it('keeps collapsed widgets and inactive tags per user on the server', async () => {
    const put = await request(t.app.server).put('/api/dashboard/state/').set({ Authorization: `Bearer ${viewer}` })
      .send({ widgets: { periodicity: true, sites_by_oktmo: true }, tags: { problems: false } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ widgets: { periodicity: true, sites_by_oktmo: true }, tags: { problems: false } });
    const again = await request(t.app.server).put('/api/dashboard/state/').set({ Authorization: `Bearer ${viewer}` }).send({ widgets: { sites_by_oktmo: false } });
    expect(again.body.widgets).toEqual({ periodicity: true, sites_by_oktmo: false });
    const all = await get('/api/dashboard/all/', viewer);
    expect(all.body.widgets.filter((w: { collapsed: boolean }) => w.collapsed).map((w: { key: string }) => w.key)).toEqual(['periodicity']);
    expect(all.body.active_tags).not.toContain('problems');
    expect((await get('/api/dashboard/all/filters/', viewer)).body.tags.find((x: { key: string }) => x.key === 'problems').active).toBe(false);
    // Another user's state is untouched.
    const admin = await get('/api/dashboard/state/');
    expect(admin.body).toEqual({ widgets: {}, tags: {} });
    const stored = await t.pool.query(`SELECT widgets FROM dashboard_user_state s JOIN app_user u ON u.id = s.user_id WHERE u.email = 'dash@test.local'`);
    expect(stored.rows[0].widgets).toEqual({ periodicity: true, sites_by_oktmo: false });
    const bad = await request(t.app.server).put('/api/dashboard/state/').set({ Authorization: `Bearer ${viewer}` }).send({ widgets: { nope: true } });
    expect(bad.status).toBe(400);
  });
});

describe('xlsx and access', () => {
  it('downloads a widget as xlsx whose cells are its numbers', async () => {
    const res = await get('/api/dashboard/widgets/containers_by_kind/xlsx/').buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Вид места накопления', 'Мест накопления', 'Контейнеров', 'Объём, м³']);
    const rows = ws.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['Контейнерная площадка', 5, 11, 8.6]);
    expect(rows.at(-1)).toEqual(['Итого', 7, 13, 24.6]);
  });

  it('refuses anonymous (401), without permission (403), the xlsx without export (403)', async () => {
    expect((await request(t.app.server).get('/api/dashboard/all/')).status).toBe(401);
    expect((await get('/api/dashboard/all/', t.tokens.nobody)).status).toBe(403);
    expect((await get('/api/dashboard/widgets/periodicity/xlsx/', viewer)).status).toBe(403);
    expect((await get('/api/dashboard/widgets/unknown/xlsx/')).status).toBe(400);
  });
});

describe('forecast by ОКТМО', () => {
  it('answers the forecast per municipal formation and category with its coefficients', async () => {
    // A source without a norm: not forecast, counted as unassessed (the last test: the widgets' counts are checked above).
    await t.pool.query(`INSERT INTO waste_source (name, location, category) VALUES ('Без норматива', 'Алейск', 'HOUSE')`);
    const res = await get('/api/analytics/forecast/?year=2025,2027', viewer);
    expect(res.status).toBe(200);
    expect(res.body.base_year).toBe(2026);
    expect(res.body.coefficients).toEqual([{ year: 2025, k: 1.25 }, { year: 2027, k: 1.1 }]);
    expect(res.body.unassessed).toBe(1);
    const cell = (oktmo: string, category: string, year: number) =>
      res.body.rows.find((r: Row) => r.oktmo === oktmo && r.category === category && r.year === year);
    // The 100-unit flat is linked to a site in Алейск (district 01601000): 40 t; the others have no settlement.
    expect(cell('01601000', 'MULTI_APARTMENT', 2027)).toMatchObject({ oktmo_name: 'Алейский муниципальный район', tonnes: 44, m3: 242 });
    expect(cell('', 'MULTI_APARTMENT', 2025)).toMatchObject({ oktmo_name: 'ОКТМО не определено', tonnes: 25, m3: 137.5 });
    expect(cell('', 'ENTERPRISE', 2027)).toMatchObject({ tonnes: 4.4 });
    // Every normative kg of the registry is in the base year's rows (SQL sum written here).
    const { rows: [sum] } = await t.pool.query(`SELECT sum(s.normative_value * u.kg_per_unit_year)::float8 / 1000 AS t
      FROM waste_source s JOIN normative_unit u ON u.id = s.normative_unit_id`);
    const base = await get('/api/analytics/forecast/?year=2026', viewer);
    expect(base.body.rows.reduce((a: number, r: { tonnes: number }) => a + r.tonnes, 0)).toBeCloseTo(sum.t, 6);
    // The dashboard's temp table of one formation reads the same modelled forecast: 44 t in 2027 for Алейский район,
    // «none» — the flats without a formation: 20 t a year (25 t in 2025 at K 1.25) × K(2027) 1.1 = 22 t.
    await refreshDashboard(t.pool);
    const unit = await get('/api/dashboard/temp-table/predicted_values_formation_TKO_weight/?year=2024-2032&oktmo=01601000', viewer);
    expect(unit.status).toBe(200);
    expect(unit.body.rows.find((r: Row) => r.category === 'Многоквартирный дом')).toMatchObject({ y2027: 44 });
    const none = await get('/api/dashboard/temp-table/predicted_values_formation_TKO_weight/?year=2024-2032&oktmo=none', viewer);
    expect(none.body.rows.find((r: Row) => r.category === 'Многоквартирный дом')).toMatchObject({ y2027: 22 });
    const bad = await get('/api/dashboard/temp-table/predicted_values_formation_TKO_weight/?oktmo=12', viewer);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('ОКТМО — 8 цифр');
    expect((await get('/api/analytics/forecast/?year=1999', viewer)).status).toBe(400);
    expect((await get('/api/analytics/forecast/')).status).toBe(200);
    expect((await request(t.app.server).get('/api/analytics/forecast/')).status).toBe(401);
  });

  it('keeps the coefficients in the system settings, one per year', async () => {
    const put = (body: object) => request(t.app.server).put('/api/system-settings/').set(t.auth('admin')).send(body);
    const bad = await put({ forecast_growth: [{ year: 2027, coefficient: 1.1 }, { year: 2027, coefficient: 1 }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Год указан дважды.');
    expect((await put({ forecast_growth: [{ year: 2027, coefficient: 3 }] })).status).toBe(400);
    const ok = await put({ forecast_base_year: 2026, forecast_growth: [{ year: 2026, coefficient: 0.8 }, { year: 2027, coefficient: 1.1 }] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ forecast_base_year: 2026, forecast_growth: [{ year: 2026, coefficient: 0.8 }, { year: 2027, coefficient: 1.1 }] });
  });
});
