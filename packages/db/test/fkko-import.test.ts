/**
 * The ФККО catalogue loaded from the real file (DATA_DIR, shared/data/SOURCES.md §1) into a real
 * database: counts, the 17 corrupted codes refused with their lines and reasons, idempotence,
 * hazard class = last digit, the levels, and the parent links kept by the database triggers,
 * checked against an independent computation over the file.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, importFkko, readFkkoFile, type FkkoImportResult } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const FILE = path.join(dataDir(), 'fkko_catalog_rpn_2026-03-25.tsv');
/** Lines of the file whose code has a U+00A0 in place of a digit (found with grep -nP '\x{a0}'). */
const CORRUPTED_LINES = [271, 958, 1262, 1861, 3020, 3533, 3764, 4691, 7235, 7586, 7805, 7896, 8061, 8334, 8335, 8542, 8543];

let db: TestDatabase;
let first: FkkoImportResult;
/** code → name of every well-formed row of the file, parsed here independently of the loader. */
const fileCodes = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  const lines = (await readFile(FILE, 'utf8')).split('\n').slice(1).filter(Boolean);
  for (const line of lines) {
    const [code, name] = line.split('\t');
    if (/^\d \d\d \d\d\d \d\d \d\d \d$/.test(code!)) fileCodes.set(code!.replace(/ /g, ''), name!);
  }
  first = await importFkko(db.pool, FILE);
});
afterAll(async () => { await db?.drop(); });

async function tableRows(): Promise<{ code: string; name: string; hazard_class: number; level: string; parent_code: string | null; title: string }[]> {
  return (await db.pool.query('SELECT code, name, hazard_class, level, parent_code, title FROM fkko ORDER BY code')).rows;
}

/** Nearest existing ancestor by digit truncation, computed in JS from the file's codes. */
function expectedParent(code: string): string | null {
  for (let k = 10; k >= 1; k--) {
    const candidate = code.slice(0, k).padEnd(11, '0');
    if (candidate !== code && fileCodes.has(candidate)) return candidate;
  }
  return null;
}

describe('importFkko on the real catalogue', () => {
  it('loads 9 083 of the 9 100 rows and refuses 17', () => {
    expect(fileCodes.size).toBe(9083);
    expect(first).toMatchObject({ rows: 9100, valid: 9083, created: 9083, updated: 0, unchanged: 0, total: 9083 });
    expect(first.rejected).toHaveLength(17);
    expect(first.byHazardClass).toEqual({ 0: 2427, 1: 79, 2: 410, 3: 1815, 4: 3460, 5: 892 });
  });

  it('reports each corrupted code with its line, the raw code and the U+00A0 it contains', () => {
    expect(first.rejected.map((r) => r.line)).toEqual(CORRUPTED_LINES);
    for (const r of first.rejected) {
      expect(r.rawCode).toContain('\u00a0');
      expect(r.reason).toMatch(/^Код ФККО должен состоять из 11 цифр: на месте \d+-й цифры стоит символ U\+00A0 \(неразрывный пробел\)\.$/);
    }
    expect(first.rejected[0]).toEqual({
      line: 271,
      rawCode: '2 21 \u00a02 11 20 5',
      reason: 'Код ФККО должен состоять из 11 цифр: на месте 4-й цифры стоит символ U+00A0 (неразрывный пробел).',
    });
  });

  it('stores exactly the well-formed codes with their names', async () => {
    const rows = await tableRows();
    expect(new Map(rows.map((r) => [r.code, r.name]))).toEqual(fileCodes);
    expect(rows.every((r) => /^\d{11}$/.test(r.code))).toBe(true);
  });

  it('derives the hazard class from the last digit and the level from the digit groups', async () => {
    const rows = await tableRows();
    for (const r of rows) expect(r.hazard_class, r.code).toBe(Number(r.code[10]));
    const levels: Record<string, number> = {};
    for (const r of rows) levels[r.level] = (levels[r.level] ?? 0) + 1;
    expect(levels).toEqual({ BLOCK: 8, TYPE: 215, SUBTYPE: 1989, GROUP: 215, ITEM: 6656 });
    const item = rows.find((r) => r.code === '73111001724')!;
    expect(item).toMatchObject({ hazard_class: 4, level: 'ITEM', title: '7 31 110 01 72 4 Отходы из жилищ несортированные (исключая крупногабаритные)' });
  });

  it('links every row to its nearest existing ancestor (independent computation over the file)', async () => {
    const rows = await tableRows();
    let mismatches = 0;
    for (const r of rows) if (r.parent_code !== expectedParent(r.code)) mismatches += 1;
    expect(mismatches).toBe(0);
    expect(rows.filter((r) => r.parent_code === null).map((r) => r.code)).toEqual(
      ['10000000000', '20000000000', '30000000000', '40000000000', '60000000000', '70000000000', '80000000000', '90000000000'],
    );
    // The chain of «Отходы из жилищ несортированные»: inside the subtype 7 31 1xx the catalogue nests digit by digit.
    const parent = new Map(rows.map((r) => [r.code, r.parent_code]));
    const chain: string[] = [];
    for (let c: string | null | undefined = '73111001724'; c; c = parent.get(c)) chain.push(c);
    expect(chain).toEqual(['73111001724', '73111000000', '73110000000', '73100000000', '73000000000', '70000000000']);
  });

  it('is idempotent: a second run creates and changes nothing', async () => {
    const before = (await db.pool.query('SELECT max(updated_at) AS at, count(*)::int AS n FROM fkko')).rows[0];
    const again = await importFkko(db.pool, FILE);
    expect(again).toMatchObject({ valid: 9083, created: 0, updated: 0, unchanged: 9083, total: 9083 });
    expect(again.rejected).toHaveLength(17);
    const after = (await db.pool.query('SELECT max(updated_at) AS at, count(*)::int AS n FROM fkko')).rows[0];
    expect(after).toEqual(before);
  });

  it('restores a name changed in the database (one row updated)', async () => {
    await db.pool.query(`UPDATE fkko SET name = 'испорчено' WHERE code = '73111001724'`);
    const again = await importFkko(db.pool, FILE);
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 9082 });
    const { rows } = await db.pool.query(`SELECT name, title FROM fkko WHERE code = '73111001724'`);
    expect(rows[0].name).toBe('Отходы из жилищ несортированные (исключая крупногабаритные)');
    expect(rows[0].title).toBe('7 31 110 01 72 4 Отходы из жилищ несортированные (исключая крупногабаритные)');
  });
});

