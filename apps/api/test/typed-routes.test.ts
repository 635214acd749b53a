/**
 * Typed calls (issue 7 §4, docs/ARCHITECTURE.md "Typed calls"):
 * - every route of the served OpenAPI document is either a registry route (crud module) or comes
 *   from a defineRoute description given to registerRoute, and every description is served;
 * - a permissioned call answers 401 anonymous and 403 without the permission before it looks at
 *   the body: an invalid body (or malformed JSON) is a 400 only for a caller who may make it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '@tko/contract';
import { startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t?.close());

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('OpenAPI document', () => {
  it('lists only registry routes and defineRoute descriptions, and every description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m, path)));
    const typed = new Set(t.app.routeRegistry.typed.map((d) => key(d.method, openApiPath(d.path))));
    const crud = new Set(t.app.routeRegistry.crud.map((r) => key(r.method, openApiPath(r.url))));
    expect(typed.size).toBeGreaterThan(50);
    expect(crud.size).toBeGreaterThan(100);
    // Neither: a hand-written route that bypassed registerRoute.
    expect(served.filter((k) => !typed.has(k) && !crud.has(k))).toEqual([]);
    // Both: a description shadowing a registry route.
    expect([...typed].filter((k) => crud.has(k))).toEqual([]);
    expect([...typed].filter((k) => !served.includes(k))).toEqual([]);
  });

  it('carries the description: summary, tags, a public call without security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[]; parameters?: { name: string; in: string }[] }>>;
    };
    const op = doc.paths['/api/operators/{id}/']!.put!;
    expect(op.summary).toBe('Оператор: изменить лицензию и зоны деятельности');
    expect(op.tags).toEqual(['operators']);
    expect(op.parameters?.some((p) => p.name === 'id' && p.in === 'path')).toBe(true);
    expect(doc.paths['/api/auth/token/']!.post!.security).toEqual([]);
    expect(doc.paths['/api/users/me/']!.get!.security).toBeUndefined();
  });
});

describe('permission before validation', () => {
  const badMatching = { template_type: 'НЕТ_ТАКОГО', column_mapping: 'не объект', extra: 1 };
  const badOperator = { license_issued_at: 'не дата', contract_zones: 'не список' };

  it.each([
    ['PATCH', '/api/import/files/1/', badMatching],
    ['PUT', '/api/operators/1/', badOperator],
    ['PUT', '/api/system-settings/', { zoom: 'много' }],
  ])('%s %s: 401 anonymous, 403 without the permission, then 400', async (method, url, payload) => {
    const send = (headers: Record<string, string>) => t.app.inject({ method: method as 'PUT', url, payload, headers });
    const anonymous = await send({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('detail');
    const nobody = await send(t.auth('nobody'));
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json()).toMatchObject({ code: 'permission_denied' });
    const admin = await send(t.auth('admin'));
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).not.toHaveProperty('detail');
  });

  it('malformed JSON is a 401 for an anonymous caller (the body is not even parsed)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/operators/1/', payload: '{"license_number": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    const admin = await t.app.inject({ method: 'PUT', url: '/api/operators/1/', payload: '{"license_number": ', headers: { 'content-type': 'application/json', ...t.auth('admin') } });
    expect(admin.statusCode).toBe(400);
  });

  it('a bad query is a 401 / 403 before it is a 400', async () => {
    const url = '/api/logs/?from=вчера';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: t.auth('viewer') })).statusCode).toBe(403);
    const admin = await t.app.inject({ method: 'GET', url, headers: t.auth('admin') });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toHaveProperty('from');
  });
});
