/**
 * xlsx export: streamed straight to the browser for ordinary sizes, read back with exceljs
 * and opened by LibreOffice (another program); queued through BullMQ + the worker's real
 * processor above the threshold or with ?async=true; 503 when Redis is unreachable.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerResource, QUEUE_EXPORTS } from '@tko/contract';
import { createDomain } from '@tko/db';
import { xlsxExportProcessor } from '../../worker/src/processors/xlsx-export';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './download';

const PATH = '/api/waste-area/container/';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// This file's own BullMQ prefix: no other test file (or a running worker) takes its jobs.
const PREFIX = `tko-test-xlsx-${process.pid}-${Date.now()}`;
let t: TestApp;
let queues: Queues;
let exportDir: string;


beforeAll(async () => {
  queues = openQueues(REDIS_URL, PREFIX)!;
  await queues.exports.waitUntilReady();
  exportDir = mkdtempSync(path.join(tmpdir(), 'tko-export-'));
  t = await startTestApp({ queues, overrides: { xlsxAsyncThreshold: 3, exportDir } });
  await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({
    identifier: 'X-1', status: 'ACTIVE', register_inclusion_decision_date: '2024-02-29', has_cover: true,
    containers: [{ type: 'EURO', volume: 1.1, loading: 'REAR' }], periodicity: 'ON_MONTHDAYS', periodicity_on_monthdays: [1, 15],
  }));
  await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({ identifier: 'X-2', status: 'CLOSED', close_at: '2025-01-31' }));
  await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({ identifier: 'X-3', location: 'Ангарск, 7 мкр' }));
  await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({ identifier: 'X-4', location: 'Ангарск, 8 мкр' }));
});
afterAll(async () => {
  await t?.close();
  await queues?.exports.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
});

async function readBack(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('streamed export', () => {
  it('exports the filtered rows with Russian headers and every field', async () => {
    const res = await request(t.app.server).post(`${PATH}xlsx/`).set(t.auth('admin')).send({ status: ['ACTIVE'], search: 'X-1' }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="container_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readBack(res.body);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toHaveLength(Object.keys(containerResource.fields).length);
    expect(header).toContain('Адрес (местоположение)');
    expect(header).toContain('Контейнеры');
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    const cell = (label: string) => row.getCell(header.indexOf(label) + 1).value;
    expect(cell('Идентификатор')).toBe('X-1');
    expect(cell('Статус')).toBe('Действующая');
    expect(cell('Координаты')).toBe('52.546842, 103.870102');
    expect(cell('Есть навес (крыша)')).toBe('Да');
    expect(cell('Контейнеры')).toBe('Евроконтейнер 1.1 Задняя');
    expect(cell('Числа месяца вывоза')).toBe('1, 15');
    expect((cell('Дата решения о включении в реестр') as Date).toISOString().slice(0, 10)).toBe('2024-02-29');
  });

  it('opens in LibreOffice', async () => {
    const narrow = await request(t.app.server).post(`${PATH}xlsx/`).set(t.auth('admin')).send({ status: ['CLOSED'] }).buffer(true).parse(binary);
    expect(narrow.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'tko-lo-'));
    const file = path.join(dir, 'export.xlsx');
    writeFileSync(file, narrow.body);
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, file], { timeout: 120000, stdio: 'ignore' });
    const csv = readFileSync(path.join(dir, 'export.csv'), 'utf8');
    expect(csv.split('\n')[0]).toContain('Адрес (местоположение)');
    expect(csv).toContain('X-2');
    expect(csv).toContain('Закрыта');
    expect(csv).toContain('31.01.2025');
  }, 180000);
});

describe('queued export through the worker', () => {
  it('queues above the threshold, reports progress, and serves the file to its owner only', async () => {
    const res = await request(t.app.server).post(`${PATH}xlsx/`).set(t.auth('admin')).send({});
    expect(res.status).toBe(202);
    expect(res.body.status_url).toBe(`/api/jobs/${res.body.job_id}/`);
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(QUEUE_EXPORTS, xlsxExportProcessor(createDomain({ pool: t.pool }), exportDir), { connection, prefix: PREFIX });
    try {
      let status: { state: string; progress: number; file_url: string | null } = { state: 'waiting', progress: 0, file_url: null };
      for (let i = 0; i < 100 && status.state !== 'completed' && status.state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await request(t.app.server).get(res.body.status_url).set(t.auth('admin'))).body;
      }
      expect(status.state).toBe('completed');
      expect(status.progress).toBe(100);
      const other = await request(t.app.server).get(res.body.status_url).set(t.auth('viewer'));
      expect(other.status).toBe(404);
      const file = await request(t.app.server).get(status.file_url!).set(t.auth('admin')).buffer(true).parse(binary);
      expect(file.status).toBe(200);
      const sheet = await readBack(file.body);
      expect(sheet.rowCount).toBe(5);
    } finally {
      await worker.close();
      connection.disconnect();
    }
  });

  it('?async=true queues even a small export', async () => {
    const res = await request(t.app.server).post(`${PATH}xlsx/?async=true`).set(t.auth('admin')).send({ status: ['CLOSED'] });
    expect(res.status).toBe(202);
    await queues.exports.remove(res.body.job_id);
  });

  it('answers 503 with a clear message when Redis is unreachable, while CRUD keeps working', async () => {
    const down = openQueues('redis://127.0.0.1:1')!;
    const t2 = await startTestApp({ queues: down, overrides: { xlsxAsyncThreshold: 0 } });
    try {
      await request(t2.app.server).post(PATH).set(t2.auth('admin')).send(siteBody());
      const res = await request(t2.app.server).post(`${PATH}xlsx/`).set(t2.auth('admin')).send({});
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(/Redis/);
      expect((await request(t2.app.server).get(PATH).set(t2.auth('admin'))).body.count).toBe(1);
    } finally {
      await t2.close();
      await down.close().catch(() => undefined);
    }
  });
});
