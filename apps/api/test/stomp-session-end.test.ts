/**
 * A live session ends with its sign-in (stomp/session-end.ts): logout, a revoked sign-in,
 * deactivation and the token's expiry each close it with an ERROR saying why, on the real app
 * with @stomp/stompjs clients. "Nothing more was answered" is proven by the ERROR frame that
 * refused the frame (its receipt-id) and the socket's close, never by a pause.
 */
import type { IMessage } from '@stomp/stompjs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS } from '@tko/contract';
import { PASSWORD } from './helpers';
import type { StompTestApp, TestClient } from './stomp-helpers';
import { connectClient, startStompApp, waitFor } from './stomp-helpers';

let t: StompTestApp;
const open: TestClient[] = [];
beforeAll(async () => {
  t = await startStompApp({ overrides: { signInRateLimit: { perAccount: 100, perAddress: 100, windowSeconds: 60 } } });
});
afterAll(async () => {
  for (const c of open) await c.disconnect().catch(() => undefined);
  await t?.close();
});

async function signIn(email = 'admin@test.local'): Promise<{ access: string; refresh: string }> {
  const res = await request(t.app.server).post('/api/auth/token/').send({ email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body;
}

async function client(token: string): Promise<TestClient> {
  const c = await connectClient(t.wsUrl, token);
  open.push(c);
  expect(c.connected, c.errors[0]?.headers.message).not.toBeNull();
  return c;
}

/** Sends one request over the session; `receipt` asks the broker to confirm the SEND was handled. */
function send(c: TestClient, correlationId: string, receipt?: string): void {
  c.client.publish({
    destination: DESTINATIONS.requests,
    body: JSON.stringify({ method: 'GET', path: '/api/users/me/' }),
    headers: { 'reply-to': '/temp-queue/replies', 'correlation-id': correlationId, 'content-type': 'application/json', ...(receipt ? { receipt } : {}) },
  });
}

async function ask(c: TestClient, replies: IMessage[], correlationId: string): Promise<number> {
  send(c, correlationId);
  await waitFor(() => replies.some((m) => m.headers['correlation-id'] === correlationId), `reply ${correlationId}`);
  return (JSON.parse(replies.find((m) => m.headers['correlation-id'] === correlationId)!.body) as { status: number }).status;
}

describe('a live session ends with its sign-in', () => {
  it('logout closes the sessions of that sign-in at once (ERROR «выполнен выход»), not those of another sign-in', async () => {
    const first = await signIn();
    const second = await signIn();
    const a = await client(first.access);
    const b = await client(second.access);
    const aReplies = await a.subscribe('/temp-queue/replies');
    const bReplies = await b.subscribe('/temp-queue/replies');
    expect(await ask(a, aReplies, 'a-before')).toBe(200);

    const out = await request(t.app.server).post('/api/auth/logout/').send({ refresh: first.refresh });
    expect(out.status).toBe(204);
    await waitFor(() => a.errors.length > 0 && a.closed, 'ERROR and close after logout');
    expect(a.errors[0]!.headers.message).toBe('Нужен действительный токен доступа — выполнен выход');
    expect(a.errors[0]!.body).toMatch(/вышел из системы/);
    // The other sign-in's session goes on: it still answers, and was never sent an ERROR.
    expect(await ask(b, bReplies, 'b-after')).toBe(200);
    expect(b.errors).toHaveLength(0);
    expect(b.closed).toBe(false);
  });

  it('a sign-in revoked without an announcement: the next frame gets the ERROR (its receipt-id) and no answer', async () => {
    const s = await signIn();
    const c = await client(s.access);
    const replies = await c.subscribe('/temp-queue/replies');
    expect(await ask(c, replies, 'before')).toBe(200);
    // As a reuse detected by another process would leave it: every token of the family revoked.
    const fam = JSON.parse(Buffer.from(s.refresh.split('.')[1]!, 'base64url').toString()).fam as string;
    await t.pool.query('UPDATE refresh_token SET revoked_at = now() WHERE family_id = $1', [fam]);
    send(c, 'after', 'send-after-revoke');
    await waitFor(() => c.errors.length > 0 && c.closed, 'ERROR and close');
    expect(c.errors[0]!.headers.message).toBe('Нужен действительный токен доступа — сеанс отозван');
    expect(c.errors[0]!.headers['receipt-id']).toBe('send-after-revoke');
    expect(replies.some((m) => m.headers['correlation-id'] === 'after')).toBe(false);
    expect(c.unhandled.some((m) => m.headers['correlation-id'] === 'after')).toBe(false);
  });

  it('a deactivated user\'s sessions close at once', async () => {
    const s = await signIn('viewer@test.local');
    const c = await client(s.access);
    const admin = await signIn();
    const del = await request(t.app.server).delete(`/api/users/${t.users.viewer}/`).set('Authorization', `Bearer ${admin.access}`);
    expect(del.status).toBe(204);
    await waitFor(() => c.errors.length > 0 && c.closed, 'ERROR and close after deactivation');
    expect(c.errors[0]!.headers.message).toBe('Нужен действительный токен доступа — сеанс отозван');
  });

  it('a connection with a spent sign-in is refused at CONNECT', async () => {
    const s = await signIn();
    expect((await request(t.app.server).post('/api/auth/logout/').send({ refresh: s.refresh })).status).toBe(204);
    const c = await connectClient(t.wsUrl, s.access);
    open.push(c);
    expect(c.connected).toBeNull();
    expect(c.errors[0]?.headers.message).toBe('Нужен действительный токен доступа — сеанс отозван');
  });
});

describe('a live session ends with its token', () => {
  let short: StompTestApp;
  beforeAll(async () => {
    short = await startStompApp({ overrides: { accessTokenLifetime: 3 } });
  });
  afterAll(async () => short?.close());

  it('at the token\'s expiry: ERROR «срок действия истёк», then close — not before', async () => {
    const res = await request(short.app.server).post('/api/auth/token/').send({ email: 'admin@test.local', password: PASSWORD });
    expect(res.status).toBe(200);
    const exp = (JSON.parse(Buffer.from((res.body.access as string).split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
    const c = await connectClient(short.wsUrl, res.body.access);
    open.push(c);
    expect(c.connected).not.toBeNull();
    await waitFor(() => c.errors.length > 0 && c.closed, 'ERROR at expiry', 30000);
    const at = Date.now();
    expect(c.errors[0]!.headers.message).toBe('Нужен действительный токен доступа — срок действия истёк');
    // JWT exp is in whole seconds (rounded down): the session lived until then.
    expect(at).toBeGreaterThanOrEqual(exp - 1000);
  });
});
