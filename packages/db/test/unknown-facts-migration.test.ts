/**
 * Migration 20261128130000_unknown_site_facts (docs/PROBLEMS.md «Unknown is not compliant»):
 * on a database migrated up to the migration before it (the old NOT NULL defaults FREE,
 * CORRESPONDS, CORRESPONDS, ASPHALT, false), sites are written the ways the product wrote them —
 * the Angarsk route plan, a system import whose file mapped only the fence, a later person's update
 * naming access, a site typed by hand — then the migration runs, and each value is checked by hand:
 * cleared only where the import recorded no value and nobody recorded it since, and only when it
 * equals the old default.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const TARGET = '20261128130000_unknown_site_facts';
let db: TestDatabase;
let tmp: string;

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  tmp = await mkdtemp(path.join(tmpdir(), 'tko-unknown-facts-'));
  // Every migration before the target, then the target alone.
  for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => /^\d{14}_/.test(n)).sort()) {
    if (name >= TARGET) break;
    await cp(path.join(MIGRATIONS_DIR, name), path.join(tmp, 'before', name), { recursive: true });
  }
  await migrate(db.url, { migrationsDir: path.join(tmp, 'before') });
}, 300_000);
afterAll(async () => {
  await db?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];

describe('migration: unknown site facts', () => {
  it('clears the defaulted facts of imported sites where the import recorded none, keeps what was recorded', async () => {
    const site = async (source: string | null, values = '') => (await q<{ id: number }>(
      `INSERT INTO waste_area (kind, location, data_import_source${values ? ', access, fence, coverage_type' : ''})
       VALUES ('CONTAINER', 'Ангарск', $1${values}) RETURNING id`, [source]))[0]!.id;
    // 1: the Angarsk plan (no column for any fact), defaults everywhere.
    const plan = await site('angarsk_route_plan_example2');
    // 2: the plan, but a person later recorded access FREE (a change_log update naming it).
    const planEdited = await site('angarsk_route_plan_example2');
    await q(`INSERT INTO change_log (user_name, resource, object_id, action, before, after) VALUES ('Тест', 'container', $1, 'update', '{}', '{"access": "FREE"}')`, [planEdited]);
    // 3: a system import whose file mapped a column to the fence only.
    const file = (await q<{ id: number }>(`INSERT INTO import_file (name, storage_key, file_type, size, sha256, column_mapping)
      VALUES ('сайты.xlsx', 'k', 'XLSX', 1, 'x', '{"Ограждение": "fence", "Адрес": "location"}') RETURNING id`))[0]!.id;
    const imported = await site('Импорт файла «сайты.xlsx»');
    await q(`INSERT INTO import_record (import_file_id, registry, record_id, action, line) VALUES ($1, 'container', $2, 'create', 2)`, [file, imported]);
    // 4: the plan with a non-default value (NO_ACCESS, ABSENT, SOIL): never a default, kept.
    const planKnown = await site('angarsk_route_plan_example2', `, 'NO_ACCESS', 'ABSENT', 'SOIL'`);
    // 5: typed by hand (no import): its values are the person's.
    const typed = await site(null);

    await cp(path.join(MIGRATIONS_DIR, TARGET), path.join(tmp, 'before', TARGET), { recursive: true });
    expect((await migrate(db.url, { migrationsDir: path.join(tmp, 'before') })).applied).toEqual([TARGET]);

    const rows = new Map((await q<{ id: number; f: unknown[] }>(
      `SELECT id, ARRAY[access, platform_basement, fence, coverage_type, has_cover::text] AS f FROM waste_area`)).map((r) => [r.id, r.f]));
    // access, platform_basement, fence, coverage_type, has_cover
    expect(rows.get(plan)).toEqual([null, null, null, null, null]);
    expect(rows.get(planEdited)).toEqual(['FREE', null, null, null, null]);
    expect(rows.get(imported)).toEqual([null, null, 'CORRESPONDS', null, null]);
    expect(rows.get(planKnown)).toEqual(['NO_ACCESS', null, 'ABSENT', 'SOIL', null]);
    expect(rows.get(typed)).toEqual(['FREE', 'CORRESPONDS', 'CORRESPONDS', 'ASPHALT', 'false']);
  });
});
