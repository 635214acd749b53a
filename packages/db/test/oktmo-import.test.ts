/**
 * Rosstat's ОКТМО file for regions 01 and 03 (DATA_DIR, shared/data/SOURCES.md §2) loaded into
 * administrative units of a real database: counts per region, headings left out, control
 * numbers, derived values (area, level, parent), idempotence, staff edits kept, and rejected
 * lines reported (never loaded silently).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, importOktmo, OKTMO_FILE, parseOktmo, planOktmo, type OktmoImportCounts } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const FILE = path.join(dataDir(), OKTMO_FILE);
let db: TestDatabase;
let first: OktmoImportCounts;

beforeAll(async () => {
  db = await createTestDatabase();
  first = await importOktmo(db.pool, FILE);
});
afterAll(async () => { await db?.drop(); });

const one = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows[0];

describe('importOktmo on the real file', () => {
  it('loads 4 513 units of 5 690 lines: per region formations and localities; 1 177 headings; nothing rejected', () => {
    expect(first.rows).toBe(5690);
    expect(first.units).toEqual({ total: 4513, created: 4513, updated: 0, unchanged: 0 });
    expect(first.byRegion).toEqual({
      '01': { formations: 717, localities: 1605 },
      '03': { formations: 426, localities: 1765 },
    });
    expect(first.headings).toBe(1177);
    expect(first.rejected).toEqual([]);
  });

  it('stores the same counts, by region, section and level', async () => {
    const { rows } = await db.pool.query(`SELECT region, section, count(*)::int AS n FROM administrative_unit GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(rows).toEqual([
      { region: '01', section: 1, n: 717 }, { region: '01', section: 2, n: 1605 },
      { region: '03', section: 1, n: 426 }, { region: '03', section: 2, n: 1765 },
    ]);
    const levels = Object.fromEntries((await db.pool.query(`SELECT level, count(*)::int AS n FROM administrative_unit WHERE region = '03' GROUP BY 1`)).rows.map((r) => [r.level, r.n]));
    // Краснодарский край: 37 districts, 8 city okrugs (incl. Сириус, added 2021), 30 urban and 351 rural settlements.
    expect(levels).toEqual({ MUNICIPAL_DISTRICT: 37, URBAN_OKRUG: 8, URBAN_SETTLEMENT: 30, RURAL_SETTLEMENT: 351, LOCALITY: 1765 });
  });

  it('leaves out the grouping rows of the classifier', async () => {
    const headings = await one(`SELECT count(*)::int AS n FROM administrative_unit
      WHERE name LIKE '%/' OR name LIKE 'Населенные пункты, входящие%' OR name LIKE 'Муниципальные образования %' OR name LIKE 'Муниципальные районы %'`);
    expect(headings.n).toBe(0);
    // 01 600 (Муниципальные районы…), 01 601 400 (Сельские поселения Алейского района/), 01 000 (the region).
    expect((await one(`SELECT count(*)::int AS n FROM administrative_unit WHERE code IN ('01600000', '01601400', '01000000', '01601402000')`)).n).toBe(0);
  });

  it('derives area, level, parent, centre and the effective date', async () => {
    expect(await one(`SELECT name, area, level, parent_code, centre, effective_date::text FROM administrative_unit WHERE code = '01601402'`)).toEqual({
      name: 'Алейский сельсовет', area: 'Алейский муниципальный район', level: 'RURAL_SETTLEMENT', parent_code: '01601000', centre: 'п Алейский', effective_date: '2014-01-01',
    });
    expect(await one(`SELECT name, area, level, parent_code FROM administrative_unit WHERE code = '01601402101'`)).toEqual({
      name: 'п Алейский', area: 'Алейский муниципальный район', level: 'LOCALITY', parent_code: '01601402',
    });
    expect(await one(`SELECT name, area, level, parent_code, effective_date::text FROM administrative_unit WHERE code = '03731000'`)).toEqual({
      name: 'Сириус', area: 'Сириус', level: 'URBAN_OKRUG', parent_code: null, effective_date: '2021-01-01',
    });
    expect((await one(`SELECT count(*)::int AS n FROM administrative_unit WHERE area IS NULL`)).n).toBe(0);
  });

  it('is idempotent and keeps what staff filled in; a changed classifier value is refreshed', async () => {
    await db.pool.query(`UPDATE administrative_unit SET head = 'Глава', population = 5000, name = 'Старое имя' WHERE code = '01601402'`);
    const again = await importOktmo(db.pool, FILE);
    expect(again.units).toEqual({ total: 4513, created: 0, updated: 1, unchanged: 4512 });
    expect(await one(`SELECT name, head, population FROM administrative_unit WHERE code = '01601402'`)).toEqual({ name: 'Алейский сельсовет', head: 'Глава', population: 5000 });
    const third = await importOktmo(db.pool, FILE);
    expect(third.units).toEqual({ total: 4513, created: 0, updated: 0, unchanged: 4513 });
    expect((await one('SELECT count(*)::int AS n FROM administrative_unit')).n).toBe(4513);
  });
});

describe('planOktmo on broken lines', () => {
  const good = '"01";"601";"402";"101";"9";"2";"п Алейский";;;"000";"0";14.06.2013;01.01.2014';

  it('rejects a wrong control number, a short line, letters in the code and an unknown section, with line and reason', () => {
    const text = [
      good,
      '"01";"601";"402";"106";"4";"2";"с Малахово";;;"000";"0";14.06.2013;01.01.2014',
      '"01";"601";"402";"111";"8";"2";"п Мамонтовский"',
      '"01";"6O1";"402";"116";"2";"2";"п Октябрьский";;;"000";"0";14.06.2013;01.01.2014',
      '"01";"601";"402";"121";"7";"9";"п Первомайский";;;"000";"0";14.06.2013;01.01.2014',
      '"01";"601";"402";"126";"1";"2";"п Новый";;;"000";"0";31.02.2013;01.01.2014',
    ].join('\n');
    const plan = planOktmo(parseOktmo(text));
    expect(plan.units.map((u) => u.code)).toEqual(['01601402101']);
    expect(plan.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, 'контрольное число 4 не сходится с кодом (должно быть 3)'],
      [3, 'ожидалось 13 столбцов, в строке 7'],
      [4, 'код не из цифр: «01 6O1 402 116»'],
      [5, 'неизвестный раздел «9»'],
      [6, 'неверная дата «31.02.2013» / «01.01.2014»'],
    ]);
  });

  it('rejects a repeated code rather than loading it twice', () => {
    const plan = planOktmo(parseOktmo(`${good}\n${good}`));
    expect(plan.units).toHaveLength(1);
    expect(plan.rejected).toEqual([{ line: 2, text: '01 601 402 101 п Алейский', reason: 'код 01601402101 повторяется' }]);
  });
});
