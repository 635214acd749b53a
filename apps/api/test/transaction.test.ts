/**
 * The batch transaction (spec 01 §7 POST /api/transaction/, §8; issue 3 §7): operations on
 * several registries run in one database transaction with a result each; the first failure —
 * refused before the transaction (shape, registry, permission, data) or inside it (unique key,
 * missing object) — rolls everything back, history included, and names its index; registry
 * changes are announced only after the commit.
 */
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEnvelope } from '@tko/contract';
import { createPrisma } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { TokenService } from '../src/modules/auth/tokens';
import { ALL_PERMISSIONS, createUser, siteBody } from './helpers';

const TX = '/api/transaction/';
const SITES = '/api/waste-area/container/';

let db: TestDatabase;
let app: FastifyInstance;
let prisma: ReturnType<typeof createPrisma>;
const published: RealtimeEnvelope[] = [];
const auth: Record<'admin' | 'viewer' | 'zones', { Authorization: string }> = {} as never;
let adminId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', JWT_SECRET: 'test-secret' } as NodeJS.ProcessEnv, { webDist: '/nonexistent' });
  prisma = createPrisma(db.url);
  app = await buildApp({ config, pool: db.pool, prisma, queues: null, logger: false, publisher: { publish: async (e) => void published.push(e) } });
  await app.ready();
  const ts = new TokenService(config.jwtSecret, 300, 600);
  adminId = await createUser(db.pool, 'admin@test.local', ALL_PERMISSIONS, { first: 'Анна', last: 'Админова' });
  auth.admin = { Authorization: `Bearer ${ts.access(adminId)}` };
  auth.viewer = { Authorization: `Bearer ${ts.access(await createUser(db.pool, 'viewer@test.local', ['container:view', 'container:add']))}` };
  auth.zones = { Authorization: `Bearer ${ts.access(await createUser(db.pool, 'zones@test.local', ['contract-zones:add', 'container:change']))}` };
});
afterAll(async () => {
  await app?.close();
  await prisma?.$disconnect();
  await db?.drop();
});

const tx = (body: unknown, who: keyof typeof auth = 'admin') => {
  const r = request(app.server).post(TX).set(auth[who]);
  return body === undefined ? r : r.send(body as object);
};
const count = async (table: string) => (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const createSite = async (identifier: string) => (await request(app.server).post(SITES).set(auth.admin).send(siteBody({ identifier }))).body as { id: number };

describe('refusals before anything runs', () => {
  it('refuses a request without a body with the message of spec 01 §8', async () => {
    const none = await tx(undefined);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ non_field_errors: ['Невозможно выполнить транзакцию без тела запроса.'] });
    expect((await request(app.server).post(TX).set(auth.admin).set('Content-Type', 'application/json').send('null')).body)
      .toEqual({ non_field_errors: ['Невозможно выполнить транзакцию без тела запроса.'] });
    expect((await tx([{ resource: 'container' }])).body).toEqual({ non_field_errors: ['Невозможно выполнить транзакцию без тела запроса.'] });
  });

  it('refuses a body without operations, with a non-list or an empty list', async () => {
    expect((await tx({})).body).toEqual({ operations: ['Обязательное поле.'] });
    expect((await tx({ operations: 'все' })).body).toEqual({ operations: ['Ожидался список элементов.'] });
    expect((await tx({ operations: [] })).body).toEqual({ operations: ['Список операций пуст.'] });
  });

  it('names the index of a malformed operation: unknown registry, bad action, missing id or data, invalid data', async () => {
    const ok = { resource: 'contract-zones', action: 'create', data: { name: 'Зона Р' } };
    const cases: [unknown, Record<string, unknown>][] = [
      [{ resource: 'планеты', action: 'create', data: {} }, { resource: ['Реестра «планеты» нет.'] }],
      [{ resource: 'container', action: 'merge', data: {} }, { action: expect.any(Array) }],
      [{ resource: 'container', action: 'update', data: { identifier: 'x' } }, { id: ['Для изменения и удаления нужен идентификатор объекта.'] }],
      [{ resource: 'container', action: 'create' }, { data: ['Нет данных объекта.'] }],
      [{ resource: 'container', action: 'create', data: siteBody({ coordinates: 'сто, двести' }) }, { coordinates: expect.any(Array) }],
    ];
    for (const [op, errors] of cases) {
      const res = await tx({ operations: [ok, op] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ index: 1, detail: 'Операция № 2 не выполнена; транзакция отменена, ничего не сохранено.', errors });
    }
    expect(await count('contract_zone')).toBe(0);
  });

  it('checks each operation against the permission of its registry and action (403 naming the index)', async () => {
    const res = await tx({ operations: [
      { resource: 'container', action: 'create', data: siteBody({ identifier: 'V-1' }) },
      { resource: 'contract-zones', action: 'create', data: { name: 'Чужая зона' } },
    ] }, 'viewer');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ index: 1, detail: 'Операция № 2: у вас недостаточно прав для выполнения данного действия.' });
    expect(await count('waste_area')).toBe(0);
    expect((await request(app.server).post(TX).send({ operations: [] })).status).toBe(401);
  });
});

