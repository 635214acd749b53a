/**
 * One hand-written case per problem rule (issue 12 §1, §6): an object that breaks the rule opens
 * exactly one problem (with its history row and DETECTED event), a second run changes nothing,
 * fixing the object closes the problem (SOLVED, closed_at, a history row with step `detector`,
 * a RESOLVED event), and a third run changes nothing again. A compliant site opens no problem of
 * any code; rules without data are reported as such and never run; a REJECTED problem is not
 * opened again. Real PostgreSQL + PostGIS (a database of its own).
 */
import { PROBLEM_TYPES } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_RULES, runProblemDetector } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
let owner = 0;
/** The approved contract in force that every compliant site is named in (P017). */
let contract = 0;
beforeAll(async () => {
  db = await createTestDatabase();
  owner = (await db.pool.query<{ id: number }>(`INSERT INTO legal_entity (name, is_waste_area_owner) VALUES ('ООО «Собственник»', true) RETURNING id`)).rows[0]!.id;
  contract = await inForceContract(owner, 'Д-1');
  await coldSeason();
});

/** Today in the cold season (the warm one 100 days ahead), whatever the date the test runs. */
const coldSeason = () => db.pool.query(`UPDATE system_settings SET warm_season_from = to_char(current_date + 100, 'MM-DD'), warm_season_to = to_char(current_date + 101, 'MM-DD')`);
/** Today in the warm season: from the day before yesterday to the day after tomorrow (may wrap the year). */
const warmSeason = () => db.pool.query(`UPDATE system_settings SET warm_season_from = to_char(current_date - 2, 'MM-DD'), warm_season_to = to_char(current_date + 2, 'MM-DD')`);

/** An approved contract of `customer` in force today (from a month ago, open-ended). */
async function inForceContract(customer: number, number: string): Promise<number> {
  return (await db.pool.query<{ id: number }>(`INSERT INTO contract (number, revision_status, customer_id, effective_date)
    VALUES ($1, 'APPROVED', $2, current_date - 30) RETURNING id`, [number, customer])).rows[0]!.id;
}
afterAll(async () => { await db?.drop(); });

const q = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows;

/** Lat/lng of the n-th test site: 1 km apart, so no two cases see each other's houses. */
const at = (n: number) => ({ lat: 52.5 + n * 0.01, lng: 103.9 });
/** A point `m` metres north of the n-th site. */
const north = (n: number, m: number) => ({ lat: at(n).lat + m / 111_320, lng: at(n).lng });
const pt = (p: { lat: number; lng: number }) => `ST_SetSRID(ST_MakePoint(${p.lng}, ${p.lat}), 4326)`;

let seq = 0;
/**
 * A site compliant with every rule: active container site with coordinates, an owner, a
 * dwelling 50 m away attached, two standard containers, a roof, free access, compliant base and
 * fence on asphalt, remoteness 20–100 m, daily removal, named in a contract in force.
 */
async function compliantSite(): Promise<{ id: number; n: number; house: number }> {
  const n = ++seq;
  const id = (await q(`INSERT INTO waste_area (kind, location, coordinates, has_cover, remoteness, periodicity, access, platform_basement, fence, coverage_type)
    VALUES ('CONTAINER', $1, ${pt(at(n))}, true, 'MIDDLE', 'DAILY', 'FREE', 'CORRESPONDS', 'CORRESPONDS', 'ASPHALT') RETURNING id`, [`Ангарск, тестовая площадка ${n}`]))[0].id as number;
  await q(`INSERT INTO waste_area_owner (waste_area_id, legal_entity_id) VALUES ($1, $2)`, [id, owner]);
  await q(`INSERT INTO waste_area_container (waste_area_id, type, volume) VALUES ($1, 'STANDARD', 0.75), ($1, 'STANDARD', 0.75)`, [id]);
  const house = (await q(`INSERT INTO waste_source (name, location, category, coordinates) VALUES ($1, $2, 'MULTI_APARTMENT', ${pt(north(n, 50))}) RETURNING id`,
    [`Дом ${n}`, `Ангарск, дом у площадки ${n}`]))[0].id as number;
  await q(`INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) VALUES ($1, $2)`, [house, id]);
  await q(`INSERT INTO contract_waste_area (contract_id, waste_area_id) VALUES ($1, $2)`, [contract, id]);
  return { id, n, house };
}

