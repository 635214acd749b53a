/**
 * Tariffs and target indicators (issue 12 §4, §5): the predicted tariff's worked example of
 * docs/DECISIONS.md «Analytics: balance, target indicators, tariffs» (computed by the database on
 * write, and by the contract's predictedTariff), manual_calculation keeping typed values, the
 * required fields of spec 03 §5 (400 per field), init/ from the waste sources and facilities,
 * the regional operator's tariffs that may not overlap (400 on start_date, also for a direct SQL
 * write: the exclusion constraint), search by date, the public variants for anonymous visitors.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { juridicalPersonResource, predictedTariff, wasteSourceResource, wkiChartPoints } from '@tko/contract';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let operator: number;
beforeAll(async () => {
  t = await startTestApp();
  const res = await request(t.app.server).post('/api/legal-entities/juridical-person/').set(t.auth('admin')).send(juridicalPersonResource.example!);
  operator = res.body.id ?? (await t.pool.query<{ id: number }>(`SELECT id FROM legal_entity ORDER BY id DESC LIMIT 1`)).rows[0]!.id;
});
afterAll(async () => t?.close());
const admin = () => t.auth('admin');
const P = '/api/tariffs/predicted/';
/** Any category the waste_source CHECK accepts. */
const CATEGORY = wasteSourceResource.example!.category as string;
const R = '/api/tariffs/reg-operator/';

/** The worked example of docs/DECISIONS.md (roubles a year, km, m³, t). */
const EXAMPLE = {
  year: 2027,
  operating_expenses: '1000000',
  flows_total_distance: '50000',
  transportation_cost: '60',
  sales_expenses: '150000',
  contracts_maintenance_expenses: '50000',
  revenue_correction: '-200000',
  flows_total_waste_volume: '96500',
  transportation_waste_weight: '17300',
};

