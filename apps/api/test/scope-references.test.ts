/**
 * Scope that follows the data (contract common/row-scope.ts; docs/ARCHITECTURE.md "Row scope"):
 * the probes a declarant of organisation A would try, each as it was reported, on the real app
 * and database —
 * - references written are checked for read access: someone else's attachment id in `photos`
 *   (PATCH, the batch transaction) or in a document's `attachments` is 400, and the file stays
 *   unreadable; a link to organisation B's waste source or site is 400;
 * - waste sources have a row scope (list, card, PATCH, sub-lists);
 * - a site's ownership cannot be taken away from an organisation (403);
 * - a site's containers answer 404 when its card does;
 * - a declarant bound to no organisation sees no row of a scoped registry.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasteSourceResource } from '@tko/contract';
import { TokenService } from '../src/modules/auth/tokens';
import * as files from './fixtures/files';
import { createUser, siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const UPLOAD = '/api/attachments/upload-file/';
const SITES = '/api/waste-area/container/';
const SOURCES = '/api/waste-sources/';
const PERMS = ['container', 'waste-sources', 'documents', 'contracts'].flatMap((r) => ['view', 'add', 'change', 'delete', 'export'].map((a) => `${r}:${a}`));

let t: TestApp;
type Who = 'admin' | 'a' | 'b' | 'none' | 'staff';
const auth: Record<Who, { Authorization: string }> = {} as never;
const org = { a: 0, b: 0 };
const site = { a: 0, b: 0 };
const source = { a: 0, b: 0 };
/** A photo uploaded by B and attached to B's site. */
let photoB = 0;
const http = () => request(t.app.server);

async function legalEntity(name: string, inn: string): Promise<number> {
  return (await t.pool.query<{ id: number }>('INSERT INTO legal_entity (name, inn) VALUES ($1, $2) RETURNING id', [name, inn])).rows[0]!.id;
}

async function declarant(email: string, orgId: number | null): Promise<{ Authorization: string }> {
  const id = await createUser(t.pool, email, PERMS, { first: 'Дина', last: 'Декларантова' });
  await t.pool.query('UPDATE app_user SET is_declarant = true WHERE id = $1', [id]);
  if (orgId) await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)', [id, orgId]);
  return { Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 3600).access(id)}` };
}

async function created(res: request.Response): Promise<number> {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const upload = (who: Who) => http().post(UPLOAD).set(auth[who]).attach('file', files.png(), { filename: 'фото.png', contentType: 'image/png' });
const download = (id: number, who: Who) => http().get(`/api/attachments/${id}/download/`).set(auth[who]);

beforeAll(async () => {
  t = await startTestApp();
  org.a = await legalEntity('ООО «Организация А»', '3801009466');
  org.b = await legalEntity('ООО «Организация Б»', '3801131296');
  auth.admin = t.auth('admin');
  auth.a = await declarant('decl-a@test.local', org.a);
  auth.b = await declarant('decl-b@test.local', org.b);
  auth.none = await declarant('decl-none@test.local', null);
  const staffId = await createUser(t.pool, 'staff@test.local', PERMS);
  auth.staff = { Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 3600).access(staffId)}` };
  site.a = await created(await http().post(SITES).set(auth.a).send(siteBody({ identifier: 'A-1', owners: [org.a] })));
  photoB = await created(await upload('b'));
  site.b = await created(await http().post(SITES).set(auth.b).send(siteBody({ identifier: 'B-1', owners: [org.b], photos: [photoB], coordinates: '52.55, 103.88' })));
  source.a = await created(await http().post(SOURCES).set(auth.admin).send({ ...wasteSourceResource.example, name: 'Источник А', organizations: [org.a] }));
  source.b = await created(await http().post(SOURCES).set(auth.admin).send({ ...wasteSourceResource.example, name: 'Источник Б', organizations: [org.b], waste_areas: [site.b] }));
});

afterAll(async () => {
  await t?.close();
});

