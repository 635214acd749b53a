/**
 * The import writes as the user who started it, within their row scope (domain writerFor): a
 * declarant of organisation A whose file names org B's container site by its identifier gets
 * that row refused with its reason, while the row of their own site is updated and a new site
 * naming no organisation is created for their one organisation (row-scope.ts withOwnOrganization);
 * org B's site is left as it was. The history
 * names the writer «Фамилия Имя». A declarant bound to no organisation imports nothing (no binding is
 * no access). Every import template is swept too (a template without a case fails the test): a
 * declarant of A whose file names org B's records, or records of internal registries, gets each row
 * refused with its reason and nothing created or updated (no history in their name, no new rows).
 * Real app, real worker processor, real database.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile } from '@tko/contract';
import { IMPORT_MSG } from '@tko/contract';
import { storedResource } from '@tko/db';
import { IMPORT_TEMPLATES } from '@tko/import';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser } from './helpers';
import { binary, csv, files, finished, startImportHarness, UPLOAD } from './import-helpers';
import type { ImportHarness } from './import-helpers';

const SITES = '/api/waste-area/container/';
const PERMS = ['import:view', 'import:add', 'import:change', 'container:view', 'container:add', 'container:change'];
/** Every registry an import template writes (its own and `alsoWrites`). */
const TEMPLATE_DEFS = Object.values(IMPORT_TEMPLATES).flatMap((tp) => [tp!.def, ...(tp!.alsoWrites ?? [])]);

let h: ImportHarness;
let declarantA = '';
const site = { a: 0, b: 0 };
let orgA = 0;
let orgB = 0;
let userA = 0;

const admin = () => h.t.auth('admin');
const asA = () => ({ Authorization: `Bearer ${declarantA}` });

async function legalEntity(name: string, inn: string): Promise<number> {
  return (await h.t.pool.query<{ id: number }>('INSERT INTO legal_entity (name, inn) VALUES ($1, $2) RETURNING id', [name, inn])).rows[0]!.id;
}

async function readSheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

beforeAll(async () => {
  h = await startImportHarness();
  orgA = await legalEntity('ООО «Компания А»', '3801009466');
  orgB = await legalEntity('ООО «Компания Б»', '3801131296');
  // Org A's declarant may add and change every registry any template writes: only the row scope stops them.
  const perms = [...new Set([...PERMS, ...TEMPLATE_DEFS.flatMap((d) => [`${d.name}:view`, `${d.name}:add`, `${d.name}:change`])])];
  userA = await createUser(h.t.pool, 'declarant-a@test.local', perms, { first: 'Алла', last: 'Аверина' });
  await h.t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)', [userA, orgA]);
  declarantA = new TokenService(h.t.config.jwtSecret, 300, 600).access(userA);
  const create = async (body: Record<string, unknown>) => {
    const res = await request(h.t.app.server).post(SITES).set(admin()).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  site.a = await create({ location: 'Площадка А (до импорта)', coordinates: '52.546842, 103.870102', identifier: 'A-1', management_organization: orgA });
  site.b = await create({ location: 'Площадка Б (до импорта)', coordinates: '52.547842, 103.871102', identifier: 'B-1', management_organization: orgB });
  await h.t.pool.query(`INSERT INTO vehicle (license_plate) VALUES ('А111АА38')`);
  await h.t.pool.query(`INSERT INTO fkko (code, name) VALUES ('73111001724', 'Отходы из жилищ несортированные')`);
}, 120000);

afterAll(async () => {
  await h?.close();
});