describe('predicted tariff', () => {
  it('computes the worked example: ТР 3 000 000, НВВ 4 000 000, 41.45 руб/м³, 231.21 руб/т', async () => {
    const res = await request(t.app.server).post(P).set(admin()).send(EXAMPLE);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ manual_calculation: false, transportation_expenses: '3000000.00', tariff_of_volume: '41.45', tariff_of_weight: '231.21', revenue_correction: '-200000.00' });
    expect(predictedTariff(EXAMPLE)).toEqual({ transportation_expenses: '3000000.00', tariff_of_volume: '41.45', tariff_of_weight: '231.21' });
    // The transported volume, when given, is the divisor instead of the flows' volume.
    const put = await request(t.app.server).patch(`${P}${res.body.id}/`).set(admin()).send({ transportation_waste_volume: '80000', tariff_of_volume: '1' });
    expect(put.body.tariff_of_volume).toBe('50.00');
  });

  it('keeps typed values with manual_calculation and computes again without it', async () => {
    const res = await request(t.app.server).post(P).set(admin()).send({ ...EXAMPLE, manual_calculation: true, tariff_of_volume: '99.99', tariff_of_weight: null, transportation_expenses: '1' });
    expect(res.body).toMatchObject({ manual_calculation: true, tariff_of_volume: '99.99', tariff_of_weight: null, transportation_expenses: '1.00' });
    const back = await request(t.app.server).patch(`${P}${res.body.id}/`).set(admin()).send({ manual_calculation: false });
    expect(back.body).toMatchObject({ tariff_of_volume: '41.45', tariff_of_weight: '231.21', transportation_expenses: '3000000.00' });
  });

  it('answers 400 on each required field of spec 03 §5', async () => {
    const res = await request(t.app.server).post(P).set(admin()).send({ comment: 'пусто' });
    expect(res.status).toBe(400);
    for (const k of ['year', 'operating_expenses', 'flows_total_distance', 'flows_total_waste_volume', 'transportation_cost', 'sales_expenses', 'contracts_maintenance_expenses']) {
      expect(res.body[k], k).toEqual(['Обязательное поле.']);
    }
    const nul = await request(t.app.server).post(P).set(admin()).send({ ...EXAMPLE, year: null, sales_expenses: null });
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body).sort()).toEqual(['sales_expenses', 'year']);
  });

  it('init/ fills a new tariff from the waste sources and the nearest working facility', async () => {
    const empty = await request(t.app.server).get(`${P}init/`).query({ year: 2030 }).set(admin());
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.values).toMatchObject({ year: 2030, flows_total_waste_volume: null, flows_total_distance: null });
    expect(empty.body.sources.flows_total_distance).toMatch(/вручную/);
    const unit = await t.pool.query<{ id: number }>(`INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('T1', 'Житель', 'чел.', 400, 2) RETURNING id`);
    // Two sources 10 km apart along a meridian-ish line from one facility; one without coordinates.
    await t.pool.query(`INSERT INTO waste_source (name, location, category, normative_unit_id, normative_value, coordinates) VALUES
      ('А', 'Ангарск', $2, $1, 100, ST_SetSRID(ST_MakePoint(103.87, 52.55), 4326)), ('Б', 'Ангарск', $2, $1, 50, NULL)`, [unit.rows[0]!.id, CATEGORY]);
    await t.pool.query(`INSERT INTO waste_management_facility (name, location, status, coordinates) VALUES
      ('Полигон', 'Ангарск', 'ACTIVE', ST_SetSRID(ST_MakePoint(103.87, 52.64), 4326)), ('Закрытый', 'Ангарск', 'INACTIVE', ST_SetSRID(ST_MakePoint(103.87, 52.551), 4326))`);
    const { rows: [d] } = await t.pool.query<{ km: number }>(`SELECT ST_Distance(ST_SetSRID(ST_MakePoint(103.87, 52.55), 4326)::geography, ST_SetSRID(ST_MakePoint(103.87, 52.64), 4326)::geography) / 1000 AS km`);
    const res = await request(t.app.server).get(`${P}init/`).query({ year: 2030 }).set(admin());
    expect(res.body.values.flows_total_waste_volume).toBe('300.000'); // (100 + 50) × 2 м³
    expect(res.body.values.transportation_waste_weight).toBe('60.000'); // 150 × 400 кг / 1000
    // One source with coordinates: 200 м³ in 40 м³ loads, each a round trip × 1.3.
    expect(Number(res.body.values.flows_total_distance)).toBeCloseTo(2 * 1.3 * d!.km * (200 / 40), 2);
    const created = await request(t.app.server).post(P).set(admin()).send({ ...res.body.values, operating_expenses: '1', transportation_cost: '1', sales_expenses: '1', contracts_maintenance_expenses: '1' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await request(t.app.server).get(`${P}init/`).set(t.auth('viewer'))).status).toBe(403);
  });

  it('is readable by anonymous visitors through the public variant', async () => {
    const list = await request(t.app.server).get('/api/public/v1/tariffs/predicted/').query({ year: 2027 });
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThanOrEqual(1);
    expect(list.body.results[0]).toHaveProperty('tariff_of_volume');
    expect((await request(t.app.server).get(`/api/public/v1/tariffs/predicted/${list.body.results[0].id}/`)).status).toBe(200);
    expect((await request(t.app.server).get(P)).status).toBe(401);
  });
});

