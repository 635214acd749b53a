/**
 * Attachments (issue 3 §5): multipart upload with the type taken from the bytes (not the name
 * or the client's Content-Type), the size limit, storage behind the FileStore in a temporary
 * ATTACHMENTS_DIR, download with the original name, deletion rules; container
 * photos and videos (`files` fields) written through the join tables and checked by group.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@tko/db';
import * as files from './fixtures/files';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './download';

const UPLOAD = '/api/attachments/upload-file/';
const SITES = '/api/waste-area/container/';
const MAX = 64 * 1024;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tko-attach-'));
  t = await startTestApp({ overrides: { attachmentsDir: dir, attachmentMaxBytes: MAX } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});


const upload = (body: Buffer, filename: string, contentType = 'application/octet-stream', who: 'admin' | 'viewer' | 'nobody' = 'admin') =>
  request(t.app.server).post(UPLOAD).set(t.auth(who)).attach('file', body, { filename, contentType });

/** Every stored file under the store directory (temporary uploads included). */
function storedFiles(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const attachmentCount = async () => (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM attachment')).rows[0]!.n;

describe('upload', () => {
  it('stores a file and answers its id, detected type, size, sha256 and download url', async () => {
    const bytes = files.png();
    const res = await upload(bytes, 'фото площадки.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'фото площадки.png', content_type: 'image/png', size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'), url: `/api/attachments/${res.body.id}/download/`,
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const row = (await t.pool.query('SELECT storage_key, created_by FROM attachment WHERE id = $1', [res.body.id])).rows[0];
    expect(row.created_by).toBe(t.users.admin);
    expect(readFileSync(path.join(dir, row.storage_key))).toEqual(bytes);
  });

  it('takes the type from the bytes, not from the name or the declared Content-Type', async () => {
    const res = await upload(files.png(), 'отчёт.txt', 'text/plain');
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe('image/png');
  });

  it.each([
    ['jpeg', files.jpeg(), 'image/jpeg'],
    ['webp', files.webp(), 'image/webp'],
    ['mp4', files.mp4(), 'video/mp4'],
    ['webm', files.webm(), 'video/webm'],
    ['pdf', files.pdf(), 'application/pdf'],
  ])('accepts %s', async (_name, bytes, type) => {
    const res = await upload(bytes, `file.bin`);
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe(type);
  });

  it('accepts an office document (xlsx)', async () => {
    const res = await upload(await files.xlsx(), 'реестр.xlsx');
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('refuses text named photo.jpg and an executable with a Russian 400 on `file`, storing nothing', async () => {
    const before = await attachmentCount();
    const filesBefore = storedFiles().length;
    const txt = await upload(files.text(), 'photo.jpg', 'image/jpeg');
    expect(txt.status).toBe(400);
    expect(txt.body.file[0]).toMatch(/^Тип файла не поддерживается\. Допустимы: /);
    const exe = await upload(files.exe(), 'setup.png', 'image/png');
    expect(exe.status).toBe(400);
    expect(exe.body.file[0]).toContain('application/x-msdownload');
    expect(await attachmentCount()).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('refuses a file over ATTACHMENT_MAX_BYTES and leaves no partial file', async () => {
    const before = await attachmentCount();
    const filesBefore = storedFiles().length;
    const big = Buffer.concat([files.png(), Buffer.alloc(MAX + 1024, 7)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.file).toEqual(['Файл слишком большой: не более 64 КБ.']);
    expect(await attachmentCount()).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('refuses a request without a file, a JSON body, and an empty file', async () => {
    const none = await request(t.app.server).post(UPLOAD).set(t.auth('admin')).field('name', 'x');
    expect(none.status).toBe(400);
    expect(none.body.file).toEqual(['Обязательное поле.']);
    const json = await request(t.app.server).post(UPLOAD).set(t.auth('admin')).send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.file[0]).toMatch(/multipart\/form-data/);
    const empty = await upload(Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
    expect(empty.body.file).toEqual(['Файл пуст.']);
  });

  it('needs a signed-in user (401)', async () => {
    const res = await request(t.app.server).post(UPLOAD).attach('file', files.png(), 'a.png');
    expect(res.status).toBe(401);
  });
});

describe('download', () => {
  it('serves the bytes with the detected type and the original (UTF-8) name, on both paths, to its uploader', async () => {
    const bytes = files.pdf();
    const { body } = await upload(bytes, 'Акт сверки №1.pdf');
    for (const url of [`/api/attachments/${body.id}/`, `/api/attachments/${body.id}/download/`]) {
      const res = await request(t.app.server).get(url).set(t.auth('admin')).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="___ ______ _1.pdf"; filename*=UTF-8''${encodeURIComponent('Акт сверки №1.pdf')}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toEqual(bytes);
    }
    const office = await upload(await files.xlsx(), 'реестр.xlsx');
    const doc = await request(t.app.server).get(office.body.url).set(t.auth('admin'));
    expect(doc.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('is 401 without a token and 404 for a missing or malformed id', async () => {
    const { body } = await upload(files.png(), 'a.png');
    expect((await request(t.app.server).get(body.url)).status).toBe(401);
    expect((await request(t.app.server).get('/api/attachments/999999/').set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).get('/api/attachments/abc/download/').set(t.auth('admin'))).status).toBe(404);
  });
});

describe('container photos and video', () => {
  it('links images as photos and videos as video, in order; the card answers them, the list leaves them out', async () => {
    const p1 = (await upload(files.png(), 'вид спереди.png')).body;
    const p2 = (await upload(files.jpeg(), 'вид сбоку.jpg')).body;
    const v1 = (await upload(files.mp4(), 'обход.mp4')).body;
    const created = await request(t.app.server).post(SITES).set(t.auth('admin')).send(siteBody({ identifier: 'ФОТО-1', photos: [p2.id, { id: p1.id }], video: [v1.id] }));
    expect(created.status).toBe(201);
    expect(created.body.photos).toEqual([
      { id: p2.id, name: 'вид сбоку.jpg', content_type: 'image/jpeg', size: p2.size, url: p2.url },
      { id: p1.id, name: 'вид спереди.png', content_type: 'image/png', size: p1.size, url: p1.url },
    ]);
    expect(created.body.video.map((v: { id: number }) => v.id)).toEqual([v1.id]);
    // The read value sent back (objects) works too; order changes.
    const patched = await request(t.app.server).patch(`${SITES}${created.body.id}/`).set(t.auth('admin')).send({ photos: [created.body.photos[1], created.body.photos[0]] });
    expect(patched.status).toBe(200);
    expect(patched.body.photos.map((p: { id: number }) => p.id)).toEqual([p1.id, p2.id]);
    expect((await t.pool.query('SELECT attachment_id, position FROM waste_area_photo WHERE waste_area_id = $1 ORDER BY position', [created.body.id])).rows)
      .toEqual([{ attachment_id: p1.id, position: 0 }, { attachment_id: p2.id, position: 1 }]);
    const list = await request(t.app.server).get(`${SITES}?search=ФОТО-1`).set(t.auth('admin'));
    expect(list.body.results[0]).not.toHaveProperty('photos');
  });

  it('refuses a video among photos, an image as video and an unknown id (400 on the field), changing nothing', async () => {
    const img = (await upload(files.png(), 'a.png')).body;
    const vid = (await upload(files.webm(), 'b.webm')).body;
    const site = (await request(t.app.server).post(SITES).set(t.auth('admin')).send(siteBody({ identifier: 'ФОТО-2', photos: [img.id] }))).body;
    const bad = await request(t.app.server).patch(`${SITES}${site.id}/`).set(t.auth('admin')).send({ photos: [img.id, vid.id], video: [img.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.photos).toEqual(['Файл «b.webm» не подходит: нужно изображение (JPEG, PNG, WebP).']);
    const unknown = await request(t.app.server).patch(`${SITES}${site.id}/`).set(t.auth('admin')).send({ video: [987654] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.video).toEqual(['Вложения с идентификатором 987654 нет.']);
    const card = await request(t.app.server).get(`${SITES}${site.id}/`).set(t.auth('admin'));
    expect(card.body.photos.map((p: { id: number }) => p.id)).toEqual([img.id]);
    expect(card.body.video).toEqual([]);
  });

  it('exports the file names to xlsx', async () => {
    const img = (await upload(files.png(), 'площадка.png')).body;
    await request(t.app.server).post(SITES).set(t.auth('admin')).send(siteBody({ identifier: 'ФОТО-3', photos: [img.id] }));
    const res = await request(t.app.server).post(`${SITES}xlsx/`).set(t.auth('admin')).send({ search: 'ФОТО-3' }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getRow(2).getCell(header.indexOf('Фотографии') + 1).value).toBe('площадка.png');
  });

  it('deletes an attachment only for its uploader and only when no card uses it', async () => {
    const used = (await upload(files.png(), 'used.png')).body;
    await request(t.app.server).post(SITES).set(t.auth('admin')).send(siteBody({ identifier: 'ФОТО-4', photos: [used.id] }));
    const inUse = await request(t.app.server).delete(`/api/attachments/${used.id}/`).set(t.auth('admin'));
    expect(inUse.status).toBe(409);
    expect(inUse.body.detail).toMatch(/используется/);
    const free = (await upload(files.png(), 'free.png')).body;
    const key = (await t.pool.query('SELECT storage_key FROM attachment WHERE id = $1', [free.id])).rows[0].storage_key as string;
    expect((await request(t.app.server).delete(`/api/attachments/${free.id}/`).set(t.auth('viewer'))).status).toBe(403);
    expect((await request(t.app.server).delete(`/api/attachments/${free.id}/`).set(t.auth('admin'))).status).toBe(204);
    expect(existsSync(path.join(dir, key))).toBe(false);
    expect((await request(t.app.server).get(free.url).set(t.auth('admin'))).status).toBe(404);
  });
});

describe('LocalFileStore (the FileStore an S3 store would replace)', () => {
  it('puts, gets, streams and deletes by key, and refuses keys that leave its directory', async () => {
    const store = new LocalFileStore(mkdtempSync(path.join(tmpdir(), 'tko-store-')));
    const { Readable } = await import('node:stream');
    await store.put('2026/11/a-b', Readable.from([Buffer.from('привет')]), { contentType: 'text/plain', size: 12 });
    expect((await store.get('2026/11/a-b'))?.toString()).toBe('привет');
    const chunks: Buffer[] = [];
    for await (const c of (await store.stream('2026/11/a-b'))!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('привет');
    await store.delete('2026/11/a-b');
    expect(await store.get('2026/11/a-b')).toBeNull();
    expect(await store.stream('2026/11/a-b')).toBeNull();
    await expect(store.get('../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(store.get('a/../../x')).rejects.toThrow(/unsafe/);
    rmSync(store.root, { recursive: true, force: true });
  });
});

it('refuses an upload to a user without add or change on a registry with files (issue 8 §6)', async () => {
  for (const who of ['nobody', 'viewer'] as const) {
    const res = await upload(files.png(), 'x.png', 'image/png', who);
    expect(res.status).toBe(403);
  }
});