describe('an import carries the row scope of the user who runs it', () => {
  it('refuses per row, with the reason, the rows of sites outside the declarant’s organisation; a new site goes to their organisation', async () => {
    const rows = [
      ['Адрес', 'Координаты', 'Идентификатор'],
      ['Площадка Б (из файла А)', '52,547842; 103,871102', 'B-1'],
      ['Площадка А (из файла А)', '52,546842; 103,870102', 'A-1'],
      ['Новая площадка А', '52,548842; 103,872102', 'NEW-1'],
    ];
    const up = await request(h.t.app.server).post(UPLOAD).set(asA()).field('template_type', 'CWA_BUNDLE').attach('file', csv(rows), 'a.csv');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const patch = await request(h.t.app.server).patch(files(up.body.id)).set(asA()).send({ options: { match_key: 'identifier' } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const run = await request(h.t.app.server).post(files(up.body.id, 'process/')).set(asA());
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const file: ImportFile = await finished(h.t, up.body.id);
    expect(file.status).toBe('DONE');
    expect(file.report).toMatchObject({ created: 1, updated: 1, failed_rows: 1 });

    // The errors file names each refused row with its reason.
    const errors = await request(h.t.app.server).get(file.errors_url!).set(asA()).buffer(true).parse(binary);
    expect(errors.status).toBe(200);
    const refused = (await readSheet(errors.body as Buffer)).slice(1).filter((r) => r[1] === 'Не импортирована');
    expect(refused.length).toBe(1);
    expect(refused[0]![2]).toBe(IMPORT_MSG.outOfScope(site.b));

    // Org B's site is untouched; the declarant's own site was updated, in their name.
    expect((await request(h.t.app.server).get(`${SITES}${site.b}/`).set(admin())).body.location).toBe('Площадка Б (до импорта)');
    expect((await request(h.t.app.server).get(`${SITES}${site.a}/`).set(admin())).body.location).toBe('Площадка А (из файла А)');
    const { rows: history } = await h.t.pool.query<{ object_id: number; user_name: string }>(
      `SELECT object_id, user_name FROM change_log WHERE resource = 'container' AND action = 'update' AND object_id = ANY($1::int[])`, [[site.a, site.b]]);
    expect(history).toEqual([{ object_id: site.a, user_name: 'Аверина Алла' }]);
    // The new site belongs to the declarant's one organisation, so they read it.
    const { rows: created } = await h.t.pool.query<{ id: number }>(`SELECT id FROM waste_area WHERE identifier = 'NEW-1'`);
    expect(created).toHaveLength(1);
    const card = await request(h.t.app.server).get(`${SITES}${created[0]!.id}/`).set(asA());
    expect(card.status).toBe(200);
    expect(JSON.stringify(card.body)).toContain(`"id":${orgA}`);
  });

  it('a declarant bound to no organisation creates and updates nothing: the worker loads the declarant mark too', async () => {
    const userN = await createUser(h.t.pool, 'declarant-none@test.local', PERMS, { first: 'Нина', last: 'Никакова' });
    await h.t.pool.query('UPDATE app_user SET is_declarant = true WHERE id = $1', [userN]);
    const asN = { Authorization: `Bearer ${new TokenService(h.t.config.jwtSecret, 300, 600).access(userN)}` };
    const rows = [
      ['Адрес', 'Координаты', 'Идентификатор'],
      ['Площадка А (из файла Н)', '52,546842; 103,870102', 'A-1'],
      ['Новая площадка Н', '52,549842; 103,873102', 'NEW-N'],
    ];
    const up = await request(h.t.app.server).post(UPLOAD).set(asN).field('template_type', 'CWA_BUNDLE').attach('file', csv(rows), 'n.csv');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect((await request(h.t.app.server).patch(files(up.body.id)).set(asN).send({ options: { match_key: 'identifier' } })).status).toBe(200);
    expect((await request(h.t.app.server).post(files(up.body.id, 'process/')).set(asN)).status).toBe(202);
    const file: ImportFile = await finished(h.t, up.body.id);
    expect(file.status).toBe('DONE');
    expect(file.report).toMatchObject({ created: 0, updated: 0, failed_rows: 2 });
    expect((await request(h.t.app.server).get(`${SITES}${site.a}/`).set(admin())).body.location).toBe('Площадка А (из файла А)');
    expect((await h.t.pool.query(`SELECT id FROM waste_area WHERE identifier = 'NEW-N'`)).rows).toEqual([]);
  });
});

/** The refusal of a new row the writer could not read (registry scope-change.ts), as the errors file words it. */
const NEW_OUT = 'Запись: Объект должен относиться к вашей организации или муниципальному образованию: иначе он будет вам недоступен.';

/**
 * One file per import template: rows that would create or change org B's records or rows of an
 * internal registry (vehicles, balance, flows, the plan's garages: hidden from a declarant, so an
 * existing one is not even found by its key and its row is refused as a new record).
 */
const SWEEP: Record<string, { rows: () => string[][]; options?: Record<string, unknown>; reasons: () => string[] }> = {
  CWA_BUNDLE: {
    rows: () => [['Адрес', 'Координаты', 'Идентификатор'], ['Площадка Б (обход)', '52,547842; 103,871102', 'B-1']],
    options: { match_key: 'identifier' },
    reasons: () => [IMPORT_MSG.outOfScope(site.b)],
  },
  CONTRACT_COMPLEX: {
    rows: () => [
      ['Номер договора', 'Дата подписания', 'ID места накопления'],
      ['А-2/2026', '16.01.2026', String(site.b)],
    ],
    // A contract of A's naming org B's site among its objects (a child row's plain id: reference-access.ts).
    reasons: () => [`Места накопления, № 1: Место накопления (id): Недопустимый первичный ключ «${site.b}» — объект не существует.`],
  },
  VEHICLE_COMPLEX: {
    rows: () => [['Госномер', 'Модель', 'Марка'], ['А111АА38', 'КО-427-72', 'КАМАЗ'], ['В222ВВ38', 'КО-427-72', 'КАМАЗ']],
    reasons: () => [NEW_OUT, NEW_OUT],
  },
  BALANCE: {
    rows: () => [['Год', 'Код ФККО', 'Образовано', 'Остаток на конец года'], ['2024', '7 31 110 01 72 4', '300', '300']],
    reasons: () => [NEW_OUT],
  },
  FLOWS: {
    rows: () => [['Откуда', 'Координаты источника', 'Куда', 'Координаты объекта', 'Наименование отхода', 'Объём, т/год'], ['Ангарск, 22-й мкр', '52.5378, 103.8745', 'Полигон «Ангарский»', '52.4789, 103.9772', 'ТКО от жилищ', '1250,5']],
    reasons: () => [NEW_OUT],
  },
  ANGARSK_PLAN: {
    rows: () => [['Широта', 'Долгота', 'Гараж', 'Госномер', 'Адрес', 'Числа месяца'], ['52.7', '103.95', 'Гараж АМП', 'А 186 ВА 138', 'Ангарск, 2 мкр, 5', '1;15']],
    reasons: () => [IMPORT_MSG.planWholeRegion],
  },
};

describe('every import template carries the scope', () => {
  it('has a case for each template', () => {
    expect(Object.keys(SWEEP).sort()).toEqual(Object.keys(IMPORT_TEMPLATES).sort());
  });

  const tables = () => [...new Set([...TEMPLATE_DEFS.map((d) => storedResource(d).table), 'legal_entity', 'contract_waste_area'])];
  const counts = async () => Object.fromEntries(await Promise.all(tables().map(async (tb) => [tb, (await h.t.pool.query(`SELECT count(*)::int AS n FROM ${tb}`)).rows[0].n])));
  const historyOfA = async () => (await h.t.pool.query('SELECT count(*)::int AS n FROM change_log WHERE user_id = $1', [userA])).rows[0].n as number;

  it.each(Object.keys(SWEEP))('%s: every row naming org B’s or internal records is refused with its reason; nothing created or updated', async (type) => {
    const c = SWEEP[type]!;
    const [before, historyBefore, siteB] = [await counts(), await historyOfA(), (await request(h.t.app.server).get(`${SITES}${site.b}/`).set(admin())).body];
    const up = await request(h.t.app.server).post(UPLOAD).set(asA()).field('template_type', type).attach('file', csv(c.rows()), `${type}.csv`);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    if (c.options) expect((await request(h.t.app.server).patch(files(up.body.id)).set(asA()).send({ options: c.options })).status).toBe(200);
    const run = await request(h.t.app.server).post(files(up.body.id, 'process/')).set(asA());
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const file: ImportFile = await finished(h.t, up.body.id);
    expect(file.status, JSON.stringify(file)).toBe('DONE');
    const data = c.rows().length - 1;
    expect(file.report).toMatchObject({ created: 0, updated: 0, failed_rows: data });
    const errors = await request(h.t.app.server).get(file.errors_url!).set(asA()).buffer(true).parse(binary);
    const refused = (await readSheet(errors.body as Buffer)).slice(1).filter((r) => r[1] === 'Не импортирована');
    expect(refused.map((r) => r[2])).toEqual(c.reasons());
    expect(await counts()).toEqual(before);
    expect(await historyOfA()).toBe(historyBefore);
    expect((await request(h.t.app.server).get(`${SITES}${site.b}/`).set(admin())).body).toEqual(siteB);
  });
});
