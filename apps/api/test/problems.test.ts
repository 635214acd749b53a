/**
 * The problems over HTTP (issue 12 §1; spec 03 §7 "Problems"): the four dictionaries in Russian
 * (rules without data said so), the detector run now (401 / 403 / 200, counts, announced ids),
 * the list with each of its filters (type, object type, status, priority, period, map area),
 * the card with the object link, PATCH of priority / disposal period / comment (the status only
 * by actions: 400), the actions with their permission and state (409), closed_at on solve, the
 * logs (history) and events of a problem, a problem typed by hand, xlsx, the map layer's GeoJSON.
 * Real PostgreSQL + PostGIS; the real app (supertest).
 */
import { PROBLEM_TYPES } from '@tko/contract';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let site = 0;
let problemId = 0;
let changer = '';
let viewerOnly = '';

const get = (path: string, h = t.auth('admin')) => request(t.app.server).get(path).set(h);

beforeAll(async () => {
  t = await startTestApp();
  const ts = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime);
  changer = `Bearer ${ts.access(await createUser(t.pool, 'problems-change@test.local', ['problems:view', 'problems:change'], { first: 'Пётр', last: 'Устранов' }))}`;
  viewerOnly = `Bearer ${ts.access(await createUser(t.pool, 'problems-view@test.local', ['problems:view']))}`;
  // A site without a fence, at Angarsk; everything else as the defaults give it.
  site = (await t.pool.query<{ id: number }>(`INSERT INTO waste_area (kind, location, coordinates, fence)
    VALUES ('CONTAINER', 'Ангарск, 12 мкр, д. 5', ST_SetSRID(ST_MakePoint(103.85, 52.51), 4326), 'ABSENT') RETURNING id`)).rows[0]!.id;
});
afterAll(async () => t?.close());

describe('dictionaries', () => {
  it('answers the four lists with Russian labels; rules without data say so', async () => {
    const types = await get('/api/problems/problem-types/');
    expect(types.status).toBe(200);
    expect(types.body.map((x: { value: string }) => x.value)).toEqual(PROBLEM_TYPES.map((x) => x.code));
    expect(types.body[0]).toMatchObject({ value: 'P000', kind: 'DATA_GAP', object_type: 'WASTE_AREA', data_available: true, note: null });
    expect(types.body[1]).toMatchObject({ value: 'P001', kind: 'VIOLATION', object_type: 'WASTE_AREA', data_available: true, note: null });
    expect(types.body.find((x: { value: string }) => x.value === 'P201')).toMatchObject({ object_type: 'CONTRACT', kind: 'VIOLATION', data_available: true, note: null });
    expect(types.body.find((x: { value: string }) => x.value === 'P021')).toMatchObject({ rule: expect.stringMatching(/тёплый сезон/), source: expect.stringMatching(/СанПиН 2\.1\.3684-21 п\. 11/) });
    expect((await get('/api/problems/statuses/')).body).toEqual([
      { value: 'NEW', label: 'Новая' }, { value: 'IN_WORK', label: 'В работе' }, { value: 'SOLVED', label: 'Устранена' }, { value: 'REJECTED', label: 'Отклонена' }]);
    expect((await get('/api/problems/priorities/')).body.map((x: { label: string }) => x.label)).toEqual(['Низкий', 'Средний', 'Высокий']);
    expect((await get('/api/problems/object-types/')).body.map((x: { value: string }) => x.value)).toEqual(['WASTE_AREA', 'WASTE_SOURCE', 'WASTE_DUMP', 'CONTRACT', 'LEGAL_ENTITY']);
    expect((await request(t.app.server).get('/api/problems/statuses/')).status).toBe(401);
    expect((await get('/api/problems/statuses/', t.auth('nobody'))).status).toBe(403);
  });
});

describe('the detector call', () => {
  it('needs problems:change', async () => {
    expect((await request(t.app.server).post('/api/problems/detect/').send({})).status).toBe(401);
    expect((await request(t.app.server).post('/api/problems/detect/').set({ Authorization: viewerOnly }).send({})).status).toBe(403);
    const bad = await request(t.app.server).post('/api/problems/detect/').set({ Authorization: changer }).send({ codes: ['P999'] });
    expect(bad.status).toBe(400);
  });

  it('opens the site’s problems, and a second run opens none', async () => {
    const first = await request(t.app.server).post('/api/problems/detect/').set({ Authorization: changer }).send({});
    expect(first.status).toBe(200);
    expect(first.body.rules).toHaveLength(PROBLEM_TYPES.length);
    const p011 = first.body.rules.find((r: { code: string }) => r.code === 'P011');
    expect(p011).toMatchObject({ found: 1, opened: 1, closed: 0, open: 1, no_data: false });
    // No contract is kept in this database: the contract rules find nothing (a missing registry is no violation).
    expect(first.body.rules.find((r: { code: string }) => r.code === 'P401')).toMatchObject({ no_data: false, found: 0 });
    const again = await request(t.app.server).post('/api/problems/detect/').set({ Authorization: changer }).send({});
    expect(again.body).toMatchObject({ opened: 0, closed: 0, open_total: first.body.open_total });
  });
});

