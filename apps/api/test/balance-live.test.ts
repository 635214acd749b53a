/**
 * The balance on the live connection (issue 12 §3): the balance is registered by its own module,
 * not in `resources`, yet its registry topic may be subscribed to (a refused SUBSCRIBE would close
 * the browser's whole STOMP connection) and a write through PUT {year}/{fkko_id}/ arrives on it.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS } from '@tko/contract';
import type { StompTestApp, TestClient } from './stomp-helpers';
import { connectClient, json, startStompApp, waitFor } from './stomp-helpers';

let t: StompTestApp;
let c: TestClient | undefined;

beforeAll(async () => {
  t = await startStompApp();
});
afterAll(async () => {
  await c?.client.deactivate().catch(() => undefined);
  await t?.close();
});

describe('balance topic', () => {
  it('accepts a subscription to /topic/registry.balance and delivers a PUT by year and ФККО code', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`INSERT INTO fkko (code, name) VALUES ('73111001724', 'Отходы из жилищ') RETURNING id`);
    c = await connectClient(t.wsUrl, t.tokens.admin);
    const got = await c.subscribe(DESTINATIONS.registry('balance'));
    expect(c.errors).toEqual([]);
    const put = await request(t.app.server).put(`/api/balance/simulated/2026/${rows[0]!.id}/`).set('Authorization', `Bearer ${t.tokens.admin}`).send({ created: '5', year_end: '5' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await waitFor(() => got.length >= 1, 'balance create event');
    expect(json(got[0]!)).toMatchObject({ resource: 'balance', action: 'create', id: put.body.id });
    expect(c.closed).toBe(false);
  });
});
