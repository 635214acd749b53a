/**
 * Workflow actions (issue 7 §2) on the real app, with the unauthorised-dump workflow
 * (contract waste-dump.ts WASTE_DUMP_WORKFLOW): DETECTED → start-liquidation → LIQUIDATION →
 * liquidate → LIQUIDATED, or DETECTED → reject → NOT_CONFIRMED. Checked: the route per action,
 * the body limited to the action's fields (required ones required), 409 with a Russian message
 * from a wrong state, 403 without the permission, 404 for a missing row, the history row with
 * who, when and the action's name, the live announcement with the step, the OpenAPI entry, and
 * a locked workflow refusing a state change outside its actions.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasteDumpResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { FieldValidationError, WritePipeline } from '@tko/db';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser } from './helpers';
import type { StompTestApp } from './stomp-helpers';
import { connectClient, json, startStompApp, waitFor } from './stomp-helpers';

const PATH = '/api/waste-dumps/';
let t: StompTestApp;
let viewerToken = '';
const admin = () => ({ Authorization: `Bearer ${t.tokens.admin}` });
const http = () => request(t.app.server);

async function newDump(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await http().post(PATH).set(admin()).send({ location: 'Ангарск, у гаражей', coordinates: '52.51, 103.95', discovery_date: '2026-04-14', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe(extra.status ?? 'DETECTED');
  return res.body.id as number;
}

beforeAll(async () => {
  t = await startStompApp();
  const viewer = await createUser(t.pool, 'dump-viewer@test.local', ['waste-dumps:view']);
  viewerToken = new TokenService(t.config.jwtSecret, 300, 3600).access(viewer);
});
afterAll(async () => {
  await t?.close();
});

describe('a dump through its workflow', () => {
  it('start-liquidation needs its required field, then moves DETECTED → LIQUIDATION with the given fields', async () => {
    const id = await newDump();
    const missing = await http().post(`${PATH}${id}/start-liquidation/`).set(admin()).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.liquidation_period).toEqual(['Обязательное поле.']);
    const foreign = await http().post(`${PATH}${id}/start-liquidation/`).set(admin()).send({ liquidation_period: { lower: '2026-05-01', upper: '2026-06-30' }, volume: '1' });
    expect(foreign.status).toBe(400);
    const ok = await http().post(`${PATH}${id}/start-liquidation/`).set(admin()).send({ liquidation_period: { lower: '2026-05-01', upper: '2026-06-30' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('LIQUIDATION');
    expect(ok.body.liquidation_period).toEqual({ lower: '2026-05-01', upper: '2026-06-30' });
    const row = await http().get(`${PATH}${id}/`).set(admin());
    expect(row.body.status).toBe('LIQUIDATION');
  });

  it('an action from a wrong state is 409 with a Russian message and changes nothing', async () => {
    const id = await newDump();
    const res = await http().post(`${PATH}${id}/liquidate/`).set(admin()).send({ liquidation_date: '2026-06-01' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Действие «Отметить ликвидированной» недоступно: объект в состоянии «Выявлена».');
    expect((await http().get(`${PATH}${id}/`).set(admin())).body.status).toBe('DETECTED');
    await http().post(`${PATH}${id}/reject/`).set(admin()).send({ description: 'На месте отходов нет' }).expect(200);
    const again = await http().post(`${PATH}${id}/reject/`).set(admin()).send({});
    expect(again.status).toBe(409);
  });

  it('liquidate records the step in the history with who made it', async () => {
    const id = await newDump({ status: 'LIQUIDATION' });
    const res = await http().post(`${PATH}${id}/liquidate/`).set(admin()).send({ liquidation_date: '2026-06-01' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('LIQUIDATED');
    const { rows } = await t.pool.query('SELECT action, step, user_id, user_name, before, after FROM change_log WHERE resource = $1 AND object_id = $2 ORDER BY id', ['waste-dumps', id]);
    expect(rows.map((r) => [r.action, r.step])).toEqual([['create', null], ['update', 'liquidate']]);
    expect(rows[1].user_id).toBe(t.users.admin);
    expect(rows[1].user_name).toBe('Админова Анна');
    expect(rows[1].before).toMatchObject({ status: 'LIQUIDATION', liquidation_date: null });
    expect(rows[1].after).toMatchObject({ status: 'LIQUIDATED', liquidation_date: '2026-06-01' });
  });

  it('refuses without the permission (403), without a token (401), for a missing row (404)', async () => {
    const id = await newDump();
    expect((await http().post(`${PATH}${id}/reject/`).set({ Authorization: `Bearer ${viewerToken}` }).send({})).status).toBe(403);
    expect((await http().post(`${PATH}${id}/reject/`).send({})).status).toBe(401);
    expect((await http().post(`${PATH}999999/reject/`).set(admin()).send({})).status).toBe(404);
    expect((await http().post(`${PATH}abc/reject/`).set(admin()).send({})).status).toBe(404);
  });

  it('is announced on the registry topic as an update with the step', async () => {
    const client = await connectClient(t.wsUrl, t.tokens.admin);
    try {
      const got = await client.subscribe('/topic/registry.waste-dumps');
      const id = await newDump();
      await http().post(`${PATH}${id}/reject/`).set(admin()).send({}).expect(200);
      await waitFor(() => got.length >= 2, 'create and reject messages');
      expect(got.map((m) => json(m))).toMatchObject([
        { resource: 'waste-dumps', action: 'create', id },
        { resource: 'waste-dumps', action: 'update', step: 'reject', id, user_id: t.users.admin },
      ]);
    } finally {
      await client.disconnect();
    }
  });

  it('every action is in the OpenAPI document', async () => {
    const doc = (await http().get('/api/openapi.json')).body as { paths: Record<string, { post?: { summary?: string } }> };
    const paths = Object.keys(doc.paths);
    for (const a of ['start-liquidation', 'liquidate', 'reject']) {
      const p = paths.find((x) => x.startsWith(PATH) && x.endsWith(`/${a}/`));
      expect(p, a).toBeDefined();
      expect(doc.paths[p!]!.post?.summary).toContain('Несанкционированные свалки');
    }
  });
});

describe('a locked workflow', () => {
  const locked: ResourceDef = { ...wasteDumpResource, workflow: { ...wasteDumpResource.workflow!, locked: true } };

  it('refuses a state change outside the actions, allows the action', async () => {
    const pipeline = new WritePipeline(t.pool, { defs: [locked] });
    const writer = { userName: 'Тест', userId: t.users.admin };
    const row = await pipeline.create(locked, pipeline.parseCreate(locked, { location: 'Ангарск', coordinates: '52.5, 103.9' }), writer);
    const id = Number(row.id);
    await expect(pipeline.create(locked, pipeline.parseCreate(locked, { location: 'Ангарск', coordinates: '52.5, 103.9', status: 'LIQUIDATED' }), writer)).rejects.toBeInstanceOf(FieldValidationError);
    const err = await pipeline.update(locked, id, { status: 'LIQUIDATION' }, writer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FieldValidationError);
    expect((err as FieldValidationError).fields.status![0]).toMatch(/^Состояние меняется только действиями: «Начать ликвидацию»/);
    // The same value is not a change; other fields stay editable.
    expect(await pipeline.update(locked, id, { status: 'DETECTED', landmark: 'у дороги' }, writer)).toMatchObject({ landmark: 'у дороги' });
    const moved = await pipeline.act(locked, 'start-liquidation', id, pipeline.parseAction(locked, 'start-liquidation', { liquidation_period: { lower: '2026-05-01', upper: '2026-05-31' } }), writer);
    expect(moved?.status).toBe('LIQUIDATION');
  });
});