describe('the parent links follow every write (statement triggers)', () => {
  const parentOf = async (code: string) => (await db.pool.query('SELECT parent_code FROM fkko WHERE code = $1', [code])).rows[0]?.parent_code;

  it('re-parents rows under a node inserted between, and back when it is deleted', async () => {
    await db.pool.query(`INSERT INTO fkko (code, name) VALUES ('73111001000', 'Промежуточная подгруппа (тест)')`);
    expect(await parentOf('73111001000')).toBe('73111000000');
    expect(await parentOf('73111001724')).toBe('73111001000');
    expect(await parentOf('73111002215')).toBe('73111000000');
    await db.pool.query(`DELETE FROM fkko WHERE code = '73111001000'`);
    expect(await parentOf('73111001724')).toBe('73111000000');
  });

  it('follows a recoded row and leaves a name-only update alone', async () => {
    await db.pool.query(`INSERT INTO fkko (code, name) VALUES ('73111009000', 'Перекодируемая (тест)')`);
    await db.pool.query(`UPDATE fkko SET code = '73111001000' WHERE code = '73111009000'`);
    expect(await parentOf('73111001724')).toBe('73111001000');
    await db.pool.query(`UPDATE fkko SET name = 'Переименована (тест)' WHERE code = '73111001000'`);
    expect(await parentOf('73111001724')).toBe('73111001000');
    await db.pool.query(`DELETE FROM fkko WHERE code = '73111001000'`);
    expect(await parentOf('73111001724')).toBe('73111000000');
  });

  it('refuses a malformed code in the database itself (CHECK)', async () => {
    await expect(db.pool.query(`INSERT INTO fkko (code, name) VALUES ('2 21 2 11 20 5', 'x')`)).rejects.toThrow(/fkko_code_check/);
    await expect(db.pool.query(`INSERT INTO fkko (code, name) VALUES ('50000000000', 'x')`)).rejects.toThrow(/fkko_code_check/);
  });
});

describe('readFkkoFile on malformed files', () => {
  async function tmp(text: string): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fkko-'));
    const file = path.join(dir, 'f.tsv');
    await writeFile(file, text);
    return file;
  }

  it('reports a wrong column count, an empty name, a duplicate, block 5 and class 7 by line', async () => {
    const file = await tmp([
      'code\tname\tlink',
      '7 31 110 01 72 4\tОтходы из жилищ\t/fkko/73111001724/',
      '7 31 110 02 21 5\tбез ссылки',
      '7 31 110 03 21 5\t\t/x/',
      '73111001724\tповтор\t/x/',
      '5 00 000 00 00 0\tблок 5\t/x/',
      '7 31 110 01 72 7\tкласс 7\t/x/',
      '',
    ].join('\n'));
    const r = await readFkkoFile(file);
    expect(r.rows).toBe(6);
    expect(r.valid.map((v) => v.code)).toEqual(['73111001724']);
    expect(r.rejected).toEqual([
      { line: 3, rawCode: '7 31 110 02 21 5', reason: 'Ожидалось 3 столбца (код, наименование, ссылка), а в строке 2.' },
      { line: 4, rawCode: '7 31 110 03 21 5', reason: 'Пустое наименование.' },
      { line: 5, rawCode: '73111001724', reason: 'Код 73111001724 уже был в строке 2.' },
      { line: 6, rawCode: '5 00 000 00 00 0', reason: 'Блока 5 в ФККО нет (блоки 1–4 и 6–9).' },
      { line: 7, rawCode: '7 31 110 01 72 7', reason: 'Последняя цифра кода ФККО — класс опасности от 0 до 5, а не 7.' },
    ]);
  });

  it('throws on a file without the expected header', async () => {
    await expect(readFkkoFile(await tmp('код\tимя\n1 00 000 00 00 0\tx\n'))).rejects.toThrow(/заголовка/);
  });
});