describe('regional operator tariffs', () => {
  const body = (over: Record<string, unknown> = {}) => ({ reg_operator: operator, kind: 'SINGLE', name: 'Единый тариф', start_date: '2026-01-01', end_date: '2026-06-30', cost: '600.10', unit: 'RUB_PER_M3', ...over });

  it('refuses two tariffs of one operator and kind that overlap in time, 400 on start_date', async () => {
    const first = await request(t.app.server).post(R).set(admin()).send(body());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const overlap = await request(t.app.server).post(R).set(admin()).send(body({ start_date: '2026-06-30', end_date: '2026-12-31' }));
    expect(overlap.status).toBe(400);
    expect(overlap.body).toEqual({ start_date: [expect.stringMatching(/^Период пересекается/)] });
    const open = await request(t.app.server).post(R).set(admin()).send(body({ start_date: '2025-01-01', end_date: null }));
    expect(open.status).toBe(400);
    const next = await request(t.app.server).post(R).set(admin()).send(body({ start_date: '2026-07-01', end_date: null, cost: '640' }));
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    const otherKind = await request(t.app.server).post(R).set(admin()).send(body({ kind: 'DISPOSAL' }));
    expect(otherKind.status).toBe(201);
    // Moving a tariff onto another's period is refused too; the row keeps its dates.
    const move = await request(t.app.server).patch(`${R}${next.body.id}/`).set(admin()).send({ start_date: '2026-03-01' });
    expect(move.status).toBe(400);
    expect(move.body).toHaveProperty('start_date');
    // Whoever writes: the database refuses it as well.
    await expect(t.pool.query(`INSERT INTO reg_operator_tariff (reg_operator_id, kind, name, start_date, cost, unit) VALUES ($1, 'SINGLE', 'SQL', '2026-05-01', 1, 'RUB_PER_M3')`, [operator])).rejects.toThrow(/reg_operator_tariff_start_date_excl/);
    const reversed = await request(t.app.server).post(R).set(admin()).send(body({ kind: 'PROCESSING', start_date: '2026-02-01', end_date: '2026-01-01' }));
    expect(reversed.status).toBe(400);
    expect(reversed.body).toHaveProperty('end_date');
  });

  it('POST /api/tariffs/search/ lists the tariffs in force on a date', async () => {
    const res = await request(t.app.server).post('/api/tariffs/search/').set(admin()).send({ date: '2026-08-01', reg_operator: operator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { kind: string; cost: string }) => [r.kind, r.cost])).toEqual([['SINGLE', '640.00']]);
    const march = await request(t.app.server).post('/api/tariffs/search/').set(admin()).send({ date: '2026-03-01', kind: 'SINGLE' });
    expect(march.body.results.map((r: { cost: string }) => r.cost)).toEqual(['600.10']);
    expect((await request(t.app.server).post('/api/tariffs/search/').set(admin()).send({ date: '2026-02-31' })).status).toBe(400);
    expect((await request(t.app.server).post('/api/tariffs/search/').send({})).status).toBe(401);
    expect((await request(t.app.server).post('/api/tariffs/search/').set(t.auth('viewer')).send({})).status).toBe(403);
  });
});