describe('atomic execution', () => {
  it('runs create, update and delete on several registries in order and answers a result for each', async () => {
    const keep = await createSite('T-KEEP');
    const gone = await createSite('T-GONE');
    published.length = 0;
    const res = await tx({ operations: [
      { resource: 'contract-zones', action: 'create', data: { name: 'Северная зона', description: 'из пакета' } },
      { resource: 'container', action: 'create', data: siteBody({ identifier: 'T-NEW', containers: [{ type: 'EURO', volume: '1.1' }] }) },
      { resource: 'container', action: 'update', id: keep.id, data: { identifier: 'T-KEEP-2' } },
      { resource: 'container', action: 'delete', id: String(gone.id) },
    ] });
    expect(res.status).toBe(200);
    const [zone, site, upd, del] = res.body.results;
    expect(zone).toMatchObject({ index: 0, resource: 'contract-zones', action: 'create', status: 201, object: { name: 'Северная зона' } });
    expect(site).toMatchObject({ index: 1, status: 201, object: { identifier: 'T-NEW', count_containers: 1, volume: '1.100' } });
    expect(upd).toMatchObject({ index: 2, status: 200, id: keep.id, object: { identifier: 'T-KEEP-2' } });
    expect(del).toEqual({ index: 3, resource: 'container', action: 'delete', status: 204, id: gone.id });
    expect(zone.id).toBe(zone.object.id);
    expect((await db.pool.query('SELECT identifier FROM waste_area WHERE id = ANY($1) ORDER BY identifier', [[keep.id, gone.id, site.id]])).rows.map((r) => r.identifier)).toEqual(['T-KEEP-2', 'T-NEW']);
    // One history row per operation, by the signed-in user.
    const logs = (await db.pool.query(`SELECT resource, object_id, action, user_id FROM change_log WHERE id > (SELECT max(id) - 4 FROM change_log) ORDER BY id`)).rows;
    expect(logs).toEqual([
      { resource: 'contract-zones', object_id: zone.id, action: 'create', user_id: adminId },
      { resource: 'container', object_id: site.id, action: 'create', user_id: adminId },
      { resource: 'container', object_id: keep.id, action: 'update', user_id: adminId },
      { resource: 'container', object_id: gone.id, action: 'delete', user_id: adminId },
    ]);
    // Announced after the commit, one change per operation.
    expect(published.map((e) => [e.destination, (e.body as { action: string }).action, (e.body as { id: number }).id])).toEqual([
      ['/topic/registry.contract-zones', 'create', zone.id],
      ['/topic/registry.container', 'create', site.id],
      ['/topic/registry.container', 'update', keep.id],
      ['/topic/registry.container', 'delete', gone.id],
    ]);
  });

  it('rolls everything back — rows and history — when an operation fails inside the transaction, naming it', async () => {
    const site = await createSite('T-ROLL');
    await tx({ operations: [{ resource: 'contract-zones', action: 'create', data: { name: 'Занятая зона' } }] });
    const before = { zones: await count('contract_zone'), sites: await count('waste_area'), logs: await count('change_log') };
    published.length = 0;
    const dup = await tx({ operations: [
      { resource: 'container', action: 'update', id: site.id, data: { identifier: 'T-ROLL-CHANGED' } },
      { resource: 'container', action: 'create', data: siteBody({ identifier: 'T-ROLL-NEW' }) },
      { resource: 'contract-zones', action: 'create', data: { name: 'Занятая зона' } },
    ] });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ index: 2, detail: 'Операция № 3 не выполнена; транзакция отменена, ничего не сохранено.', errors: { name: ['Запись с таким значением поля «Наименование» уже существует.'] } });
    const missing = await tx({ operations: [
      { resource: 'contract-zones', action: 'create', data: { name: 'Зона-призрак' } },
      { resource: 'container', action: 'delete', id: 999999 },
    ] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ index: 1, errors: { id: ['Объект не найден.'] } });
    expect({ zones: await count('contract_zone'), sites: await count('waste_area'), logs: await count('change_log') }).toEqual(before);
    expect((await db.pool.query('SELECT identifier FROM waste_area WHERE id = $1', [site.id])).rows[0].identifier).toBe('T-ROLL');
    expect(published).toEqual([]);
  });

  it('refuses a delete of a record others refer to (the delete rule), undoing the batch’s other deletes', async () => {
    const zone = (await tx({ operations: [{ resource: 'contract-zones', action: 'create', data: { name: 'Зона с площадкой' } }] })).body.results[0].id as number;
    const inZone = (await request(app.server).post(SITES).set(auth.admin).send(siteBody({ identifier: 'T-ZONE', contract_zone: zone }))).body as { id: number };
    const free = await createSite('T-FREE');
    const refused = await tx({ operations: [
      { resource: 'container', action: 'delete', id: free.id },
      { resource: 'contract-zones', action: 'delete', id: zone },
    ] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ index: 1, errors: { non_field_errors: [expect.stringContaining('ссылаются Контейнерные площадки — 1.')] } });
    expect((await db.pool.query('SELECT id FROM waste_area WHERE id = ANY($1) ORDER BY id', [[free.id, inZone.id]])).rows.map((r) => r.id)).toEqual([inZone.id, free.id].sort((a, b) => a - b));
    expect((await db.pool.query('SELECT contract_zone_id FROM waste_area WHERE id = $1', [inZone.id])).rows[0].contract_zone_id).toBe(zone);
  });

  it('lets a user with the right permissions on each registry run a mixed batch', async () => {
    const site = await createSite('T-PERM');
    const res = await tx({ operations: [
      { resource: 'contract-zones', action: 'create', data: { name: 'Зона для прав' } },
      { resource: 'container', action: 'update', id: site.id, data: { landmark: 'у гаражей' } },
    ] }, 'zones');
    expect(res.status).toBe(200);
    const log = (await db.pool.query(`SELECT user_name, before, after FROM change_log WHERE resource = 'container' AND object_id = $1 AND action = 'update'`, [site.id])).rows;
    expect(log).toEqual([{ user_name: 'Петров Иван', before: { landmark: null }, after: { landmark: 'у гаражей' } }]);
  });
});
