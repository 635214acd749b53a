/**
 * Notifications (spec 01 §3; contract routes/notifications.ts): the REST calls over the real
 * app and database — paging newest first, unread count, isolation between users, read one /
 * read all / delete, expired ones invisible — and notify() storing a row AND publishing the
 * envelope on Redis REALTIME_CHANNEL for the user's queue (the STOMP broker's tests deliver it).
 */
import request from 'supertest';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, RealtimeEnvelope } from '@tko/contract';
import { DESTINATIONS, REALTIME_CHANNEL } from '@tko/contract';
import { Notifier } from '@tko/db';
import { redisPublisher } from '@tko/realtime';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const PATH = '/api/notifications/';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let publisherRedis: Redis;
let notifier: Notifier;

beforeAll(async () => {
  t = await startTestApp();
  publisherRedis = new Redis(REDIS_URL);
  notifier = new Notifier(t.pool, redisPublisher(publisherRedis));
});
afterAll(async () => {
  publisherRedis?.disconnect();
  await t?.close();
});

const list = (who: 'admin' | 'viewer' | 'nobody', query = '') => request(t.app.server).get(`${PATH}${query}`).set(t.auth(who));

describe('notify()', () => {
  it('stores the notification and publishes it on the user’s queue', async () => {
    const sub = new Redis(REDIS_URL);
    const got: RealtimeEnvelope[] = [];
    sub.on('message', (_c: string, raw: string) => got.push(JSON.parse(raw) as RealtimeEnvelope));
    await sub.subscribe(REALTIME_CHANNEL);
    try {
      const body = `Проверка доставки ${Date.now()}`;
      const n = await notifier.notify(t.users.viewer, { body, documentUrl: '/api/jobs/x/file/', documentName: 'a.xlsx', documentFileType: 'xlsx', type: 'download' });
      expect(n).not.toBeNull();
      const until = Date.now() + 10000;
      while (!got.some((m) => (m.body as Notification | undefined)?.body === body) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const mine = got.filter((m) => (m.body as Notification | undefined)?.body === body);
      expect(mine).toEqual([{ destination: DESTINATIONS.notifications, user_id: t.users.viewer, body: n }]);
      // The pushed body is exactly what the list answers.
      const res = await list('viewer');
      expect(res.body.results[0]).toEqual(n);
      expect(Object.keys(n!).sort()).toEqual(['body', 'createdAt', 'documentData', 'documentFileType', 'documentName', 'documentUrl', 'id', 'liveUntil', 'readed', 'type']);
    } finally {
      sub.disconnect();
    }
  });

  it('stores and publishes nothing the second time for the same dedup key', async () => {
    const first = await notifier.notify(t.users.viewer, { body: 'Один раз', dedupKey: 'test:once' });
    const again = await notifier.notify(t.users.viewer, { body: 'Один раз', dedupKey: 'test:once' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    const { rows } = await t.pool.query(`SELECT count(*)::int AS n FROM notification WHERE dedup_key = 'test:once'`);
    expect(rows[0].n).toBe(1);
  });

  it('refuses an empty body and an unknown type', async () => {
    await expect(notifier.notify(t.users.viewer, { body: '' })).rejects.toThrow();
    await expect(notifier.notify(t.users.viewer, { body: 'x', type: 'loud' as 'simple' })).rejects.toThrow();
  });
});

describe('GET /api/notifications/', () => {
  it('needs a signed-in user', async () => {
    expect((await request(t.app.server).get(PATH)).status).toBe(401);
    expect((await request(t.app.server).post(`${PATH}read-all/`)).status).toBe(401);
    expect((await request(t.app.server).delete(`${PATH}1/`)).status).toBe(401);
  });

  it('answers an empty page for a user without notifications', async () => {
    const res = await list('nobody');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, unread_count: 0, results: [] });
  });

  it('pages the user’s own notifications newest first, with defaults of the spec', async () => {
    for (let i = 1; i <= 25; i++) await notifier.notify(t.users.admin, { body: `Сообщение ${i}` });
    const first = await list('admin', '?page_size=10');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.unread_count).toBe(25);
    expect(first.body.results.map((n: Notification) => n.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Сообщение ${25 - i}`));
    expect(first.body.next).toMatch(/\/api\/notifications\/\?page_size=10&page=2$/);
    expect(first.body.previous).toBeNull();
    const n = first.body.results[0] as Notification;
    expect(n).toMatchObject({ type: 'simple', readed: false, documentData: null, documentUrl: null, documentName: null, documentFileType: null });
    // One calendar month later as PostgreSQL adds `interval '1 month'` (session time zone UTC): the day kept,
    // or the month's last day when it has fewer (31 January → 28 February; JS setMonth would give 3 March).
    const created = new Date(n.createdAt);
    const lastDay = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 2, 0)).getUTCDate();
    const month = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 1, Math.min(created.getUTCDate(), lastDay),
      created.getUTCHours(), created.getUTCMinutes(), created.getUTCSeconds(), created.getUTCMilliseconds()));
    expect(Math.abs(new Date(n.liveUntil).getTime() - month.getTime())).toBeLessThan(5000);
    const last = await list('admin', '?page_size=10&page=3');
    expect(last.body.results.map((x: Notification) => x.body)).toEqual(['Сообщение 5', 'Сообщение 4', 'Сообщение 3', 'Сообщение 2', 'Сообщение 1']);
    expect(last.body.next).toBeNull();
    expect((await list('admin', '?page_size=10&page=4')).status).toBe(404);
  });

  it('refuses bad parameters with 400 on the field', async () => {
    const res = await list('admin', '?page_size=abc&colour=red');
    expect(res.status).toBe(400);
    expect(res.body.page_size).toBeDefined();
    expect(res.body.colour).toEqual(['Неизвестный параметр.']);
    expect((await list('admin', '?readed=maybe')).body.readed).toBeDefined();
  });

  it('never shows, marks or deletes another user’s notifications', async () => {
    const own = (await list('admin', '?page_size=1')).body.results[0] as Notification;
    const viewerBefore = (await list('viewer')).body;
    expect(viewerBefore.results.some((n: Notification) => n.id === own.id)).toBe(false);
    expect((await request(t.app.server).post(`${PATH}${own.id}/read/`).set(t.auth('viewer'))).status).toBe(404);
    expect((await request(t.app.server).delete(`${PATH}${own.id}/`).set(t.auth('viewer'))).status).toBe(404);
    await request(t.app.server).post(`${PATH}read-all/`).set(t.auth('viewer')).expect(200);
    const after = (await list('admin', '?page_size=1')).body;
    expect(after.results[0]).toEqual(own);
    expect(after.unread_count).toBe(25);
  });
});

describe('read, read all, delete', () => {
  it('marks one read and lowers the unread count', async () => {
    const [n] = (await list('admin', '?page_size=1')).body.results as Notification[];
    const res = await request(t.app.server).post(`${PATH}${n!.id}/read/`).set(t.auth('admin'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...n, readed: true });
    expect((await request(t.app.server).get(`${PATH}unread-count/`).set(t.auth('admin'))).body).toEqual({ unread_count: 24 });
    expect((await list('admin', '?readed=true')).body.results.map((x: Notification) => x.id)).toEqual([n!.id]);
    expect((await list('admin', '?readed=false')).body.count).toBe(24);
    expect((await request(t.app.server).post(`${PATH}999999/read/`).set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).post(`${PATH}abc/read/`).set(t.auth('admin'))).status).toBe(404);
  });

  it('marks all read', async () => {
    const res = await request(t.app.server).post(`${PATH}read-all/`).set(t.auth('admin'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 24, unread_count: 0 });
    const page = (await list('admin')).body;
    expect(page.unread_count).toBe(0);
    expect(page.count).toBe(25);
  });

  it('deletes one', async () => {
    const [n] = (await list('admin', '?page_size=1')).body.results as Notification[];
    const res = await request(t.app.server).delete(`${PATH}${n!.id}/`).set(t.auth('admin'));
    expect(res.status).toBe(204);
    expect((await list('admin')).body.count).toBe(24);
    expect((await request(t.app.server).delete(`${PATH}${n!.id}/`).set(t.auth('admin'))).status).toBe(404);
  });
});

describe('expired notifications', () => {
  it('are not listed, counted, marked or deleted', async () => {
    const gone = (await notifier.notify(t.users.nobody, { body: 'Уже истекло', liveUntil: new Date(Date.now() - 1000) }))!;
    const alive = (await notifier.notify(t.users.nobody, { body: 'Ещё живо', liveUntil: new Date(Date.now() + 60_000) }))!;
    const page = (await list('nobody')).body;
    expect(page.results.map((n: Notification) => n.id)).toEqual([alive.id]);
    expect(page.unread_count).toBe(1);
    expect((await request(t.app.server).post(`${PATH}${gone.id}/read/`).set(t.auth('nobody'))).status).toBe(404);
    expect((await request(t.app.server).delete(`${PATH}${gone.id}/`).set(t.auth('nobody'))).status).toBe(404);
  });
});