describe('attachments written are checked', () => {
  it('PATCH of one’s own site with someone else’s attachment id is 400 on photos, and the file stays unreadable', async () => {
    expect((await download(photoB, 'a')).status).toBe(404);
    const res = await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ photos: [photoB] });
    expect(res.status).toBe(400);
    expect(res.body.photos).toEqual([`Вложения с идентификатором ${photoB} нет.`]);
    expect((await download(photoB, 'a')).status).toBe(404);
    expect((await http().get(`${SITES}${site.a}/`).set(auth.a)).body.photos).toEqual([]);
  });

  it('the same through /api/transaction/ and POST /api/documents/ {attachments}', async () => {
    const tx = await http().post('/api/transaction/').set(auth.a).send({ operations: [{ resource: 'container', action: 'update', id: site.a, data: { photos: [photoB] } }] });
    expect(tx.status).toBe(400);
    expect(tx.body.index).toBe(0);
    expect(tx.body.errors.photos).toEqual([`Вложения с идентификатором ${photoB} нет.`]);
    // A staff member without bindings may write documents, but not take another record's file.
    const doc = await http().post('/api/documents/').set(auth.staff).send({ name: 'Папка', attachments: [photoB] });
    expect(doc.status).toBe(400);
    expect(doc.body.attachments).toEqual([`Вложения с идентификатором ${photoB} нет.`]);
    const docA = await http().post('/api/documents/').set(auth.a).send({ name: 'Папка А', attachments: [photoB] });
    expect(docA.status).toBe(400);
    expect(docA.body.attachments).toEqual([`Вложения с идентификатором ${photoB} нет.`]);
  });

  it('an unattached file of another uploader is refused; one’s own file, and the files a row already holds, are taken', async () => {
    const foreign = await created(await upload('b'));
    const refused = await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ photos: [foreign] });
    expect(refused.status).toBe(400);
    expect(refused.body.photos).toEqual([`Вложения с идентификатором ${foreign} нет.`]);
    const mine = await created(await upload('a'));
    const ok = await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ photos: [mine] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.photos.map((p: { id: number }) => p.id)).toEqual([mine]);
    // Once taken, it belongs to the site: listed again it stays; another record cannot take it.
    expect((await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ photos: [mine], landmark: 'у ворот' })).status).toBe(200);
    const other = await http().post(SITES).set(auth.a).send(siteBody({ identifier: 'A-2', owners: [org.a], photos: [mine] }));
    expect(other.status).toBe(400);
    expect(other.body.photos).toEqual([`Вложения с идентификатором ${mine} нет.`]);
    // B's own site keeps its photo on a later PATCH.
    expect((await http().patch(`${SITES}${site.b}/`).set(auth.b).send({ photos: [photoB] })).status).toBe(200);
  });
});

