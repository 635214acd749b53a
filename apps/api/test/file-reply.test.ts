/**
 * Files out of the API (http/file-reply.ts) and the one zip writer (@tko/xlsx zip.ts, archiver):
 * - every download sets its headers through `sendFile` — no other source file of the API names
 *   Content-Disposition — and every zip is written by zip.ts (no other archiver user, no
 *   hand-written zip signature anywhere);
 * - real downloads answer the MIME type of the file and a Content-Disposition whose
 *   `filename*=UTF-8''…` decodes to the Russian name (RFC 5987) beside an ASCII fallback:
 *   an attachment, a registry export, the system log, an import template, a document zip;
 * - `contentDisposition` keeps quotes, separators and control characters out of the header;
 * - zips read back by yauzl (a reader we did not write): names made unique, a gone file left
 *   out, a folder kept, a 6 MB streamed entry and a 1 MB whole one byte for byte with the CRC-32
 *   of the central directory equal to node:zlib's.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import request from 'supertest';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipWriter, zipStream } from '@tko/xlsx';
import { contentDisposition, mimeTypeOf } from '../src/http/file-reply';
import * as files from './fixtures/files';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './download';

const ROOT = path.resolve(import.meta.dirname, '../../..');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());


/** The name a browser saves: `filename*` decoded (RFC 5987), else `filename`. */
function savedName(header: string | undefined): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/.exec(header)?.[1] ?? null;
}

