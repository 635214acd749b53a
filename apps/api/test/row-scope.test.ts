/**
 * Row scope (issue 7 §3) through every read and write path, with two bound users and an
 * unbound administrator on the real app: lists (count, count_containers), search, cards, xlsx,
 * vector tiles, GeoJSON, the STOMP registry topic, PATCH/DELETE, the batch transaction, and a
 * create outside the user's organisations. Waste areas declare
 * `rowScope: {organization: [reg_operator, management_organization, owners]}`.
 */
import { VectorTile } from '@mapbox/vector-tile';
import ExcelJS from 'exceljs';
import { PbfReader as Pbf } from 'pbf';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_LAYER } from '@tko/contract';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser } from './helpers';
import { binary } from './import-helpers';
import type { StompTestApp } from './stomp-helpers';
import { connectClient, json, startStompApp, waitFor } from './stomp-helpers';

const PATH = '/api/waste-area/container/';
const PERMS = ['container:view', 'container:add', 'container:change', 'container:delete', 'container:export'];

let t: StompTestApp;
const org: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
const site: Record<'opA' | 'mgmtB' | 'ownerA' | 'none', number> = { opA: 0, mgmtB: 0, ownerA: 0, none: 0 };
const token: Record<'a' | 'b' | 'admin', string> = { a: '', b: '', admin: '' };
const bearer = (who: keyof typeof token) => ({ Authorization: `Bearer ${token[who]}` });
const http = () => request(t.app.server);

async function legalEntity(name: string, inn: string): Promise<number> {
  return (await t.pool.query<{ id: number }>('INSERT INTO legal_entity (name, inn) VALUES ($1, $2) RETURNING id', [name, inn])).rows[0]!.id;
}

async function createSite(body: Record<string, unknown>): Promise<number> {
  const res = await http().post(PATH).set(bearer('admin')).send({ coordinates: '52.546842, 103.870102', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  t = await startStompApp();
  org.a = await legalEntity('ООО «Управляющая компания А»', '3801009466');
  org.b = await legalEntity('ООО «Управляющая компания Б»', '3801131296');
  org.c = await legalEntity('ООО «Третья»', '3801000001');
  const userA = await createUser(t.pool, 'a@test.local', PERMS, { first: 'Алла', last: 'Аверина' });
  const userB = await createUser(t.pool, 'b@test.local', PERMS, { first: 'Борис', last: 'Белов' });
  await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2), ($3, $4)', [userA, org.a, userB, org.b]);
  const ts = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime);
  token.a = ts.access(userA);
  token.b = ts.access(userB);
  token.admin = t.tokens.admin;
  site.opA = await createSite({ location: 'Площадка оператора А', reg_operator: org.a, containers: [{ type: 'EURO', volume: '1.1' }] });
  site.mgmtB = await createSite({ location: 'Площадка под управлением Б', management_organization: org.b, coordinates: '52.547842, 103.871102', containers: [{ type: 'EURO', volume: '0.75' }, { type: 'EURO', volume: '0.75' }] });
  site.ownerA = await createSite({ location: 'Площадка собственника А', owners: [org.c, org.a], coordinates: '52.548842, 103.872102' });
  site.none = await createSite({ location: 'Ничья площадка', coordinates: '52.549842, 103.873102' });
});

afterAll(async () => {
  await t?.close();
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);

describe('reads', () => {
  it('the list, its count and count_containers hold only the rows of the user’s organisations', async () => {
    const a = await http().get(PATH).query({ ordering: 'id' }).set(bearer('a'));
    expect(a.status).toBe(200);
    expect(ids(a.body.results)).toEqual([site.opA, site.ownerA].sort((x, y) => x - y));
    expect(a.body.count).toBe(2);
    expect(a.body.count_containers).toBe(1);
    const b = await http().get(PATH).set(bearer('b'));
    expect(ids(b.body.results)).toEqual([site.mgmtB]);
    expect(b.body.count_containers).toBe(2);
    const admin = await http().get(PATH).set(bearer('admin'));
    expect(admin.body.count).toBe(4);
  });

  it('search in the body applies the same scope', async () => {
    const a = await http().post(`${PATH}search/`).set(bearer('a')).send({ search: 'Площадка' });
    expect(a.status).toBe(200);
    expect(ids(a.body.results)).toEqual([site.opA, site.ownerA].sort((x, y) => x - y));
  });

  it('a card outside the scope is 404, inside 200; the public card shows every site', async () => {
    expect((await http().get(`${PATH}${site.mgmtB}/`).set(bearer('a'))).status).toBe(404);
    expect((await http().get(`${PATH}${site.none}/`).set(bearer('a'))).status).toBe(404);
    expect((await http().get(`${PATH}${site.ownerA}/`).set(bearer('a'))).status).toBe(200);
    expect((await http().get(`/api/public/v1/waste-area/container/${site.mgmtB}/`)).status).toBe(200);
  });

  it('the xlsx export holds the rows of the scope only', async () => {
    const res = await http().post(`${PATH}xlsx/`).set(bearer('b')).send({}).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) cells.push(String(row.values));
    });
    expect(cells).toHaveLength(1);
    expect(cells[0]).toContain('Площадка под управлением Б');
  });

  it('vector tiles and GeoJSON hold the sites of the scope only', async () => {
    // The z13 tile holding the four points (lng 103.870–103.873, lat 52.547–52.550).
    const tile = await http().get('/api/waste-area/tiles/13/6459/2685.mvt').set(bearer('a')).buffer(true).parse(binary);
    expect(tile.status).toBe(200);
    const layer = new VectorTile(new Pbf(tile.body)).layers[TILE_LAYER]!;
    const seen = Array.from({ length: layer.length }, (_, i) => Number(layer.feature(i).id)).sort((x, y) => x - y);
    expect(seen).toEqual([site.opA, site.ownerA].sort((x, y) => x - y));
    const adminTile = await http().get('/api/waste-area/tiles/13/6459/2685.mvt').set(bearer('admin')).buffer(true).parse(binary);
    expect(new VectorTile(new Pbf(adminTile.body)).layers[TILE_LAYER]!.length).toBe(4);
    const geo = await http().get('/api/geojson/').set(bearer('b'));
    expect((geo.body as { features: { id: number }[] }).features.map((f) => f.id)).toEqual([site.mgmtB]);
  });
});

