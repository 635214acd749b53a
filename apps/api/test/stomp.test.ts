/**
 * The STOMP 1.2 broker at /ws/ through @stomp/stompjs (a real client we did not write), on one
 * API instance without Redis: connect and refusal, registry changes after REST writes,
 * per-user queues, permission refusals, receipts, ACK/NACK, transactions, request/response.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IMessage } from '@stomp/stompjs';
import { DESTINATIONS } from '@tko/contract';
import { createUser, PASSWORD, siteBody } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';
import type { StompTestApp, TestClient } from './stomp-helpers';
import { connectClient, json, startStompApp, waitFor } from './stomp-helpers';

let t: StompTestApp;
const open: TestClient[] = [];
const PATH = '/api/waste-area/container/';

async function client(token: string | null, opts: Parameters<typeof connectClient>[2] = {}): Promise<TestClient> {
  const c = await connectClient(t.wsUrl, token, opts);
  open.push(c);
  return c;
}

beforeAll(async () => {
  t = await startStompApp();
});
afterAll(async () => {
  for (const c of open) await c.client.deactivate().catch(() => undefined);
  await t?.close();
});

describe('CONNECT', () => {
  it('answers CONNECTED 1.2 with heart-beat, session and user for a valid access token', async () => {
    const c = await client(t.tokens.admin);
    expect(c.errors).toEqual([]);
    expect(c.connected?.headers.version).toBe('1.2');
    expect(c.connected?.headers['heart-beat']).toBe('10000,10000');
    expect(c.connected?.headers.session).toMatch(/^[0-9a-f]{12}$/);
    expect(c.connected?.headers['user-name']).toBe('admin@test.local');
  });

  it('accepts the token as passcode', async () => {
    const c = await client(null, { connectHeaders: { login: 'admin@test.local', passcode: t.tokens.viewer } });
    expect(c.connected?.headers['user-name']).toBe('viewer@test.local');
  });

  it.each([
    ['no token', {}],
    ['a malformed token', { Authorization: 'Bearer not-a-jwt' }],
    ['a refresh token', { Authorization: 'Bearer REFRESH' }],
    ['another scheme', { Authorization: 'Basic YWRtaW46cGFzcw==' }],
  ])('refuses %s with ERROR and closes the socket', async (_name, headers: Record<string, string>) => {
    const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('REFRESH', t.tokens.refresh)]));
    const c = await client(null, { connectHeaders: h });
    await waitFor(() => c.closed, 'close after refusal');
    expect(c.connected).toBeNull();
    expect(c.errors[0]?.headers.message).toBe('Нужен действительный токен доступа');
  });

  it('refuses a deactivated user', async () => {
    const id = await createUser(t.pool, 'gone@test.local', ['container:view']);
    await t.pool.query('UPDATE app_user SET is_active = false WHERE id = $1', [id]);
    const token = new TokenService(t.config.jwtSecret, 300, 3600).access(id);
    const c = await client(token);
    await waitFor(() => c.closed, 'close');
    expect(c.errors[0]?.headers.message).toBe('Нужен действительный токен доступа');
  });
});

describe('registry topics', () => {
  it('delivers create, update and delete with the id after REST writes', async () => {
    const c = await client(t.tokens.viewer);
    const got = await c.subscribe(DESTINATIONS.registry('container'));
    const created = await request(t.app.server).post(PATH).set('Authorization', `Bearer ${t.tokens.admin}`).send(siteBody({ identifier: 'WS-1' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await waitFor(() => got.length >= 1, 'create event');
    expect(got[0]!.headers.destination).toBe('/topic/registry.container');
    expect(got[0]!.headers.subscription).toBeTruthy();
    expect(got[0]!.headers['message-id']).toBeTruthy();
    expect(got[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(json(got[0]!)).toMatchObject({ resource: 'container', action: 'create', id, user_id: t.users.admin });

    expect((await request(t.app.server).patch(`${PATH}${id}/`).set('Authorization', `Bearer ${t.tokens.admin}`).send({ identifier: 'WS-1b' })).status).toBe(200);
    await waitFor(() => got.length >= 2, 'update event');
    expect(json(got[1]!)).toMatchObject({ action: 'update', id });

    expect((await request(t.app.server).delete(`${PATH}${id}/`).set('Authorization', `Bearer ${t.tokens.admin}`)).status).toBe(204);
    await waitFor(() => got.length >= 3, 'delete event');
    expect(json(got[2]!)).toMatchObject({ action: 'delete', id });
    const ids = got.map((m) => m.headers['message-id']);
    expect(new Set(ids).size).toBe(3);
  });

  it('announces nothing for a refused write', async () => {
    const c = await client(t.tokens.admin);
    const got = await c.subscribe(DESTINATIONS.registry('container'));
    expect((await request(t.app.server).post(PATH).set('Authorization', `Bearer ${t.tokens.admin}`).send({ identifier: 'no location' })).status).toBe(400);
    expect((await request(t.app.server).delete(`${PATH}999999/`).set('Authorization', `Bearer ${t.tokens.admin}`)).status).toBe(404);
    const ok = await request(t.app.server).post(PATH).set('Authorization', `Bearer ${t.tokens.admin}`).send(siteBody({ identifier: 'WS-2' }));
    await waitFor(() => got.length >= 1, 'the one event');
    expect(got).toHaveLength(1);
    expect(json(got[0]!)).toMatchObject({ action: 'create', id: ok.body.id });
  });

  it.each([
    ['viewer', 'special', 'Нет прав на подписку'],
    ['nobody', 'container', 'Нет прав на подписку'],
    ['admin', 'no-such-registry', 'Неизвестный реестр'],
  ] as const)('refuses %s a subscription to %s with ERROR and a closed connection', async (who, registry, message) => {
    const c = await client(t.tokens[who]);
    await expect(c.subscribe(DESTINATIONS.registry(registry))).rejects.toThrow(message);
    await waitFor(() => c.closed, 'close');
    expect(c.errors[0]?.headers.message).toBe(message);
    expect(c.errors[0]?.headers['receipt-id']).toMatch(/^sub-/);
  });

  it.each([
    DESTINATIONS.registry('container'), '/topic/chat.ops', DESTINATIONS.notifications, '/temp-queue/x', DESTINATIONS.job('1'),
  ])('refuses SEND to %s (only the request channel takes SEND: issue 8 §6)', async (destination) => {
    const c = await client(t.tokens.admin);
    const seen: string[] = [];
    const sub = await c.subscribe('/topic/chat.ops');
    c.client.publish({ destination, body: '{"action":"delete","id":1}' });
    await waitFor(() => c.closed, 'close');
    expect(c.errors[0]?.headers.message).toBe('В это назначение нельзя отправлять сообщения');
    for (const m of sub) seen.push(m.body);
    expect(seen).toEqual([]);
  });

  it('refuses a job topic while background jobs are unavailable (no Redis)', async () => {
    const c = await client(t.tokens.admin);
    await expect(c.subscribe(DESTINATIONS.job('42'))).rejects.toThrow('Фоновые задачи временно недоступны');
  });
});

describe('per-user queue', () => {
  it('delivers a message addressed to a user to that user only', async () => {
    const admin = await client(t.tokens.admin);
    const viewer = await client(t.tokens.viewer);
    const a = await admin.subscribe(DESTINATIONS.notifications);
    const v = await viewer.subscribe(DESTINATIONS.notifications);
    await t.app.realtime.publisher.publish({ destination: DESTINATIONS.notifications, user_id: t.users.viewer, body: { body: 'для зрителя' } });
    await t.app.realtime.publisher.publish({ destination: DESTINATIONS.notifications, user_id: t.users.admin, body: { body: 'для админа' } });
    await t.app.realtime.publisher.publish({ destination: DESTINATIONS.notifications, body: { body: 'без адресата' } });
    await waitFor(() => a.length >= 1 && v.length >= 1, 'both');
    await t.app.realtime.publisher.publish({ destination: DESTINATIONS.notifications, user_id: t.users.admin, body: { body: 'второе' } });
    await waitFor(() => a.length >= 2, 'second to admin');
    expect(a.map((m) => (json(m) as { body: string }).body)).toEqual(['для админа', 'второе']);
    expect(v.map((m) => (json(m) as { body: string }).body)).toEqual(['для зрителя']);
  });
});

describe('receipts', () => {
  it('answers RECEIPT for SUBSCRIBE, SEND, UNSUBSCRIBE and DISCONNECT', async () => {
    const c = await client(t.tokens.admin);
    const got = await c.subscribe('/temp-queue/receipts'); // waits for its RECEIPT
    const seen: string[] = [];
    for (const r of ['send-1', 'unsub-1', 'send-2']) c.client.watchForReceipt(r, (f) => seen.push(f.headers['receipt-id']!));
    const req = { 'reply-to': '/temp-queue/receipts', 'content-type': 'application/json' };
    const body = JSON.stringify({ method: 'GET', path: '/api/users/me/' });
    c.client.publish({ destination: DESTINATIONS.requests, body, headers: { ...req, 'correlation-id': '1', receipt: 'send-1' } });
    await waitFor(() => seen.includes('send-1') && got.length === 1, 'send receipt and answer');
    expect((json(got[0]!) as { status: number }).status).toBe(200);
    c.client.unsubscribe(got[0]!.headers.subscription!, { receipt: 'unsub-1' });
    c.client.publish({ destination: DESTINATIONS.requests, body, headers: { ...req, 'correlation-id': '2', receipt: 'send-2' } });
    await waitFor(() => seen.length === 3, 'receipts in order');
    expect(seen).toEqual(['send-1', 'unsub-1', 'send-2']);
    expect(got).toHaveLength(1);
    let disconnected = '';
    c.client.onDisconnect = (f) => {
      disconnected = f.headers['receipt-id'] ?? '';
    };
    await c.client.deactivate();
    await waitFor(() => disconnected !== '', 'DISCONNECT receipt');
    expect(disconnected).toMatch(/^close-/);
    expect(c.errors).toEqual([]);
  });
});

describe('acknowledgement', () => {
  it('client-individual: a NACKed message comes again marked redelivered; an ACKed one does not', async () => {
    const c = await client(t.tokens.admin);
    const got = await c.subscribe('/topic/ack.individual', { ack: 'client-individual' });
    await t.app.realtime.publisher.publish({ destination: '/topic/ack.individual', body: 'один' });
    await waitFor(() => got.length === 1, 'first');
    expect(got[0]!.headers.ack).toBeTruthy();
    got[0]!.nack();
    await waitFor(() => got.length === 2, 'redelivery');
    expect(got[1]!.body).toBe('один');
    expect(got[1]!.headers.redelivered).toBe('true');
    expect(got[1]!.headers['message-id']).toBe(got[0]!.headers['message-id']);
    got[1]!.ack();
    await t.app.realtime.publisher.publish({ destination: '/topic/ack.individual', body: 'два' });
    await waitFor(() => got.length === 3, 'next');
    expect(got[2]!.body).toBe('два');
    expect(c.errors).toEqual([]);
  });

  it('a message NACKed maxDeliveries times is dropped', async () => {
    const c = await client(t.tokens.admin);
    const got: IMessage[] = await c.subscribe('/topic/ack.drop', { ack: 'client-individual' });
    await t.app.realtime.publisher.publish({ destination: '/topic/ack.drop', body: 'x' });
    for (let i = 1; i <= 3; i += 1) {
      await waitFor(() => got.length === i, `delivery ${i}`);
      got[i - 1]!.nack();
    }
    await t.app.realtime.publisher.publish({ destination: '/topic/ack.drop', body: 'y' });
    await waitFor(() => got.length === 4, 'next message');
    expect(got.map((m) => m.body)).toEqual(['x', 'x', 'x', 'y']);
  });

  it('client: the prefetch window holds messages back; one ACK acknowledges every earlier one', async () => {
    const c = await client(t.tokens.admin);
    const got = await c.subscribe('/topic/ack.client', { ack: 'client', 'prefetch-count': '2' });
    for (const b of ['1', '2', '3', '4']) await t.app.realtime.publisher.publish({ destination: '/topic/ack.client', body: b });
    await waitFor(() => got.length === 2, 'window of 2');
    // a round trip through the broker proves the window holds: the receipt comes after any message it would have sent
    let fenced = false;
    c.client.watchForReceipt('fence', () => {
      fenced = true;
    });
    c.client.subscribe('/topic/other', () => undefined, { receipt: 'fence' });
    await waitFor(() => fenced, 'fence');
    expect(got.map((m) => m.body)).toEqual(['1', '2']);
    got[1]!.ack(); // acknowledges 1 and 2
    await waitFor(() => got.length === 4, 'the rest');
    expect(got.map((m) => m.body)).toEqual(['1', '2', '3', '4']);
    got[3]!.ack();
    expect(c.errors).toEqual([]);
  });

  it('auto mode sends no ack header; an ACK of an unknown id is an ERROR', async () => {
    const c = await client(t.tokens.admin);
    const got = await c.subscribe('/topic/ack.auto');
    await t.app.realtime.publisher.publish({ destination: '/topic/ack.auto', body: 'a' });
    await waitFor(() => got.length === 1, 'message');
    expect(got[0]!.headers.ack).toBeUndefined();
    c.client.ack('no-such-id', got[0]!.headers.subscription!);
    await waitFor(() => c.closed, 'close');
    expect(c.errors[0]?.headers.message).toBe('Неизвестный id подтверждения');
  });

  it('refuses an unknown ack mode', async () => {
    const c = await client(t.tokens.admin);
    await expect(c.subscribe('/topic/ack.bad', { ack: 'sometimes' })).rejects.toThrow('Неверный режим подтверждения');
  });
});

describe('transactions', () => {
  it('holds SENDs until COMMIT and drops them on ABORT', async () => {
    const c = await client(t.tokens.admin);
    const got = await c.subscribe('/temp-queue/tx');
    const send = (id: string, transaction?: string) => c.client.publish({
      destination: DESTINATIONS.requests,
      body: JSON.stringify({ method: 'GET', path: '/api/users/me/' }),
      headers: { 'reply-to': '/temp-queue/tx', 'correlation-id': id, ...(transaction ? { transaction } : {}) },
    });
    const tx1 = c.client.begin();
    send('в транзакции', tx1.id);
    const aborted = c.client.begin();
    send('отменено', aborted.id);
    aborted.abort();
    send('сразу');
    await waitFor(() => got.length === 1, 'the direct one');
    expect(got[0]!.headers['correlation-id']).toBe('сразу');
    tx1.commit();
    await waitFor(() => got.length === 2, 'committed');
    await new Promise((r) => setTimeout(r, 200));
    expect(got.map((m) => m.headers['correlation-id'])).toEqual(['сразу', 'в транзакции']);
    expect(c.errors).toEqual([]);
  });

  it('refuses COMMIT of an unknown transaction', async () => {
    const c = await client(t.tokens.admin);
    c.client.publish({ destination: '/topic/tx2', body: 'x', headers: { transaction: 'never-begun' } });
    await waitFor(() => c.closed, 'close');
    expect(c.errors[0]?.headers.message).toBe('Неизвестная транзакция');
  });
});

describe('request/response', () => {
  async function ask(c: TestClient, replies: IMessage[], body: unknown, correlationId: string): Promise<{ status: number; body: unknown }> {
    const before = replies.length;
    c.client.publish({
      destination: DESTINATIONS.requests,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'reply-to': '/temp-queue/replies', 'correlation-id': correlationId, 'content-type': 'application/json' },
    });
    await waitFor(() => replies.slice(before).some((m) => m.headers['correlation-id'] === correlationId), `reply ${correlationId}`);
    return json(replies.find((m) => m.headers['correlation-id'] === correlationId)!) as { status: number; body: unknown };
  }

  it('performs any API call as the signed-in user and answers on reply-to with the correlation id', async () => {
    const c = await client(t.tokens.admin);
    const replies = await c.subscribe('/temp-queue/replies');
    const events = await c.subscribe(DESTINATIONS.registry('container'));
    const me = await ask(c, replies, { method: 'GET', path: '/api/users/me/' }, 'c-1');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'admin@test.local' });
    const created = await ask(c, replies, { method: 'POST', path: PATH, body: siteBody({ identifier: 'WS-RR' }) }, 'c-2');
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    await waitFor(() => events.length >= 1, 'change event of the STOMP-made write');
    expect(json(events[0]!)).toMatchObject({ action: 'create', id });
    const list = await ask(c, replies, { path: `${PATH}?search=WS-RR` }, 'c-3');
    expect(list).toMatchObject({ status: 200, body: { count: 1 } });
    const bad = await ask(c, replies, { method: 'POST', path: PATH, body: {} }, 'c-4');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('location');
  });

  it('answers 404 promptly for an unknown path', async () => {
    const c = await client(t.tokens.admin);
    const replies = await c.subscribe('/temp-queue/replies');
    const started = Date.now();
    const res = await ask(c, replies, { method: 'GET', path: '/api/no-such-thing/' }, 'nf');
    expect(res.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('keeps the permissions of the user: a viewer cannot create', async () => {
    const c = await client(t.tokens.viewer);
    const replies = await c.subscribe('/temp-queue/replies');
    const res = await ask(c, replies, { method: 'POST', path: PATH, body: siteBody() }, 'v-1');
    expect(res).toMatchObject({ status: 403, body: { detail: 'У вас недостаточно прав для выполнения данного действия.', code: 'permission_denied' } });
  });

  it('answers 400 for a body that is not a request', async () => {
    const c = await client(t.tokens.admin);
    const replies = await c.subscribe('/temp-queue/replies');
    expect((await ask(c, replies, 'not json', 'b-1')).status).toBe(400);
    const res = await ask(c, replies, { method: 'TRACE', path: 'http://evil/' }, 'b-2');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object).sort()).toEqual(['method', 'path']);
  });

  it('delivers the reply to a client without a subscription on reply-to (subscription = reply-to)', async () => {
    const c = await client(t.tokens.admin);
    c.client.publish({
      destination: DESTINATIONS.requests,
      body: JSON.stringify({ path: '/api/users/me/' }),
      headers: { 'reply-to': '/temp-queue/rpc', 'correlation-id': 'u-1' },
    });
    await waitFor(() => c.unhandled.length === 1, 'unhandled reply');
    expect(c.unhandled[0]!.headers.subscription).toBe('/temp-queue/rpc');
    expect(c.unhandled[0]!.headers['correlation-id']).toBe('u-1');
    expect((json(c.unhandled[0]!) as { status: number }).status).toBe(200);
  });

  it('sign-in over the request channel counts against the per-account limit (429 past it, then HTTP too)', async () => {
    const c = await client(t.tokens.nobody);
    const replies = await c.subscribe('/temp-queue/replies');
    const limit = t.config.signInRateLimit.perAccount;
    for (let i = 0; i < limit; i++) {
      const res = await ask(c, replies, { method: 'POST', path: '/api/auth/token/', body: { email: 'viewer@test.local', password: 'wrong' } }, `s-${i}`);
      expect(res.status).toBe(401);
    }
    const res = await ask(c, replies, { method: 'POST', path: '/api/auth/token/', body: { email: 'viewer@test.local', password: PASSWORD } }, 's-last');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'throttled' });
    const http = await request(t.app.server).post('/api/auth/token/').send({ email: 'viewer@test.local', password: PASSWORD });
    expect(http.status).toBe(429);
    expect(http.headers['retry-after']).toBeDefined();
  });

  it('after a password change, the next request ends the open session (ERROR on that frame, close)', async () => {
    const uid = await createUser(t.pool, 'ws-changer@test.local', ['container:view']);
    const token = new TokenService(t.config.jwtSecret, 300, 3600).access(uid);
    const c = await client(token);
    const replies = await c.subscribe('/temp-queue/replies');
    expect((await ask(c, replies, { method: 'GET', path: '/api/users/me/' }, 'p-1')).status).toBe(200);
    await t.pool.query("UPDATE app_user SET password_hash = 'changed' WHERE id = $1", [uid]);
    await new Promise((r) => setTimeout(r, 2100)); // the user store's cache
    c.client.publish({ destination: DESTINATIONS.requests, body: JSON.stringify({ method: 'GET', path: '/api/users/me/' }), headers: { 'reply-to': '/temp-queue/replies', 'correlation-id': 'p-2', receipt: 'p-2' } });
    await waitFor(() => c.errors.length > 0 && c.closed, 'ERROR and close');
    expect(c.errors[0]!.headers.message).toBe('Нужен действительный токен доступа — сеанс отозван');
    expect(c.errors[0]!.headers['receipt-id']).toBe('p-2');
    expect(replies.some((m) => m.headers['correlation-id'] === 'p-2')).toBe(false);
  });

  it('refuses a request without reply-to', async () => {
    const c = await client(t.tokens.admin);
    c.client.publish({ destination: DESTINATIONS.requests, body: '{}', headers: { 'correlation-id': 'x' } });
    await waitFor(() => c.closed, 'close');
    expect(c.errors[0]?.headers.message).toBe('Нет обязательного заголовка');
  });
});