/** Every entry of a zip: name → bytes and the CRC-32 of its central directory record. */
function readZip(buf: Buffer): Promise<Map<string, { bytes: Buffer; crc: number }>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, { bytes: Buffer; crc: number }>();
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => { out.set(entry.fileName, { bytes: Buffer.concat(chunks), crc: entry.crc32 }); zip.readEntry(); });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (n === 'node_modules' || n === 'generated' || n === 'dist') return [];
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('one helper, one zip writer', () => {
  it('no source file of the API but http/file-reply.ts sets Content-Disposition', () => {
    const offenders = sourceFiles(path.join(ROOT, 'apps/api/src'))
      .filter((f) => !f.endsWith(path.join('http', 'file-reply.ts')) && /content-disposition/i.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('archiver is used by @tko/xlsx zip.ts only, and no source writes a zip signature by hand', () => {
    const all = ['apps', 'packages', 'bench'].flatMap((d) => sourceFiles(path.join(ROOT, d))).filter((f) => !f.includes(`${path.sep}test${path.sep}`));
    const archiverUsers = all.filter((f) => /['"]archiver['"]/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(archiverUsers).toEqual(['packages/xlsx/src/zip.ts']);
    const handWritten = all.filter((f) => /0x0[46]0[35]4b50|0x02014b50|0x08074b50/i.test(readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(handWritten).toEqual([]);
  });
});

describe('headers of real downloads', () => {
  it('an attachment: its stored type, inline for a PDF, the Russian name in filename*', async () => {
    const up = await request(t.app.server).post('/api/attachments/upload-file/').set(t.auth('admin')).attach('file', files.pdf(), { filename: 'Акт проверки «№ 5».pdf', contentType: 'application/pdf' });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const res = await request(t.app.server).get(`/api/attachments/${up.body.id}/`).set(t.auth('admin')).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(savedName(res.headers['content-disposition'])).toBe('Акт проверки «№ 5».pdf');
    expect((res.body as Buffer).equals(files.pdf())).toBe(true);
  });

  it('a registry export, the system log and an import template: xlsx type, dated names', async () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    // The name's date is the day (UTC) of the answer: the day before the request or, past midnight, the next one.
    const before = new Date().toISOString().slice(0, 10);
    const dated = (name: string) => [...new Set([before, new Date().toISOString().slice(0, 10)])].map((d) => `${name}_${d}.xlsx`);
    const exported = await request(t.app.server).post('/api/dicts/contract-zones/xlsx/').set(t.auth('admin')).send({}).buffer(true).parse(binary);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe(xlsx);
    expect(dated('contract-zones')).toContain(savedName(exported.headers['content-disposition']));
    expect(exported.headers['content-disposition']).toContain("filename*=UTF-8''");
    const log = await request(t.app.server).post('/api/logs/xlsx/').set(t.auth('admin')).buffer(true).parse(binary);
    expect(log.status).toBe(200);
    expect(log.headers['content-type']).toBe(xlsx);
    expect(dated('system-logs')).toContain(savedName(log.headers['content-disposition']));
    const template = await request(t.app.server).get('/api/import/templates/CWA_BUNDLE/').set(t.auth('admin')).buffer(true).parse(binary);
    expect(template.status).toBe(200);
    expect(template.headers['content-type']).toBe(xlsx);
    expect(savedName(template.headers['content-disposition'])).toBe('import_CWA_BUNDLE.xlsx');
  });

  it('a document category zip: application/zip, the category name, the files read back', async () => {
    const up = await request(t.app.server).post('/api/attachments/upload-file/').set(t.auth('admin')).attach('file', files.png(), { filename: 'Схема/../план.png', contentType: 'image/png' });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const cat = await request(t.app.server).post('/api/documents/').set(t.auth('admin')).send({ name: 'Протоколы; «итоги» 2026', attachments: [up.body.id] });
    expect(cat.status, JSON.stringify(cat.body)).toBe(201);
    const res = await request(t.app.server).get(`/api/documents/${cat.body.id}/get-zip`).set(t.auth('admin')).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(savedName(res.headers['content-disposition'])).toBe('Протоколы; «итоги» 2026.zip');
    const entries = await readZip(res.body as Buffer);
    expect([...entries.keys()]).toHaveLength(1);
    expect([...entries.values()][0]!.bytes.equals(files.png())).toBe(true);
  });
});

describe('contentDisposition and MIME types', () => {
  it('an ASCII fallback without quotes, separators or control characters; the exact name in filename*', () => {
    const name = 'Отчёт "итог"; 100%\\a/b\u0007.xlsx';
    const header = contentDisposition(name);
    expect(header).toMatch(/^attachment; filename="[^"\\;%/\p{Cc}]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/u);
    expect(savedName(header)).toBe('Отчёт "итог"; 100%_a_b_.xlsx');
    expect(contentDisposition('plan.pdf', 'inline', 'x.pdf')).toBe(`inline; filename="x.pdf"; filename*=UTF-8''plan.pdf`);
    expect(contentDisposition('')).toContain('filename="file"');
  });

  it('types by extension, case-insensitive; unknown ones as octet-stream', () => {
    expect(mimeTypeOf('Договор.DOCX')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(mimeTypeOf('a.zip')).toBe('application/zip');
    expect(mimeTypeOf('errors.csv')).toBe('text/csv; charset=utf-8');
    expect(mimeTypeOf('noext')).toBe('application/octet-stream');
  });
});

describe('the zip writer, read back by yauzl', () => {
  const collect = async (s: Readable): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('zipStream: unique flat names, a folder kept, a gone file left out, a 6 MB stream byte for byte', async () => {
    const big = randomBytes(6 * 1024 * 1024);
    const buf = await collect(zipStream([
      { name: 'опись.html', open: async () => '<p>Опись</p>' },
      { name: '../../etc/план.png', dir: 'files', open: async () => files.png() },
      { name: 'план.png', dir: 'files', open: async () => files.png() },
      { name: 'нет на диске.pdf', open: async () => null },
      { name: 'ПЛАН.png', dir: 'files', open: async () => Readable.from([big.subarray(0, 1000), big.subarray(1000)]) },
    ]));
    const entries = await readZip(buf);
    expect([...entries.keys()]).toEqual(['опись.html', 'files/план.png', 'files/план (2).png', 'files/ПЛАН (3).png']);
    expect(entries.get('опись.html')!.bytes.toString('utf8')).toBe('<p>Опись</p>');
    expect(entries.get('files/план (2).png')!.bytes.equals(files.png())).toBe(true);
    const third = entries.get('files/ПЛАН (3).png')!;
    expect(third.bytes.equals(big)).toBe(true);
    expect(third.crc).toBe(zlib.crc32(big));
  });

  it('ZipWriter: whole parts and a streamed part in pieces under backpressure, the output ended', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const done = collect(out);
    const zip = new ZipWriter(out);
    const whole = randomBytes(1024 * 1024);
    await zip.add('[Content_Types].xml', '<Types/>');
    await zip.add('whole.bin', whole);
    const part = await zip.stream('xl/worksheets/sheet1.xml');
    const pieces: Buffer[] = [];
    for (let i = 0; i < 200; i++) {
      const piece = Buffer.from(`<row r="${i}"><c t="inlineStr"><is><t>Строка ${i} ${'ж'.repeat(i % 50)}</t></is></c></row>`, 'utf8');
      pieces.push(piece);
      await part.write(piece);
    }
    await part.end();
    await zip.finish();
    const entries = await readZip(await done);
    expect([...entries.keys()]).toEqual(['[Content_Types].xml', 'whole.bin', 'xl/worksheets/sheet1.xml']);
    expect(entries.get('whole.bin')!.bytes.equals(whole)).toBe(true);
    expect(entries.get('whole.bin')!.crc).toBe(zlib.crc32(whole));
    const sheet = Buffer.concat(pieces);
    expect(entries.get('xl/worksheets/sheet1.xml')!.bytes.equals(sheet)).toBe(true);
    expect(entries.get('xl/worksheets/sheet1.xml')!.crc).toBe(zlib.crc32(sheet));
  });

  it('ZipWriter: an output closed early makes the writer throw instead of waiting', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const zip = new ZipWriter(out);
    const part = await zip.stream('big.bin');
    out.destroy();
    await expect((async () => {
      for (let i = 0; i < 10_000; i++) await part.write(randomBytes(64 * 1024));
    })()).rejects.toThrow();
  });
});