describe('writes', () => {
  it('PATCH and DELETE of a row outside the scope are 404 and change nothing', async () => {
    expect((await http().patch(`${PATH}${site.mgmtB}/`).set(bearer('a')).send({ landmark: 'чужая' })).status).toBe(404);
    expect((await http().delete(`${PATH}${site.mgmtB}/`).set(bearer('a'))).status).toBe(404);
    const row = await http().get(`${PATH}${site.mgmtB}/`).set(bearer('admin'));
    expect(row.body.landmark).toBeNull();
  });

  it('a create that would leave the user’s organisations is refused on the field, an update with 403', async () => {
    const res = await http().post(PATH).set(bearer('a')).send({ location: 'Чужая площадка', coordinates: '52.5, 103.8', reg_operator: org.b });
    expect(res.status).toBe(400);
    expect(res.body.reg_operator[0]).toMatch(/вашей организации/);
    // Moving one's row out of one's own scope is refused with 403 (contract common/row-scope.ts).
    const move = await http().patch(`${PATH}${site.opA}/`).set(bearer('a')).send({ reg_operator: org.c });
    expect(move.status).toBe(403);
    expect((await http().get(`${PATH}${site.opA}/`).set(bearer('admin'))).body.reg_operator.id).toBe(org.a);
    const ok = await http().post(PATH).set(bearer('a')).send({ location: 'Своя площадка', coordinates: '52.5, 103.8', management_organization: org.a });
    expect(ok.status).toBe(201);
  });

  it('the batch transaction cannot reach a row outside the scope', async () => {
    const res = await http().post('/api/transaction/').set(bearer('b')).send({ operations: [{ resource: 'container', action: 'update', id: site.opA, data: { landmark: 'x' } }] });
    expect(res.status).toBe(400);
    expect(res.body.index).toBe(0);
  });
});

describe('live registry topic', () => {
  it('a subscriber receives the changes of the rows they may see, not the others', async () => {
    const a = await connectClient(t.wsUrl, token.a);
    const admin = await connectClient(t.wsUrl, token.admin);
    try {
      const gotA = await a.subscribe('/topic/registry.container');
      const gotAdmin = await admin.subscribe('/topic/registry.container');
      expect((await http().patch(`${PATH}${site.mgmtB}/`).set(bearer('admin')).send({ landmark: 'для Б' })).status).toBe(200);
      expect((await http().patch(`${PATH}${site.opA}/`).set(bearer('admin')).send({ landmark: 'для А' })).status).toBe(200);
      await waitFor(() => gotAdmin.length >= 2 && gotA.length >= 1, 'registry messages');
      await new Promise((r) => setTimeout(r, 200));
      expect(gotA.map((m) => (json(m) as { id: number }).id)).toEqual([site.opA]);
      expect(gotAdmin.map((m) => (json(m) as { id: number }).id)).toEqual([site.mgmtB, site.opA]);
      // A row moved out of A's scope is still announced to A (its keys before the change were A's).
      expect((await http().patch(`${PATH}${site.ownerA}/`).set(bearer('admin')).send({ owners: [org.c] })).status).toBe(200);
      await waitFor(() => gotA.length >= 2, 'the move-out message');
      expect((json(gotA[1]!) as { id: number }).id).toBe(site.ownerA);
    } finally {
      await a.disconnect();
      await admin.disconnect();
    }
  });
});
