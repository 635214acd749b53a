/**
 * Scale (issue 3 §1): TWO API instances (two buildApp on the same database and Redis, two
 * ports) with one subscriber on each. A REST write on one instance, a SEND to a topic on one
 * instance and a publish from a third process (a plain Redis publisher, as the worker does)
 * reach the subscribers of both; a per-user message reaches only its user, wherever connected.
 * Job topics: only the owner (BullMQ job data user_id) may subscribe. With Redis unreachable,
 * CRUD still answers at once.
 */
import request from 'supertest';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS, XLSX_EXPORT_JOB } from '@tko/contract';
import { redisPublisher } from '@tko/realtime';
import type { TestDatabase } from '@tko/db/testing';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { siteBody } from './helpers';
import type { StompTestApp, TestClient } from './stomp-helpers';
import { connectClient, json, REDIS_URL, startStompApp, waitFor } from './stomp-helpers';

let a: StompTestApp & { database: TestDatabase };
let b: StompTestApp;
let queues: Queues;
let outside: Redis;
const open: TestClient[] = [];

async function client(app: StompTestApp, token: string): Promise<TestClient> {
  const c = await connectClient(app.wsUrl, token);
  open.push(c);
  return c;
}

beforeAll(async () => {
  queues = openQueues(REDIS_URL)!;
  await queues.exports.waitUntilReady();
  a = await startStompApp({ redisUrl: REDIS_URL, queues });
  b = await startStompApp({ redisUrl: REDIS_URL, queues, db: { database: a.database, users: a.users } });
  await Promise.all([a.app.realtime.subscribed, b.app.realtime.subscribed]);
  outside = new Redis(REDIS_URL);
});
afterAll(async () => {
  for (const c of open) await c.client.deactivate().catch(() => undefined);
  await b?.close();
  await a?.close();
  await queues?.close();
  outside?.disconnect();
});

describe('two API instances', () => {
  it('listen on different ports', () => {
    expect(a.wsUrl).not.toBe(b.wsUrl);
  });

  it('a REST create on instance A reaches the registry subscribers on A and on B', async () => {
    const onA = await (await client(a, a.tokens.viewer)).subscribe(DESTINATIONS.registry('container'));
    const onB = await (await client(b, b.tokens.admin)).subscribe(DESTINATIONS.registry('container'));
    const res = await request(a.app.server).post('/api/waste-area/container/').set('Authorization', `Bearer ${a.tokens.admin}`).send(siteBody({ identifier: 'SCALE-1' }));
    expect(res.status).toBe(201);
    await waitFor(() => onA.length >= 1 && onB.length >= 1, 'the event on both instances');
    expect(json(onA[0]!)).toMatchObject({ resource: 'container', action: 'create', id: res.body.id });
    expect(json(onB[0]!)).toEqual(json(onA[0]!));
    expect(onA).toHaveLength(1);
    expect(onB).toHaveLength(1);
  });

  it('a message published by another process reaches the subscriber on each instance', async () => {
    const onA = await (await client(a, a.tokens.admin)).subscribe('/topic/announcements');
    const onB = await (await client(b, b.tokens.viewer)).subscribe('/topic/announcements');
    await redisPublisher(outside).publish({ destination: '/topic/announcements', body: { text: 'Плановые работы в 22:00' } });
    await waitFor(() => onA.length === 1 && onB.length === 1, 'one message on each');
    expect(json(onA[0]!)).toEqual({ text: 'Плановые работы в 22:00' });
    expect(json(onB[0]!)).toEqual({ text: 'Плановые работы в 22:00' });
  });

  it('a client SEND to a topic on instance B is refused and reaches nobody on instance A (issue 8 §6)', async () => {
    const onA = await (await client(a, a.tokens.admin)).subscribe('/topic/chat.ops');
    const sender = await client(b, b.tokens.viewer);
    sender.client.publish({ destination: '/topic/chat.ops', body: JSON.stringify({ text: 'привет' }), headers: { 'content-type': 'application/json' } });
    await waitFor(() => sender.closed, 'sender closed');
    expect(sender.errors[0]?.headers.message).toBe('В это назначение нельзя отправлять сообщения');
    await new Promise((r) => setTimeout(r, 300));
    expect(onA).toEqual([]);
  });

  it('a per-user message reaches that user on whichever instance, and nobody else', async () => {
    const adminOnA = await (await client(a, a.tokens.admin)).subscribe(DESTINATIONS.notifications);
    const viewerOnB = await (await client(b, b.tokens.viewer)).subscribe(DESTINATIONS.notifications);
    const adminOnB = await (await client(b, b.tokens.admin)).subscribe(DESTINATIONS.notifications);
    const pub = redisPublisher(outside);
    await pub.publish({ destination: DESTINATIONS.notifications, user_id: a.users.viewer, body: { body: 'зрителю' } });
    await pub.publish({ destination: DESTINATIONS.notifications, user_id: a.users.admin, body: { body: 'админу' } });
    await waitFor(() => adminOnA.length === 1 && adminOnB.length === 1 && viewerOnB.length === 1, 'deliveries');
    expect((json(viewerOnB[0]!) as { body: string }).body).toBe('зрителю');
    expect((json(adminOnA[0]!) as { body: string }).body).toBe('админу');
    expect((json(adminOnB[0]!) as { body: string }).body).toBe('админу');
  });

  it('an invalid envelope on the channel is dropped without harm', async () => {
    const onB = await (await client(b, b.tokens.admin)).subscribe('/topic/robust');
    await outside.publish('tko:realtime', 'not json');
    await outside.publish('tko:realtime', JSON.stringify({ body: 'no destination' }));
    await redisPublisher(outside).publish({ destination: '/topic/robust', body: 'ok' });
    await waitFor(() => onB.length === 1, 'the valid one');
    expect(onB[0]!.body).toBe('ok');
  });
});

describe('job topics', () => {
  it('only the owner may subscribe; progress published by the worker reaches them on any instance', async () => {
    const job = await queues.exports.add(XLSX_EXPORT_JOB, { resource: 'container', filters: {}, user_id: a.users.viewer }, { delay: 3_600_000 });
    try {
      const owner = await client(b, b.tokens.viewer);
      const progress = await owner.subscribe(DESTINATIONS.job(job.id!));
      await redisPublisher(outside).publish({ destination: DESTINATIONS.job(job.id!), user_id: a.users.viewer, body: { id: job.id, state: 'active', progress: 40 } });
      await waitFor(() => progress.length === 1, 'progress');
      expect(json(progress[0]!)).toEqual({ id: job.id, state: 'active', progress: 40 });

      const other = await client(a, a.tokens.admin);
      await expect(other.subscribe(DESTINATIONS.job(job.id!))).rejects.toThrow('Фоновая задача не найдена');
      const missing = await client(a, a.tokens.viewer);
      await expect(missing.subscribe(DESTINATIONS.job('999999999'))).rejects.toThrow('Фоновая задача не найдена');
    } finally {
      await job.remove();
    }
  });
});

describe('Redis unreachable', () => {
  it('CRUD answers at once and the change is simply not announced', async () => {
    const down = await startStompApp({ redisUrl: 'redis://127.0.0.1:1', db: { database: a.database, users: a.users } });
    try {
      const started = Date.now();
      const res = await request(down.app.server).post('/api/waste-area/container/').set('Authorization', `Bearer ${down.tokens.admin}`).send(siteBody({ identifier: 'NO-REDIS' }));
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(3000);
      const c = await connectClient(down.wsUrl, down.tokens.admin);
      open.push(c);
      expect(c.connected?.headers.version).toBe('1.2');
    } finally {
      await down.close();
    }
  });
});
