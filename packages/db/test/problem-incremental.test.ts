/**
 * The incremental problem detector (issue 27 §1; detector.ts, scope.ts): after edits of each kind
 * made through the registry (the way the API writes: change_log rows) — a site's fact, its
 * containers, a contract, a waste source (moved next to another site, unlinked), an organisation
 * renamed, a site deleted — an INCREMENTAL run re-checks only the objects those edits touch and
 * leaves the problems exactly as a FULL run over everything would: the FULL run right after it
 * opens, closes and rewrites nothing. A new season (the state key) makes an incremental request
 * run FULL. Real PostgreSQL + PostGIS (a database of its own).
 */
import { containerResource, contractResource, juridicalPersonResource, wasteSourceResource } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryRepository, runProblemDetector } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  // Cold season today (the warm one 100 days ahead).
  await db.pool.query(`UPDATE system_settings SET warm_season_from = to_char(current_date + 100, 'MM-DD'), warm_season_to = to_char(current_date + 101, 'MM-DD')`);
});
afterAll(async () => { await db?.drop(); });

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
const ctx = { userName: 'Тест' };
const pt = (n: number, northM = 0) => `ST_SetSRID(ST_MakePoint(103.9, ${52.5 + n * 0.01 + northM / 111_320}), 4326)`;

/** The open problems as (code, object, details, ОКТМО, responsible), sorted: what the two modes must agree on. */
const openProblems = () => q(`SELECT code, object_type, object_id, details, oktmo, responsible FROM problem
  WHERE closed_at IS NULL ORDER BY code, object_type, object_id`);

/** A compliant container site n (1 km apart from the others) of owner `owner`, with a dwelling 50 m north attached, named in `contract` (null: none). */
async function site(n: number, owner: number, contract: number | null): Promise<{ id: number; house: number }> {
  const { id } = (await q<{ id: number }>(`INSERT INTO waste_area (kind, location, coordinates, has_cover, remoteness, periodicity, access, platform_basement, fence, coverage_type)
    VALUES ('CONTAINER', $1, ${pt(n)}, true, 'MIDDLE', 'DAILY', 'FREE', 'CORRESPONDS', 'CORRESPONDS', 'ASPHALT') RETURNING id`, [`Ангарск, площадка ${n}`]))[0]!;
  await q(`INSERT INTO waste_area_owner (waste_area_id, legal_entity_id) VALUES ($1, $2)`, [id, owner]);
  await q(`INSERT INTO waste_area_container (waste_area_id, type, volume) VALUES ($1, 'STANDARD', 0.75), ($1, 'STANDARD', 0.75)`, [id]);
  const { id: house } = (await q<{ id: number }>(`INSERT INTO waste_source (name, location, category, coordinates) VALUES ($1, $1, 'MULTI_APARTMENT', ${pt(n, 50)}) RETURNING id`, [`Дом ${n}`]))[0]!;
  await q(`INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) VALUES ($1, $2)`, [house, id]);
  if (contract) await q(`INSERT INTO contract_waste_area (contract_id, waste_area_id) VALUES ($1, $2)`, [contract, id]);
  return { id, house };
}