describe('links to rows written are checked', () => {
  it('a site may not name B’s waste source, a source may not name B’s site (400 on the field)', async () => {
    const s = await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ waste_sources: [source.b] });
    expect(s.status).toBe(400);
    expect(s.body.waste_sources).toEqual([`Недопустимый первичный ключ «${source.b}» — объект не существует.`]);
    const w = await http().patch(`${SOURCES}${source.a}/`).set(auth.a).send({ waste_areas: [site.b] });
    expect(w.status).toBe(400);
    expect(w.body.waste_areas).toEqual([`Недопустимый первичный ключ «${site.b}» — объект не существует.`]);
    const own = await http().patch(`${SOURCES}${source.a}/`).set(auth.a).send({ waste_areas: [site.a] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('a contract’s objects (child rows naming a site and a source by plain id) must be readable: B’s are 400 on the child field, A’s are taken', async () => {
    const body = (areas: Record<string, number>[]) => ({ number: `СК-${areas.length}-${areas[0]!.waste_area}`, signing_date: '2026-01-15', waste_areas: areas });
    const res = await http().post('/api/contracts/').set(auth.a).send(body([{ waste_area: site.a }, { waste_area: site.b }, { waste_area: site.a, waste_source: source.b }]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'waste_areas.1.waste_area': [`Недопустимый первичный ключ «${site.b}» — объект не существует.`],
      'waste_areas.2.waste_source': [`Недопустимый первичный ключ «${source.b}» — объект не существует.`],
    });
    const own = await http().post('/api/contracts/').set(auth.a).send(body([{ waste_area: site.a, waste_source: source.a }]));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });

  it('a link set by someone who may read it stays when the declarant edits the row', async () => {
    expect((await http().patch(`${SOURCES}${source.a}/`).set(auth.admin).send({ waste_areas: [site.a, site.b] })).status).toBe(200);
    const res = await http().patch(`${SOURCES}${source.a}/`).set(auth.a).send({ name: 'Источник А (изм.)', waste_areas: [site.a, site.b] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('waste sources have a row scope', () => {
  it('A lists, reads, edits and opens the sub-lists of its sources only', async () => {
    const list = await http().get(SOURCES).query({ page_size: 500 }).set(auth.a);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([source.a]);
    expect((await http().get(`${SOURCES}${source.b}/`).set(auth.a)).status).toBe(404);
    expect((await http().patch(`${SOURCES}${source.b}/`).set(auth.a).send({ name: 'чужой' })).status).toBe(404);
    expect((await http().get(`${SOURCES}${source.b}/waste-areas/`).set(auth.a)).status).toBe(404);
    expect((await http().get(`${SOURCES}${source.b}/organizations/`).set(auth.a)).status).toBe(404);
    expect((await http().get(`${SOURCES}${source.b}/`).set(auth.admin)).body.name).toBe('Источник Б');
    // A's own source lists only the sites A may see (B's site linked by the administrator is left out).
    const areas = await http().get(`${SOURCES}${source.a}/waste-areas/`).set(auth.a);
    expect(areas.status).toBe(200);
    expect(areas.body.results.map((r: { id: number }) => r.id)).toEqual([site.a]);
    expect(areas.body.count).toBe(1);
  });
});

describe('ownership moves', () => {
  it('A adds B to the owners; B may not then take the site from A (403); A may not hand it over entirely (403)', async () => {
    const added = await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ owners: [org.a, org.b] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const taken = await http().patch(`${SITES}${site.a}/`).set(auth.b).send({ owners: [org.b] });
    expect(taken.status).toBe(403);
    expect(taken.body.detail).toMatch(/Нельзя исключить из объекта организацию/);
    const tx = await http().post('/api/transaction/').set(auth.b).send({ operations: [{ resource: 'container', action: 'update', id: site.a, data: { owners: [org.b] } }] });
    expect(tx.status).toBe(403);
    const handed = await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ owners: [org.b] });
    expect(handed.status).toBe(403);
    expect(handed.body.detail).toMatch(/будет вам недоступен/);
    const now = await http().get(`${SITES}${site.a}/`).set(auth.admin);
    expect(now.body.owners.map((o: { id: number }) => o.id).sort()).toEqual([org.a, org.b].sort());
    // B, a co-owner now, edits the site otherwise; A withdraws B again (A acts for A only: B is B's to remove? no — refused).
    expect((await http().patch(`${SITES}${site.a}/`).set(auth.b).send({ landmark: 'общая' })).status).toBe(200);
    expect((await http().patch(`${SITES}${site.a}/`).set(auth.a).send({ owners: [org.a] })).status).toBe(403);
    expect((await http().patch(`${SITES}${site.a}/`).set(auth.admin).send({ owners: [org.a] })).status).toBe(200);
  });
});

describe('child lists follow the card', () => {
  it('GET /api/waste-area/container/{B’s site}/containers/ is 404 for A, as the card', async () => {
    expect((await http().get(`${SITES}${site.b}/`).set(auth.a)).status).toBe(404);
    expect((await http().get(`${SITES}${site.b}/containers/`).set(auth.a)).status).toBe(404);
    expect((await http().get(`${SITES}${site.b}/containers/`).set(auth.b)).status).toBe(200);
    const sugg = await http().get('/api/waste-area/suggestion/').query({ search: 'Ангарск' }).set(auth.a);
    expect(sugg.status).toBe(200);
    expect(sugg.body.results.map((r: { id: number }) => r.id)).not.toContain(site.b);
  });
});

describe('a declarant bound to no organisation', () => {
  it('sees no row of a scoped registry and edits none', async () => {
    const list = await http().get(SITES).set(auth.none);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    expect((await http().get(SOURCES).set(auth.none)).body.count).toBe(0);
    expect((await http().get(`${SITES}${site.a}/`).set(auth.none)).status).toBe(404);
    expect((await http().patch(`${SITES}${site.a}/`).set(auth.none).send({ landmark: 'x' })).status).toBe(404);
    const create = await http().post(SITES).set(auth.none).send(siteBody({ identifier: 'N-1' }));
    expect(create.status).toBe(400);
    // A staff member without bindings still sees every row.
    expect((await http().get(SITES).set(auth.staff)).body.count).toBeGreaterThanOrEqual(2);
  });
});
