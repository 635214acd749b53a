/**
 * The ФККО dictionary through HTTP on the real catalogue (loaded with importFkko from DATA_DIR):
 * search by code with and without spaces and by name, the hazard class, level and parent
 * filters, the tree call (roots, ancestors, children, errors), writes (a grouped code is stored
 * as 11 digits and placed in the tree; a corrupted code is a Russian 400), permissions.
 */
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, importFkko } from '@tko/db';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';

const BASE = '/api/dicts/fkko/';
const TREE = '/api/dicts/fkko/tree/';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await importFkko(t.pool, path.join(dataDir(), 'fkko_catalog_rpn_2026-03-25.tsv'));
});
afterAll(async () => t?.close());

const get = (url: string, query: Record<string, string | number> = {}) => request(t.app.server).get(url).query(query).set(t.auth('admin'));
const codes = (res: request.Response) => (res.body.results as { code: string }[]).map((r) => r.code);

describe('GET /api/dicts/fkko/ (list, search, filters)', () => {
  it('lists all 9 083 codes ordered by code, 20 per page', async () => {
    const res = await get(BASE);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(9083);
    expect(res.body.results).toHaveLength(20);
    expect(codes(res)[0]).toBe('10000000000');
    expect(res.body.results[0]).toMatchObject({ hazard_class: 0, level: 'BLOCK', parent_code: null, title: '1 00 000 00 00 0 ОТХОДЫ СЕЛЬСКОГО, ЛЕСНОГО ХОЗЯЙСТВА, РЫБОВОДСТВА И РЫБОЛОВСТВА' });
    const sorted = [...codes(res)].sort();
    expect(codes(res)).toEqual(sorted);
  });

  it('finds a code typed without spaces and with the catalogue’s spaces', async () => {
    const plain = await get(BASE, { search: '73111001724' });
    const spaced = await get(BASE, { search: '7 31 110 01 72 4' });
    expect(codes(plain)).toEqual(['73111001724']);
    expect(codes(spaced)).toEqual(['73111001724']);
    expect(plain.body.results[0]).toMatchObject({
      name: 'Отходы из жилищ несортированные (исключая крупногабаритные)',
      hazard_class: 4,
      level: 'ITEM',
      parent_code: '73111000000',
      link: '/fkko/73111001724/',
    });
  });

  it('finds every code under a grouped prefix (with spaces) and under a digit prefix', async () => {
    const spaced = await get(BASE, { search: '7 31 110', page_size: 500 });
    expect(codes(spaced).sort()).toEqual(['73111000000', '73111001724', '73111002215']);
    const digits = await get(BASE, { search: '7311100', page_size: 500 });
    expect(codes(digits).sort()).toEqual(['73111000000', '73111001724', '73111002215']);
  });

  it('finds by a part of the name, case-insensitively', async () => {
    const res = await get(BASE, { search: 'ИСКЛЮЧАЯ КРУПНОГАБАРИТНЫЕ', page_size: 500 });
    expect(res.status).toBe(200);
    expect(codes(res)).toContain('73111001724');
    for (const r of res.body.results as { name: string }[]) expect(r.name.toLowerCase()).toContain('исключая крупногабаритные');
  });

  it('filters by hazard class (one or several) and answers 400 outside 0–5', async () => {
    expect((await get(BASE, { hazard_class: '1' })).body.count).toBe(79);
    expect((await get(BASE, { hazard_class: '1,2' })).body.count).toBe(489);
    expect((await get(BASE, { hazard_class: '0' })).body.count).toBe(2427);
    const bad = await get(BASE, { hazard_class: '7' });
    expect(bad.status).toBe(400);
    expect(bad.body.hazard_class).toEqual(['Ожидался список целых чисел от 0 до 5.']);
  });

  it('filters by level: the 8 blocks', async () => {
    const res = await get(BASE, { level: 'BLOCK' });
    expect(codes(res)).toEqual(['10000000000', '20000000000', '30000000000', '40000000000', '60000000000', '70000000000', '80000000000', '90000000000']);
  });

  it('lists the children of a node with `parent`, and 400 for a code that is not 11 digits', async () => {
    const res = await get(BASE, { parent: '73110000000', page_size: 500 });
    expect(res.status).toBe(200);
    expect(codes(res)).toContain('73111000000');
    for (const r of res.body.results as { parent_code: string }[]) expect(r.parent_code).toBe('73110000000');
    const bad = await get(BASE, { parent: '7 31 100 00 00 0' });
    expect(bad.status).toBe(400);
    expect(bad.body.parent).toEqual(['Укажите коды ФККО из 11 цифр без пробелов через запятую.']);
  });

  it('reads one code by id', async () => {
    const id = (await get(BASE, { search: '73111001724' })).body.results[0].id;
    const res = await get(`${BASE}${id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, code: '73111001724', title: '7 31 110 01 72 4 Отходы из жилищ несортированные (исключая крупногабаритные)' });
  });
});

describe('GET /api/dicts/fkko/tree/', () => {
  it('without a code answers the 8 blocks, each with children', async () => {
    const res = await get(TREE);
    expect(res.status).toBe(200);
    expect(res.body.node).toBeNull();
    expect(res.body.ancestors).toEqual([]);
    expect(res.body.children.map((c: { code: string }) => c.code)).toEqual(['10000000000', '20000000000', '30000000000', '40000000000', '60000000000', '70000000000', '80000000000', '90000000000']);
    expect(res.body.children.every((c: { has_children: boolean }) => c.has_children)).toBe(true);
  });

  it('answers an item’s ancestors, block first, for a code with or without spaces', async () => {
    for (const code of ['7 31 110 01 72 4', '73111001724']) {
      const res = await get(TREE, { code });
      expect(res.status).toBe(200);
      expect(res.body.node).toMatchObject({ code: '73111001724', hazard_class: 4, level: 'ITEM', has_children: false });
      expect(res.body.ancestors.map((a: { code: string }) => a.code)).toEqual(['70000000000', '73000000000', '73100000000', '73110000000', '73111000000']);
      expect(res.body.children).toEqual([]);
    }
  });

  it('answers a grouping node’s children (by id too), each pointing back at it', async () => {
    const byCode = await get(TREE, { code: '73111000000' });
    expect(byCode.body.children.map((c: { code: string }) => c.code)).toEqual(['73111001724', '73111002215']);
    expect(byCode.body.node.has_children).toBe(true);
    const byId = await get(TREE, { id: byCode.body.node.id });
    expect(byId.body).toEqual(byCode.body);
    const list = await get(BASE, { parent: '73111000000' });
    expect(codes(list)).toEqual(['73111001724', '73111002215']);
  });

  it('answers 400 with the reason for a corrupted code, 404 for an unknown one', async () => {
    const bad = await get(TREE, { code: '2 21 \u00a02 11 20 5' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toEqual(['Код ФККО должен состоять из 11 цифр: на месте 4-й цифры стоит символ U+00A0 (неразрывный пробел).']);
    expect((await get(TREE, { code: '9 99 999 99 99 4' })).status).toBe(404);
    expect((await get(TREE, { id: 999999 })).status).toBe(404);
    expect((await get(TREE, { id: 'x' })).status).toBe(400);
  });

  it('needs fkko:view: 401 without a token, 403 without the permission', async () => {
    expect((await request(t.app.server).get(TREE)).status).toBe(401);
    const uid = await createUser(t.pool, 'no-fkko@test.local', ['container:view']);
    const token = new TokenService(t.config.jwtSecret, 300, 86400).access(uid);
    expect((await request(t.app.server).get(TREE).set({ Authorization: `Bearer ${token}` })).status).toBe(403);
  });
});

describe('writes to the dictionary', () => {
  it('stores a grouped code as 11 digits and places it in the tree, moving the rows under it', async () => {
    const res = await request(t.app.server).post(BASE).set(t.auth('admin')).send({ code: '7 31 110 01 00 0', name: 'Группа для проверки' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ code: '73111001000', hazard_class: 0, level: 'GROUP', parent_code: '73111000000', title: '7 31 110 01 00 0 Группа для проверки' });
    const item = await get(TREE, { code: '73111001724' });
    expect(item.body.ancestors.at(-1).code).toBe('73111001000');
    expect((await request(t.app.server).delete(`${BASE}${res.body.id}/`).set(t.auth('admin'))).status).toBe(204);
    expect((await get(TREE, { code: '73111001724' })).body.ancestors.at(-1).code).toBe('73111000000');
  });

  it('answers 400 in Russian for a corrupted code and for a duplicate', async () => {
    const bad = await request(t.app.server).post(BASE).set(t.auth('admin')).send({ code: '3 18 \u00a07 00 00 0', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toEqual(['Код ФККО должен состоять из 11 цифр: на месте 4-й цифры стоит символ U+00A0 (неразрывный пробел).']);
    const dup = await request(t.app.server).post(BASE).set(t.auth('admin')).send({ code: '73111001724', name: 'повтор' });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toEqual(['Запись с таким значением поля «Код ФККО» уже существует.']);
  });

  it('ignores the derived fields in a body', async () => {
    const res = await request(t.app.server).post(BASE).set(t.auth('admin')).send({ code: '73111009724', name: 'Проверка', hazard_class: 1, level: 'BLOCK', parent_code: '10000000000' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ hazard_class: 4, level: 'ITEM', parent_code: '73111000000' });
  });
});