describe('list and card', () => {
  it('lists the problem with each filter that matches it, and not with those that do not', async () => {
    const list = (q: Record<string, string>) => get('/api/problems/').query({ type: 'P011', ...q });
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(1);
    problemId = all.body.results[0].id;
    expect(all.body.results[0]).toMatchObject({ type: 'P011', status: 'NEW', priority: 'HIGH', object_type: 'WASTE_AREA', object_id: site, location: 'Ангарск, 12 мкр, д. 5', details: 'Ограждения нет', auto: true });
    // The problem's own day (UTC), not the clock's: the detection may have run before midnight.
    const today = new Date(all.body.results[0].created_at as string).toISOString().slice(0, 10);
    for (const q of <Record<string, string>[]>[{ object_type: 'WASTE_AREA' }, { status: 'NEW,IN_WORK' }, { priority: 'HIGH' }, { period: `${today},${today}` }, { period: `${today},` },
      { in_bbox: '103.8,52.5,103.9,52.52' }, { search: '12 мкр' }]) {
      expect((await list(q)).body.count, JSON.stringify(q)).toBe(1);
    }
    for (const q of <Record<string, string>[]>[{ object_type: 'WASTE_DUMP' }, { status: 'SOLVED' }, { priority: 'LOW' }, { period: '2020-01-01,2020-12-31' }, { in_bbox: '10,10,11,11' }]) {
      expect((await list(q)).body.count, JSON.stringify(q)).toBe(0);
    }
    const bad = await get('/api/problems/').query({ period: '2026-02-31,' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body['period.lower'], JSON.stringify(bad.body)).toEqual(['Неправильный формат даты. Используйте формат ГГГГ-ММ-ДД.']);
    expect((await get('/api/problems/').query({ period: ',' })).status).toBe(400);
  });

  it('reads the card with the object’s page and identifier', async () => {
    await t.pool.query(`UPDATE waste_area SET identifier = 'КП-0001' WHERE id = $1`, [site]);
    const card = await get(`/api/problems/${problemId}/`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ object_url: `/terr-schema/containers/container/view/${site}/`, identifier: 'КП-0001', coordinates: { lat: 52.51, lng: 103.85 }, closed_at: null });
  });

  it('changes priority, disposal period and comment by PATCH with problems:change; the status only by actions', async () => {
    expect((await request(t.app.server).patch(`/api/problems/${problemId}/`).set({ Authorization: viewerOnly }).send({ priority: 'LOW' })).status).toBe(403);
    const res = await request(t.app.server).patch(`/api/problems/${problemId}/`).set({ Authorization: changer })
      .send({ priority: 'MEDIUM', disposal_period: '2026-12-15', comment: 'Поставить ограждение из профлиста' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ priority: 'MEDIUM', disposal_period: '2026-12-15', comment: 'Поставить ограждение из профлиста' });
    const status = await request(t.app.server).patch(`/api/problems/${problemId}/`).set({ Authorization: changer }).send({ status: 'SOLVED' });
    expect(status.status).toBe(400);
    expect(status.body.status[0]).toMatch(/только действиями/);
  });

  it('moves the status by actions with their permission and state; solving closes it', async () => {
    const act = (a: string, body: object = {}, h = changer) => request(t.app.server).post(`/api/problems/${problemId}/${a}/`).set({ Authorization: h }).send(body);
    expect((await act('take-in-work', {}, viewerOnly)).status).toBe(403);
    const taken = await act('take-in-work', { comment: 'Передано управляющей компании' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.status).toBe('IN_WORK');
    expect((await act('take-in-work')).status).toBe(409);
    const noComment = await act('reject');
    expect(noComment.status).toBe(400);
    expect(noComment.body.comment).toEqual(['Обязательное поле.']);
    const solved = await act('solve', { comment: 'Ограждение установлено' });
    expect(solved.status).toBe(200);
    expect(solved.body.status).toBe('SOLVED');
    expect(solved.body.closed_at).toBeTruthy();
    expect((await get(`/api/problems/${problemId}/`)).body.closed_at).toBe(solved.body.closed_at);
    expect((await act('reject', { comment: 'поздно' })).status).toBe(409);
  });

  it('lists the logs (history) and the events of the problem', async () => {
    const logs = await get(`/api/problems/${problemId}/logs/`);
    expect(logs.status).toBe(200);
    // newest first: solve, take-in-work, the PATCH, the detector's create
    expect(logs.body.results.map((e: { action: string; step: string | null }) => [e.action, e.step])).toEqual([
      ['update', 'solve'], ['update', 'take-in-work'], ['update', null], ['create', null]]);
    expect(logs.body.results[2].fields.sort()).toEqual(['comment', 'disposal_period', 'priority']);
    expect(logs.body.results[0].user_name).toBe('Устранов Пётр');
    // The action's effect (closed_at, written by the hook) is in the action's own history row.
    expect(logs.body.results[0].fields.sort()).toEqual(['closed_at', 'comment', 'status']);
    expect(logs.body.results[0].after.closed_at).toBe((await get(`/api/problems/${problemId}/`)).body.closed_at);
    expect(logs.body.results[3].user_name).toBe('Система: поиск проблем');
    const events = await get(`/api/problems/${problemId}/events/`);
    expect(events.status).toBe(200);
    expect(events.body.results.map((e: { kind: string; text: string }) => [e.kind, e.text])).toEqual([
      ['DETECTED', 'Обнаружена автоматически: Ограждения нет.'],
      ['ACTION', 'Взять в работу: Передано управляющей компании.'],
      ['ACTION', 'Устранена: Ограждение установлено.'],
    ]);
    expect((await get('/api/problems/999999/logs/')).status).toBe(404);
    expect((await get('/api/problems/999999/events/')).status).toBe(404);
    expect((await get(`/api/problems/${problemId}/events/`, t.auth('nobody'))).status).toBe(403);
  });

  it('a problem solved by hand while the site is still without a fence is found again by the next run', async () => {
    const r = await request(t.app.server).post('/api/problems/detect/').set({ Authorization: changer }).send({ codes: ['P011'] });
    expect(r.body.rules[0]).toMatchObject({ opened: 1, closed: 0 });
  });

  it('records a problem typed by hand with a CREATED event; the detector leaves it alone', async () => {
    const res = await request(t.app.server).post('/api/problems/').set(t.auth('admin'))
      .send({ type: 'P007', object_type: 'WASTE_AREA', object_id: site, comment: 'Въезд перекрыт шлагбаумом' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'NEW', priority: 'MEDIUM', auto: false });
    const events = await get(`/api/problems/${res.body.id}/events/`);
    expect(events.body.results.map((e: { kind: string }) => e.kind)).toEqual(['CREATED']);
    await request(t.app.server).post('/api/problems/detect/').set({ Authorization: changer }).send({ codes: ['P007'] });
    expect((await get(`/api/problems/${res.body.id}/`)).body.status).toBe('NEW');
  });

  it('exports the list as xlsx and draws the open problems on the map', async () => {
    const x = await request(t.app.server).post('/api/problems/xlsx/').set(t.auth('admin')).send({ type: ['P011'] });
    expect(x.status).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    const geo = await get('/api/map/problems/geojson/');
    expect(geo.status).toBe(200);
    const features = (geo.body.features ?? JSON.parse(geo.text).features) as { properties: { code: string; name: string; status: string } }[];
    expect(features.some((f) => f.properties.code === 'P011' && f.properties.name === 'P011. Ограждения нет' && f.properties.status === 'NEW')).toBe(true);
    // Open ones only; «неполные сведения» drawn apart (their own legend value), never as a violation's status.
    const gaps = (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE kind = 'DATA_GAP' AND closed_at IS NULL AND point IS NOT NULL`)).rows[0]!.n;
    expect(features.filter((f) => f.properties.status === 'DATA_GAP')).toHaveLength(gaps);
    expect(features.every((f) => ['NEW', 'IN_WORK', 'DATA_GAP'].includes(f.properties.status))).toBe(true);
    // Routed: the list filters by ОКТМО and by who is responsible (counts equal SQL's).
    await t.pool.query(`UPDATE problem SET oktmo = '25703000', responsible = 'Администрация: Ангарский городской округ' WHERE id = (SELECT min(id) FROM problem)`);
    const byOktmo = await get('/api/problems/?oktmo=25703000');
    expect(byOktmo.body.count).toBe((await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE oktmo = '25703000'`)).rows[0]!.n);
    expect(byOktmo.body.results[0]).toMatchObject({ oktmo: '25703000', responsible: 'Администрация: Ангарский городской округ' });
    expect((await get('/api/problems/?responsible=Ангарский')).body.count).toBe(1);
    expect((await get('/api/problems/?oktmo=abc')).status).toBe(400);
    // The list keeps them apart by kind: the filter's counts equal SQL's.
    for (const kind of ['DATA_GAP', 'VIOLATION']) {
      const list = await get(`/api/problems/?kind=${kind}`);
      const sql = (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE kind = $1`, [kind])).rows[0]!.n;
      expect(list.body.count, kind).toBe(sql);
      expect(list.body.results.every((r: { kind: string }) => r.kind === kind)).toBe(true);
    }
    expect((await get('/api/map/problems/geojson/', t.auth('nobody'))).status).toBe(403);
  });
});
