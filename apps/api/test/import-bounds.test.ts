/**
 * Bounded import uploads (issue 22 §3; @tko/import xlsx-limits.ts, inspect-isolated.ts): an XLSX
 * whose shared-strings part unzips past 64 MiB is refused from the zip's directory before it is
 * parsed (the file was 4 500 strings of 1 MB; here 70 strings of 1 MB, the same check);
 * a cell over Excel's 32 767 characters is refused naming the cell; a file under those bounds
 * that still needs more heap than the inspection thread has (a low test limit, 64 MiB) ends only
 * that thread — the request answers 400 «Файл слишком сложен…» naming the limit, /healthz keeps
 * answering meanwhile, and the next upload is inspected by a fresh thread.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { rawXlsx } from './raw-xlsx';

const UPLOAD = '/api/import/files/upload/';
let t: TestApp;
let origin = '';

beforeAll(async () => {
  const importDir = mkdtempSync(path.join(tmpdir(), 'tko-import-bounds-'));
  t = await startTestApp({ overrides: { importDir, importInspect: { heapMb: 64, timeoutMs: 120_000, threads: 2 } } });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function upload(file: Buffer, name: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  return fetch(origin + UPLOAD, { method: 'POST', headers: t.auth('admin'), body: form });
}

describe('import upload bounds', () => {
  it('refuses a shared-strings part over 64 MiB unzipped before parsing it, naming the limit', async () => {
    const file = await rawXlsx(70, 500_000); // 70 strings of 1 MB (Cyrillic: 2 bytes a character)
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(file, 'shared-strings.xlsx');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { file: string[] };
    expect(body.file[0]).toMatch(/^Файл XLSX слишком сложен: часть «xl\/sharedStrings\.xml» после распаковки занимает 67 МБ, предел — 64 МБ\./);
  }, 120_000);

  it('refuses a cell longer than Excel allows, naming the cell', async () => {
    const res = await upload(await rawXlsx(2, 40_000), 'long-cell.xlsx');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { file: string[] }).file).toEqual(['В ячейке A2 больше 32\u00a0767 символов — предела Excel для ячейки.']);
  }, 120_000);

  it('a file needing more heap than its thread has ends the thread, not the process: 400 naming the limit, /healthz answering meanwhile', async () => {
    const file = await rawXlsx(1000, 32_000); // 61 MiB of shared strings, under the part bound; 64 MB as V8 strings
    let uploadAnsweredAt = 0;
    const pending = upload(file, 'heavy.xlsx').then(async (r) => {
      uploadAnsweredAt = performance.now();
      return { status: r.status, body: (await r.json()) as { file?: string[] } };
    });
    const health = await fetch(`${origin}/healthz`);
    const healthAnsweredAt = performance.now();
    expect(health.status).toBe(200);
    const answer = await pending;
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.file).toEqual(['Файл слишком сложен для разбора: его проверке не хватило 64 МБ памяти (предел на один файл). Сохраните лист в CSV или разделите файл.']);
    expect(healthAnsweredAt).toBeLessThan(uploadAnsweredAt);
    // The process lives on, and a new thread inspects the next file.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const ok = await upload(await rawXlsx(3, 20), 'small.xlsx');
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { row_count: number }).row_count).toBe(3);
  }, 180_000);
});