describe('target indicators', () => {
  it('keeps actual and planned values per year, draws them as chart points, and is public', async () => {
    const res = await request(t.app.server).post('/api/wki/').set(admin()).send({
      name: 'Доля захороненных ТКО', unit: 'MASS_PERCENT', source: 'ТС', years_period: { lower: 2022, upper: 2024 },
      actual_indications: [{ year: 2022, value: '80' }, { year: 2023, value: '70' }],
      planned_indications: [{ year: 2023, value: '65' }, { year: 2024, value: '50' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.years_period).toEqual({ lower: '2022', upper: '2024' });
    expect(wkiChartPoints(res.body)).toEqual([{ year: 2022, actual: 80, planned: null }, { year: 2023, actual: 70, planned: 65 }, { year: 2024, actual: null, planned: 50 }]);
    const noYear = await request(t.app.server).patch(`/api/wki/${res.body.id}/`).set(admin()).send({ planned_indications: [{ id: res.body.planned_indications[0].id, year: null }] });
    expect(noYear.status).toBe(400);
    expect(Object.keys(noYear.body).some((k) => k.startsWith('planned_indications'))).toBe(true);
    const pub = await request(t.app.server).get('/api/public/v1/wki/').query({ search: 'захороненных' });
    expect(pub.status).toBe(200);
    expect(pub.body.results.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
    const card = await request(t.app.server).get(`/api/public/v1/wki/${res.body.id}/`);
    expect(card.body.planned_indications).toHaveLength(2);
    expect((await request(t.app.server).post('/api/wki/').send({})).status).toBe(401);
  });
});

describe('predicted tariff from the registries (docs/ANALYTICS.md «Прогнозный тариф»)', () => {
  it('init/ fills the worked example from the flows, the fleet, the operators’ tariffs and the settings', async () => {
    const q = (sql: string, v: unknown[] = []) => t.pool.query(sql, v);
    // The sources of the init/ test above give the density: (100 + 50) × 400 kg / ((100 + 50) × 2 м³) = 0,2 т/м³.
    await q(`UPDATE system_settings SET forecast_base_year = 2027, environmental_charge_rate = 500 WHERE id = 1`);
    await q(`INSERT INTO vehicle (license_plate, status, payload_kg, cost_per_km) VALUES
      ('А001АА138', 'ACTIVE', 10000, 50), ('А002АА138', 'ACTIVE', 10000, 70), ('А003АА138', 'INACTIVE', 2000, 1000)`);
    const fac = async (name: string, purpose: string) => (await q(`INSERT INTO waste_management_facility (name, location, status, purpose, operator_id)
      VALUES ($1, 'Ангарск', 'ACTIVE', $2, $3) RETURNING id`, [name, purpose, operator])).rows[0].id as number;
    const sorting = await fac('Сортировка «Пример»', 'PROCESSING');
    const landfill = await fac('Полигон «Пример»', 'DISPOSING');
    // 10,000 and 25,000 km along the meridian 103.9° from 52.5° (points found once with ST_Distance).
    const flow = async (wmf: number, lat: number, tonnes: number) => {
      const id = (await q(`INSERT INTO present_flow (start_location, start_coordinates, end_location, end_coordinates, wmf_id)
        VALUES ('Откуда', ST_SetSRID(ST_MakePoint(103.9, 52.5), 4326), 'Куда', ST_SetSRID(ST_MakePoint(103.9, $2), 4326), $1) RETURNING id`, [wmf, lat])).rows[0].id;
      await q(`INSERT INTO present_flow_waste (flow_id, fkko, volume) VALUES ($1, '73111001724', $2)`, [id, tonnes]);
    };
    await flow(sorting, 52.589865279, 1500);
    await flow(landfill, 52.724660626, 500);
    const tariff = (kind: string, start: string, end: string, cost: string, unit: string) =>
      request(t.app.server).post(R).set(admin()).send({ reg_operator: operator, kind, name: `Тариф ${kind}`, start_date: start, end_date: end, cost, unit });
    expect((await tariff('PROCESSING', '2027-01-01', '2027-12-31', '300', 'RUB_PER_TON')).status).toBe(201);
    expect((await tariff('DISPOSAL', '2027-01-01', '2027-06-30', '100', 'RUB_PER_M3')).status).toBe(201);
    expect((await tariff('DISPOSAL', '2027-07-01', '2027-12-31', '120', 'RUB_PER_M3')).status).toBe(201);

    const res = await request(t.app.server).get(`${P}init/`).query({ year: 2027 }).set(admin());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.values).toMatchObject({
      transportation_waste_weight: '2000.000', // 1 500 + 500 т
      flows_total_waste_volume: '10000.000', // 2 000 т / 0,2 т/м³
      flows_total_distance: '7150.000', // 2 × 1,3 × (10 × 1 500 / 10 + 25 × 500 / 10)
      transportation_cost: '60.00', // (50 + 70) / 2
      // 1 500 т × 300 + 500 т / 0,2 × (100 × 181 + 120 × 184) / 365 руб/м³
      operators_expenses: (1500 * 300 + 2500 * ((100 * 181 + 120 * 184) / 365)).toFixed(2),
      environmental_charge: '250000.00', // 500 т × 500 руб/т
    });
    expect(res.body.values.operators_expenses).toBe('725205.48');
    expect(res.body.sources.operators_expenses).toContain('«Сортировка «Пример»» 1\u00a0500 т × 300 руб/т');
    expect(res.body.sources.flows_total_distance).toContain('10 т');

    // The tariff of the worked example with the operator's own costs typed in.
    const own = { operating_expenses: '1000000', sales_expenses: '200000', contracts_maintenance_expenses: '100000', revenue_correction: '0' };
    const created = await request(t.app.server).post(P).set(admin()).send({ ...res.body.values, ...own });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // ТР = 60 × 7 150 = 429 000; НВВ = 1 000 000 + 429 000 + 725 205,48 + 250 000 + 200 000 + 100 000 = 2 704 205,48.
    expect(created.body).toMatchObject({ transportation_expenses: '429000.00', tariff_of_weight: '1352.10', tariff_of_volume: '270.42' });
    expect(predictedTariff({ ...res.body.values, ...own })).toEqual({ transportation_expenses: '429000.00', tariff_of_weight: '1352.10', tariff_of_volume: '270.42' });
  });
});
