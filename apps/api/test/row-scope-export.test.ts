/**
 * Row scope through the queued export (issue 7 §3): a bound user's `?async=true` export goes to
 * the worker with their scope in the job, and the worker's real processor (BullMQ, this file's own
 * prefix) writes only the rows their list shows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUEUE_EXPORTS } from '@tko/contract';
import { createDomain } from '@tko/db';
import { xlsxExportProcessor } from '../../worker/src/processors/xlsx-export';
import { TokenService } from '../src/modules/auth/tokens';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './import-helpers';

const PATH = '/api/waste-area/container/';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `tko-test-scope-export-${process.pid}-${Date.now()}`;
let t: TestApp;
let queues: Queues;
let exportDir: string;
let bound = '';

beforeAll(async () => {
  queues = openQueues(REDIS_URL, PREFIX)!;
  await queues.exports.waitUntilReady();
  exportDir = mkdtempSync(path.join(tmpdir(), 'tko-scope-export-'));
  t = await startTestApp({ queues, overrides: { exportDir } });
  const org = (await t.pool.query<{ id: number }>(`INSERT INTO legal_entity (name, inn) VALUES ('ООО «Своя»', '3801009466') RETURNING id`)).rows[0]!.id;
  const user = await createUser(t.pool, 'bound@test.local', ['container:view', 'container:export']);
  await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)', [user, org]);
  bound = new TokenService(t.config.jwtSecret, 300, 3600).access(user);
  for (const [location, extra] of [['Своя площадка 1', { reg_operator: org }], ['Чужая площадка', {}], ['Своя площадка 2', { owners: [org] }]] as const) {
    const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send({ location, coordinates: '52.54, 103.88', ...extra });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
  await queues?.exports.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
});

it('the worker writes only the rows of the requester’s scope', async () => {
  const res = await request(t.app.server).post(`${PATH}xlsx/?async=true`).set({ Authorization: `Bearer ${bound}` }).send({});
  expect(res.status).toBe(202);
  const job = await queues.exports.getJob(res.body.job_id);
  expect(job!.data.scope).toEqual({ organizations: [expect.any(Number)], oktmo: [] });
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker(QUEUE_EXPORTS, xlsxExportProcessor(createDomain({ pool: t.pool }), exportDir), { connection, prefix: PREFIX });
  try {
    let status: { state: string; file_url: string | null } = { state: 'waiting', file_url: null };
    for (let i = 0; i < 200 && status.state !== 'completed' && status.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await request(t.app.server).get(res.body.status_url).set({ Authorization: `Bearer ${bound}` })).body;
    }
    expect(status.state).toBe('completed');
    const file = await request(t.app.server).get(status.file_url!).set({ Authorization: `Bearer ${bound}` }).buffer(true).parse(binary);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const texts: string[] = [];
    wb.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) texts.push(JSON.stringify(row.values));
    });
    expect(texts).toHaveLength(2);
    expect(texts.join()).toContain('Своя площадка 1');
    expect(texts.join()).toContain('Своя площадка 2');
    expect(texts.join()).not.toContain('Чужая площадка');
  } finally {
    await worker.close();
    connection.disconnect();
  }
});