/** A case: how to break the rule on a compliant site, and how to fix it again. */
interface Case {
  code: string;
  objectType?: string;
  /** Returns the id of the object that now breaks the rule. */
  breakIt: (s: { id: number; n: number; house: number }) => Promise<number>;
  fix: (s: { id: number; n: number; house: number }, objectId: number) => Promise<void>;
}

const setSite = (sql: string) => async (s: { id: number }) => { await q(`UPDATE waste_area SET ${sql} WHERE id = $1`, [s.id]); return s.id; };
const fixSite = (sql: string) => async (s: { id: number }) => { await q(`UPDATE waste_area SET ${sql} WHERE id = $1`, [s.id]); };
const addContainers = (type: string, k: number) => async (s: { id: number }) => {
  for (let i = 0; i < k; i++) await q(`INSERT INTO waste_area_container (waste_area_id, type, volume) VALUES ($1, $2, 0.75)`, [s.id, type]);
  return s.id;
};
const dropContainers = (type: string) => async (s: { id: number }) => { await q(`DELETE FROM waste_area_container WHERE waste_area_id = $1 AND type = $2`, [s.id, type]); };

const CASES: Case[] = [
  { code: 'P000', breakIt: setSite(`access = NULL`), fix: fixSite(`access = 'FREE'`) },
  { code: 'P001', breakIt: async (s) => { await q(`DELETE FROM waste_source_waste_area WHERE waste_area_id = $1`, [s.id]); return s.id; },
    fix: async (s) => { await q(`INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) VALUES ($1, $2)`, [s.house, s.id]); } },
  { code: 'P002', breakIt: async (s) => { await q(`DELETE FROM waste_area_owner WHERE waste_area_id = $1`, [s.id]); return s.id; },
    fix: async (s) => { await q(`INSERT INTO waste_area_owner (waste_area_id, legal_entity_id) VALUES ($1, $2)`, [s.id, owner]); } },
  { code: 'P003', breakIt: addContainers('NON_STANDARD', 1), fix: dropContainers('NON_STANDARD') },
  { code: 'P004', breakIt: addContainers('EURO', 7), fix: dropContainers('EURO') }, // 2 + 7 = 9 mixed > 8
  { code: 'P005', breakIt: addContainers('BUNKER', 2), fix: dropContainers('BUNKER') },
  { code: 'P006', breakIt: setSite(`has_cover = false`), fix: fixSite(`has_cover = true`) },
  { code: 'P007', breakIt: setSite(`access = 'NO_ACCESS'`), fix: fixSite(`access = 'FREE'`) },
  { code: 'P008', breakIt: setSite(`platform_basement = 'NOT_CORRESPONDS'`), fix: fixSite(`platform_basement = 'CORRESPONDS'`) },
  { code: 'P009', breakIt: setSite(`platform_basement = 'ABSENT'`), fix: fixSite(`platform_basement = 'CORRESPONDS'`) },
  { code: 'P010', breakIt: setSite(`fence = 'NOT_CORRESPONDS'`), fix: fixSite(`fence = 'CORRESPONDS'`) },
  { code: 'P011', breakIt: setSite(`fence = 'ABSENT'`), fix: fixSite(`fence = 'CORRESPONDS'`) },
  { code: 'P012', breakIt: setSite(`coverage_type = 'SOIL'`), fix: fixSite(`coverage_type = 'ASPHALT'`) },
  { code: 'P013', breakIt: setSite(`remoteness = 'NEAR'`), fix: fixSite(`remoteness = 'MIDDLE'`) },
  { code: 'P014', breakIt: setSite(`remoteness = 'FAR'`), fix: fixSite(`remoteness = 'MIDDLE'`) },
  { code: 'P015',
    breakIt: async (s) => { await q(`UPDATE waste_source SET coordinates = ${pt(north(s.n, 12))} WHERE id = $1`, [s.house]); return s.id; },
    fix: async (s) => { await q(`UPDATE waste_source SET coordinates = ${pt(north(s.n, 50))} WHERE id = $1`, [s.house]); } },
  { code: 'P016',
    breakIt: async (s) => { await q(`UPDATE waste_source SET coordinates = ${pt(north(s.n, 150))} WHERE id = $1`, [s.house]); return s.id; },
    fix: async (s) => { await q(`UPDATE waste_source SET coordinates = ${pt(north(s.n, 50))} WHERE id = $1`, [s.house]); } },
  { code: 'P017', breakIt: async (s) => { await q(`DELETE FROM contract_waste_area WHERE waste_area_id = $1`, [s.id]); return s.id; },
    fix: async (s) => { await q(`INSERT INTO contract_waste_area (contract_id, waste_area_id) VALUES ($1, $2)`, [contract, s.id]); } },
  { code: 'P018', breakIt: setSite(`coordinates = NULL`), fix: async (s) => { await q(`UPDATE waste_area SET coordinates = ${pt(at(s.n))} WHERE id = $1`, [s.id]); } },
  { code: 'P019', breakIt: async (s) => { await q(`DELETE FROM waste_area_container WHERE waste_area_id = $1`, [s.id]); return s.id; },
    fix: async (s) => { await addContainers('STANDARD', 2)(s); } },
  { code: 'P020', breakIt: setSite(`periodicity = NULL`), fix: fixSite(`periodicity = 'DAILY'`) },
  { code: 'P021', breakIt: setSite(`periodicity = 'ON_WEEKDAYS', periodicity_on_weekdays = '{1,5}'`), // Fri → Mon: 3 days, Mon → Fri: 4
    fix: fixSite(`periodicity_on_weekdays = '{1,3,5}'`) },
  { code: 'P101', objectType: 'WASTE_SOURCE',
    breakIt: async (s) => (await q(`INSERT INTO waste_source (name, location, category) VALUES ('Магазин', $1, 'ENTERPRISE') RETURNING id`, [`Ангарск, магазин ${s.n}`]))[0].id as number,
    fix: async (s, src) => { await q(`INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) VALUES ($1, $2)`, [src, s.id]); } },
  { code: 'P201', objectType: 'CONTRACT',
    breakIt: async (s) => {
      const customer = (await q(`INSERT INTO legal_entity (name) VALUES ($1) RETURNING id`, [`ООО «Клиент ${s.n}»`]))[0].id as number;
      return (await q(`INSERT INTO contract (number, revision_status, customer_id, effective_date, termination_date)
        VALUES ($1, 'APPROVED', $2, current_date - 400, current_date - 1) RETURNING id`, [`Д-${s.n}`, customer]))[0].id as number;
    },
    // Renewed: the customer has a contract in force again.
    fix: async (s, k) => { await inForceContract((await q(`SELECT customer_id FROM contract WHERE id = $1`, [k]))[0].customer_id as number, `Д-${s.n}-2`); } },
  { code: 'P301', objectType: 'WASTE_DUMP',
    breakIt: async (s) => (await q(`INSERT INTO waste_dump (location, coordinates, status, liquidation_period)
      VALUES ($1, ${pt(north(s.n, 500))}, 'LIQUIDATION', daterange(current_date - 60, current_date - 1, '[]')) RETURNING id`, [`Свалка ${s.n}`]))[0].id as number,
    fix: async (_s, dump) => { await q(`UPDATE waste_dump SET status = 'LIQUIDATED', liquidation_date = current_date WHERE id = $1`, [dump]); } },
  { code: 'P401', objectType: 'LEGAL_ENTITY',
    breakIt: async (s) => (await q(`INSERT INTO legal_entity (name, is_room_owner) VALUES ($1, true) RETURNING id`, [`Собственник помещения ${s.n}`]))[0].id as number,
    fix: async (s, e) => { await inForceContract(e, `Д-П-${s.n}`); } },
  // Missed three days ago (its window closed 2 days and 1 hour ago: past the end of the next day); served later → late.
  { code: 'P501',
    breakIt: async (s) => {
      const sch = (await q(`INSERT INTO schedule (name) VALUES ($1) RETURNING id`, [`График ${s.n}`]))[0].id as number;
      await q(`INSERT INTO plan_fact_site (schedule_id, work_date, site_key, waste_area_id, status, window_close)
               VALUES ($1, current_date - 3, 'a' || $2::int, $2::int, 'missed', now() - interval '49 hours')`, [sch, s.id]);
      return s.id;
    },
    fix: async (s) => { await q(`UPDATE plan_fact_site SET status = 'late' WHERE waste_area_id = $1`, [s.id]); } },
];