describe('incremental detector', () => {
  it('after edits of each kind equals a full run, checking only the touched objects', async () => {
    const owners = await q<{ id: number }>(`INSERT INTO legal_entity (name, is_waste_area_owner, is_room_owner)
      VALUES ('ООО «Первый»', true, true), ('ООО «Второй»', true, true) RETURNING id`);
    const [a, b] = owners.map((o) => o.id);
    const contracts = await q<{ id: number }>(`INSERT INTO contract (number, revision_status, customer_id, effective_date)
      VALUES ('Д-1', 'APPROVED', $1, current_date - 30), ('Д-2', 'APPROVED', $2, current_date - 30) RETURNING id`, [a, b]);
    const [k1, k2] = contracts.map((k) => k.id);
    const s = [] as { id: number; house: number }[];
    for (let n = 1; n <= 8; n++) s.push(await site(n, n <= 4 ? a! : b!, n <= 4 ? k1! : n < 8 ? k2! : null));
    // Two findings from the start, both on site 8 (deleted below, so they must close): no access recorded (P000), no contract (P017).
    await q(`UPDATE waste_area SET access = NULL WHERE id = $1`, [s[7]!.id]);

    const base = await runProblemDetector(db.pool, { trigger: 'MANUAL' });
    expect(base).toMatchObject({ mode: 'FULL', opened: 2 });
    const nothing = await runProblemDetector(db.pool, { trigger: 'SCHEDULE', mode: 'INCREMENTAL' });
    expect(nothing).toMatchObject({ mode: 'INCREMENTAL', opened: 0, closed: 0, scope: {} });

    const sites = new RegistryRepository(db.pool, containerResource);
    // A site fact: no fence on site 1 (P011).
    await sites.update(s[0]!.id, { fence: 'ABSENT' }, ctx);
    // Containers: site 2 gets a non-standard one (P003).
    await sites.update(s[1]!.id, { containers: [{ type: 'STANDARD', volume: '0.750' }, { type: 'NON_STANDARD', volume: '0.750' }] }, ctx);
    // A contract: Д-2 ended yesterday (P017 on sites 5–8, P201 on Д-2, P401 on «Второй»).
    await new RegistryRepository(db.pool, contractResource).update(k2!, { termination_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) }, ctx);
    // A source: site 3's dwelling moves 10 m from site 4 and is unlinked (P001 on site 3, P015 on site 4, P101 on the source).
    await new RegistryRepository(db.pool, wasteSourceResource).update(s[2]!.house, { waste_areas: [], coordinates: await q<{ lat: number; lng: number }>(
      `SELECT ST_Y(${pt(4, 10)}) AS lat, ST_X(${pt(4, 10)}) AS lng`).then((r) => r[0]) }, ctx);
    // An organisation renamed: the responsible of «Первый»'s problems reads the new name.
    await new RegistryRepository(db.pool, juridicalPersonResource).update(a!, { name: 'ООО «Первый плюс»' }, ctx);
    // A delete: site 8 (its P000 closes).
    await sites.delete(s[7]!.id, ctx);

    const inc = await runProblemDetector(db.pool, { trigger: 'SCHEDULE', mode: 'INCREMENTAL' });
    expect(inc.mode).toBe('INCREMENTAL');
    // Sites 1–4 («Первый» renamed, site 3's source, site 4 near it), 5–7 (Д-2), 8 (deleted): every site here, by a different path each;
    // sources: the moved one and the deleted site 8's dwelling; contracts: Д-2 and Д-1 («Первый»); organisations: both.
    expect(inc.scope).toEqual({ WASTE_AREA: 8, WASTE_SOURCE: 2, CONTRACT: 2, LEGAL_ENTITY: 2 });
    const byCode = (code: string) => inc.rules.find((r) => r.code === code)!;
    expect([byCode('P011').opened, byCode('P003').opened, byCode('P017').opened, byCode('P201').opened, byCode('P401').opened,
      byCode('P001').opened, byCode('P015').opened, byCode('P101').opened, byCode('P000').closed, byCode('P017').closed]).toEqual([1, 1, 3, 1, 1, 1, 1, 2, 1, 1]); // P101: the moved source and site 8's dwelling
    const afterInc = await openProblems();
    expect(afterInc.filter((p) => String(p.responsible).includes('Первый плюс')).length).toBeGreaterThan(0);

    const full = await runProblemDetector(db.pool, { trigger: 'MANUAL' });
    expect({ opened: full.opened, closed: full.closed, refreshed: full.refreshed_ids.length }).toEqual({ opened: 0, closed: 0, refreshed: 0 });
    expect(await openProblems()).toEqual(afterInc);
  });

  it('runs FULL when the state every object depends on changed (the season) or there is no base run', async () => {
    await q(`UPDATE system_settings SET warm_season_from = to_char(current_date - 2, 'MM-DD'), warm_season_to = to_char(current_date + 2, 'MM-DD')`);
    const r = await runProblemDetector(db.pool, { trigger: 'SCHEDULE', mode: 'INCREMENTAL' });
    expect(r).toMatchObject({ mode: 'FULL', scope: null });
    // A run of some codes is never a base: the next incremental one still reads from the full run above.
    await runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P001'] });
    const next = await runProblemDetector(db.pool, { trigger: 'SCHEDULE', mode: 'INCREMENTAL' });
    expect(next).toMatchObject({ mode: 'INCREMENTAL', opened: 0, closed: 0 });
  });
});