/** Rows of the problem of `code` on the object; history and events of those problems. */
async function stateOf(code: string, objectType: string, objectId: number) {
  const problems = await q(`SELECT id, status, closed_at, auto, priority, details FROM problem WHERE code = $1 AND object_type = $2 AND object_id = $3 ORDER BY id`, [code, objectType, objectId]);
  const ids = problems.map((p) => p.id as number);
  const history = await q(`SELECT object_id, action, step, user_id, before, after FROM change_log WHERE resource = 'problems' AND object_id = ANY($1) ORDER BY id`, [ids]);
  const events = await q(`SELECT problem_id, kind FROM problem_event WHERE problem_id = ANY($1) ORDER BY id`, [ids]);
  return { problems, history, events };
}

describe('problem rules', () => {
  it('has a case here for every rule that has data, and every code of the contract has a rule', () => {
    expect(PROBLEM_RULES.map((r) => r.code)).toEqual(PROBLEM_TYPES.map((t) => t.code));
    const withData = PROBLEM_RULES.filter((r) => r.sql).map((r) => r.code);
    expect(CASES.map((c) => c.code).sort()).toEqual(withData.sort());
  });

  it('a compliant site opens no problem of any code', async () => {
    const s = await compliantSite();
    await runProblemDetector(db.pool, { trigger: 'MANUAL' });
    expect(await q(`SELECT code FROM problem WHERE object_type = 'WASTE_AREA' AND object_id = $1`, [s.id])).toEqual([]);
    expect(await q(`SELECT code FROM problem WHERE object_type = 'WASTE_SOURCE' AND object_id = $1`, [s.house])).toEqual([]);
  });

  it.each(CASES.map((c) => [c.code, c] as const))('%s: breaking opens one problem, a rerun changes nothing, fixing closes it', async (code, c) => {
    const ot = c.objectType ?? 'WASTE_AREA';
    const s = await compliantSite();
    const run = () => runProblemDetector(db.pool, { trigger: 'MANUAL', codes: [code] });
    await run(); // whatever existed before this case is settled
    const objectId = await c.breakIt(s);

    const first = await run();
    expect(first.rules[0]!.opened).toBeGreaterThanOrEqual(1);
    let st = await stateOf(code, ot, objectId);
    expect(st.problems).toHaveLength(1);
    expect(st.problems[0]).toMatchObject({ status: 'NEW', closed_at: null, auto: true, priority: PROBLEM_TYPES.find((t) => t.code === code)!.priority });
    expect(st.problems[0]!.details).toBeTruthy();
    expect(st.history).toEqual([expect.objectContaining({ action: 'create', user_id: null })]);
    expect(st.history[0]!.after).toMatchObject({ type: code, status: 'NEW', object_type: ot, object_id: objectId });
    expect(st.events.map((e) => e.kind)).toEqual(['DETECTED']);

    const second = await run();
    expect(second.rules[0]).toMatchObject({ opened: 0, closed: 0 });
    expect(await stateOf(code, ot, objectId)).toEqual(st);

    await c.fix(s, objectId);
    const third = await run();
    expect(third.rules[0]!.closed).toBeGreaterThanOrEqual(1);
    st = await stateOf(code, ot, objectId);
    expect(st.problems).toHaveLength(1);
    expect(st.problems[0]!.status).toBe('SOLVED');
    expect(st.problems[0]!.closed_at).toBeInstanceOf(Date);
    expect(st.history.map((h) => [h.action, h.step])).toEqual([['create', null], ['update', 'detector']]);
    expect(st.history[1]!.before).toEqual({ status: 'NEW', closed_at: null });
    expect(st.events.map((e) => e.kind)).toEqual(['DETECTED', 'RESOLVED']);

    const fourth = await run();
    expect(fourth.rules[0]).toMatchObject({ opened: 0, closed: 0 });
    expect(await stateOf(code, ot, objectId)).toEqual(st);
  });

  it('unknown is not compliant: an imported site without surveyed facts gets one «неполные сведения» item, no violation', async () => {
    const n = ++seq;
    // As the Angarsk route plan writes a site: address, point, periodicity — nothing surveyed, no lists.
    const site = (await q(`INSERT INTO waste_area (kind, location, coordinates, periodicity, data_import_source, external_id)
      VALUES ('CONTAINER', $1, ${pt(at(n))}, 'DAILY', 'angarsk_route_plan_example2', $2) RETURNING id`, [`Ангарск, из плана ${n}`, `k${n}`]))[0].id as number;
    // The same with one recorded fact: access «нет подъезда».
    const known = (await q(`INSERT INTO waste_area (kind, location, coordinates, periodicity, data_import_source, external_id, access)
      VALUES ('CONTAINER', $1, ${pt(at(n + 100))}, 'DAILY', 'angarsk_route_plan_example2', $2, 'NO_ACCESS') RETURNING id`, [`Ангарск, из плана ${n}б`, `k${n}b`]))[0].id as number;
    // Both named in the contract in force (this database keeps contracts: P017 would be a real violation).
    await q(`INSERT INTO contract_waste_area (contract_id, waste_area_id) VALUES ($1, $2), ($1, $3)`, [contract, site, known]);
    await runProblemDetector(db.pool, { trigger: 'MANUAL' });
    const of = async (id: number) => q(`SELECT code, kind, details FROM problem WHERE object_type = 'WASTE_AREA' AND object_id = $1 AND closed_at IS NULL ORDER BY code`, [id]);
    // By hand: an open container site has 9 facts (access, base, fence, coverage, remoteness, roof, sources, owners, containers).
    expect(await of(site)).toEqual([{ code: 'P000', kind: 'DATA_GAP',
      details: 'Нет сведений: подъезд, основание, ограждение, покрытие, удалённость от жилых домов, навес, источники образования отходов, собственники, контейнеры; полнота 0 %' }]);
    // 1 of 9 known: round(100 / 9) = 11 %; the known fact is a violation, the unknown ones are not.
    expect(await of(known)).toEqual([
      { code: 'P000', kind: 'DATA_GAP', details: 'Нет сведений: основание, ограждение, покрытие, удалённость от жилых домов, навес, источники образования отходов, собственники, контейнеры; полнота 11 %' },
      { code: 'P007', kind: 'VIOLATION', details: 'Нет подъезда' }]);

    // A person records the owners list as empty (a card update naming the field): now a known «none» — P002, and
    // «собственники» leaves the finding (2 of 9 known: 22 %).
    await q(`INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after) VALUES (NULL, 'Инспектор', 'container', $1, 'update', '{}', '{"owners": []}')`, [site]);
    await q(`UPDATE waste_area SET fence = 'CORRESPONDS' WHERE id = $1`, [site]);
    await runProblemDetector(db.pool, { trigger: 'MANUAL' });
    expect(await of(site)).toEqual([
      { code: 'P000', kind: 'DATA_GAP', details: 'Нет сведений: подъезд, основание, покрытие, удалённость от жилых домов, навес, источники образования отходов, контейнеры; полнота 22 %' },
      { code: 'P002', kind: 'VIOLATION', details: 'Собственников: 0' }]);
  });

  it('P021 follows the season of the region\'s settings: 1 day in the warm season, 3 in the cold one', async () => {
    const sites = { daily: await compliantSite(), everyOther: await compliantSite(), perThree: await compliantSite(), monFri: await compliantSite() };
    await q(`UPDATE waste_area SET periodicity = 'EVERY_OTHER_DAY' WHERE id = $1`, [sites.everyOther.id]);
    await q(`UPDATE waste_area SET periodicity = 'PER_THREE_DAYS' WHERE id = $1`, [sites.perThree.id]);
    await q(`UPDATE waste_area SET periodicity = 'ON_WEEKDAYS', periodicity_on_weekdays = '{1,3,5}' WHERE id = $1`, [sites.monFri.id]); // Fri → Mon: 3 days
    const ids = Object.values(sites).map((x) => x.id);
    const open = async () => (await q(`SELECT object_id, details FROM problem WHERE code = 'P021' AND closed_at IS NULL AND object_id = ANY($1) ORDER BY object_id`, [ids]));
    const run = () => runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P021'] });
    await run();
    expect(await open()).toEqual([]); // cold: every pause ≤ 3 days
    await warmSeason();
    try {
      await run();
      // By hand: pauses 1, 2, 3, 3 days against the warm limit 1.
      expect(await open()).toEqual([
        { object_id: sites.everyOther.id, details: 'Наибольший перерыв между вывозами: 2 сут. (в тёплый сезон допускается 1)' },
        { object_id: sites.perThree.id, details: 'Наибольший перерыв между вывозами: 3 сут. (в тёплый сезон допускается 1)' },
        { object_id: sites.monFri.id, details: 'Наибольший перерыв между вывозами: 3 сут. (в тёплый сезон допускается 1)' },
      ]);
    } finally {
      await coldSeason();
    }
    await run();
    expect(await open()).toEqual([]);
  });

  it('routes a problem: its ОКТМО by the settlement, its responsible from the object, the contract or the municipality', async () => {
    await q(`INSERT INTO administrative_unit (code, name, head) VALUES ('25703000', 'Ангарский городской округ', 'Петров П. П.'), ('25703000101', 'г Ангарск', NULL)`);
    const s = await compliantSite();
    await q(`UPDATE waste_area SET fence = 'ABSENT', structured_address = '{"city": "г. Ангарск"}' WHERE id = $1`, [s.id]);
    const run = () => runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P011'] });
    const row = async () => (await q(`SELECT oktmo, responsible FROM problem WHERE code = 'P011' AND object_id = $1 AND closed_at IS NULL`, [s.id]))[0];
    await run();
    // By hand: «г. Ангарск» → unit 25703000101 → formation 25703000; the site's owner.
    expect(await row()).toEqual({ oktmo: '25703000', responsible: 'ООО «Собственник»' });
    // No owner, still in the contract: its customer (a legal entity of another name here).
    const customer = (await q(`INSERT INTO legal_entity (name) VALUES ('ТСЖ «Заказчик»') RETURNING id`))[0].id as number;
    const k = await inForceContract(customer, 'Д-Р');
    await q(`DELETE FROM waste_area_owner WHERE waste_area_id = $1`, [s.id]);
    await q(`DELETE FROM contract_waste_area WHERE waste_area_id = $1`, [s.id]);
    await q(`INSERT INTO contract_waste_area (contract_id, waste_area_id) VALUES ($1, $2)`, [k, s.id]);
    await run();
    expect(await row()).toEqual({ oktmo: '25703000', responsible: 'ТСЖ «Заказчик»' });
    // Neither: the municipality, with its head.
    await q(`DELETE FROM contract_waste_area WHERE waste_area_id = $1`, [s.id]);
    await run();
    expect(await row()).toEqual({ oktmo: '25703000', responsible: 'Администрация: Ангарский городской округ (глава: Петров П. П.)' });
    const [log] = await q(`SELECT step, before, after FROM change_log WHERE resource = 'problems' AND action = 'update'
      AND object_id = (SELECT id FROM problem WHERE code = 'P011' AND object_id = $1) ORDER BY id DESC LIMIT 1`, [s.id]);
    expect(log).toMatchObject({ step: 'detector', before: { responsible: 'ТСЖ «Заказчик»' }, after: { responsible: 'Администрация: Ангарский городской округ (глава: Петров П. П.)' } });
    await q(`DELETE FROM administrative_unit WHERE code IN ('25703000', '25703000101')`);
  });

  it('opens a problem again when the violation comes back after it was solved, never when a user rejected it', async () => {
    const s = await compliantSite();
    const run = () => runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P007'] });
    await q(`UPDATE waste_area SET access = 'LIMITED' WHERE id = $1`, [s.id]);
    await run();
    await q(`UPDATE waste_area SET access = 'FREE' WHERE id = $1`, [s.id]);
    await run();
    await q(`UPDATE waste_area SET access = 'LIMITED' WHERE id = $1`, [s.id]);
    await run();
    let rows = await q(`SELECT status FROM problem WHERE code = 'P007' AND object_id = $1 ORDER BY id`, [s.id]);
    expect(rows.map((r) => r.status)).toEqual(['SOLVED', 'NEW']);
    await q(`UPDATE problem SET status = 'REJECTED', closed_at = now() WHERE code = 'P007' AND object_id = $1 AND closed_at IS NULL`, [s.id]);
    await run();
    await run();
    rows = await q(`SELECT status FROM problem WHERE code = 'P007' AND object_id = $1 ORDER BY id`, [s.id]);
    expect(rows.map((r) => r.status)).toEqual(['SOLVED', 'REJECTED']);
  });

  it('closes the problems of a deleted object and leaves problems typed by hand alone', async () => {
    const s = await compliantSite();
    await q(`UPDATE waste_area SET fence = 'ABSENT' WHERE id = $1`, [s.id]);
    await q(`INSERT INTO problem (code, object_type, object_id, auto) VALUES ('P010', 'WASTE_AREA', $1, false)`, [s.id]);
    await runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P010', 'P011'] });
    await q(`DELETE FROM waste_area WHERE id = $1`, [s.id]);
    await runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P010', 'P011'] });
    const rows = await q(`SELECT code, auto, status, closed_at IS NULL AS open FROM problem WHERE object_type = 'WASTE_AREA' AND object_id = $1 ORDER BY code`, [s.id]);
    expect(rows).toEqual([{ code: 'P010', auto: false, status: 'NEW', open: true }, { code: 'P011', auto: true, status: 'SOLVED', open: false }]);
  });

  it('runs every rule and records the run', async () => {
    const r = await runProblemDetector(db.pool, { trigger: 'SCHEDULE' });
    expect(r.rules.filter((x) => x.no_data).map((x) => x.code)).toEqual([]);
    const [run] = await q(`SELECT trigger, finished_at IS NOT NULL AS done, open_total, per_code FROM problem_detector_run WHERE id = $1`, [r.run_id]);
    expect(run).toMatchObject({ trigger: 'SCHEDULE', done: true, open_total: r.open_total });
    expect(Object.keys(run!.per_code as object)).toHaveLength(PROBLEM_TYPES.length);
  });

  it('two runs at once open no duplicate', async () => {
    const s = await compliantSite();
    await q(`UPDATE waste_area SET fence = 'NOT_CORRESPONDS' WHERE id = $1`, [s.id]);
    await Promise.all([runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P010'] }), runProblemDetector(db.pool, { trigger: 'IMPORT', codes: ['P010'] })]);
    expect(await q(`SELECT count(*)::int AS n FROM problem WHERE code = 'P010' AND object_id = $1`, [s.id])).toEqual([{ n: 1 }]);
  });
});
