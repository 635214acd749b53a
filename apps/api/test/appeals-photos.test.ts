/**
 * Photos on the public appeal form (docs/DECISIONS.md «Photos on the public form»;
 * POST /api/public/v1/appeals/with-photos/,
 * multipart): up to 5 images checked by their bytes are stored in the one file store as the
 * appeal's attachments, which the dispatcher's card lists and downloads; six photos, a non-image
 * named .jpg, a photo over the size limit or a bad field refuse the whole filing with 400 by
 * field — no appeal, no attachment row, no stored file, no temporary file left (all or nothing).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_APPEAL_WITH_PHOTOS_PATH } from '@tko/contract';
import { formToken } from '../src/modules/appeals/public-appeal-form';
import * as files from './fixtures/files';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const MAX = 64 * 1024;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tko-appeal-photos-'));
  // The attachments' limit below the form's 10 МБ: the smaller one holds (a big photo is cheap to send).
  t = await startTestApp({ overrides: { attachmentsDir: dir, attachmentMaxBytes: MAX, mailRateLimit: { perAccount: 1000, perAddress: 1000, windowSeconds: 60 } } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedFiles = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
const count = async (table: string) => (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

/** A filing: the form's fields as text parts, then the photos. */
function filing(photos: [Buffer, string][], fields: Record<string, string> = {}) {
  let r = request(t.app.server).post(PUBLIC_APPEAL_WITH_PHOTOS_PATH);
  const all = { token: formToken(t.config.jwtSecret, Date.now() - 10_000), category: 'SITE_CONDITION', author_name: 'Сидорова Анна', author_email: 'sidorova@example.ru', location: 'Ангарск, 12 мкр., д. 5', text: 'Контейнер переполнен, мусор вокруг площадки.', ...fields };
  for (const [k, v] of Object.entries(all)) r = r.field(k, v);
  for (const [bytes, name] of photos) r = r.attach('photos', bytes, { filename: name, contentType: 'image/jpeg' });
  return r;
}

describe('POST /api/public/v1/appeals/with-photos/', () => {
  it('stores up to 5 photos as the appeal\'s attachments; the dispatcher\'s card lists and downloads them', async () => {
    const photos: [Buffer, string][] = [[files.jpeg(), 'двор.jpg'], [files.png(), 'контейнер.png'], [files.webp(), 'мусор.webp'], [files.jpeg(), '4.jpg'], [files.png(), '5.png']];
    const res = await filing(photos);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.detail).toBe(`Обращение № ${res.body.id} принято. Фотографий: 5. Ответ придёт на указанный адрес электронной почты.`);
    const card = await request(t.app.server).get(`/api/appeals/${res.body.id}/`).set(t.auth('admin'));
    expect(card.status).toBe(200);
    expect(card.body.attachments.map((a: { name: string; content_type: string }) => [a.name, a.content_type])).toEqual([
      ['двор.jpg', 'image/jpeg'], ['контейнер.png', 'image/png'], ['мусор.webp', 'image/webp'], ['4.jpg', 'image/jpeg'], ['5.png', 'image/png'],
    ]);
    const file = await request(t.app.server).get(card.body.attachments[1].url).set(t.auth('admin')).buffer(true);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, files.png())).toBe(0);
    // Written by the applicant (history), no uploader account.
    const { rows } = await t.pool.query<{ created_by: number | null }>(
      'SELECT a.created_by FROM appeal_attachment j JOIN attachment a ON a.id = j.attachment_id WHERE j.appeal_id = $1', [res.body.id]);
    expect(rows.map((r) => r.created_by)).toEqual([null, null, null, null, null]);
    expect(storedFiles()).toBe(5);
  });

  it('without photos files the appeal as the JSON form does', async () => {
    const res = await filing([]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.detail).toBe(`Обращение № ${res.body.id} принято. Ответ придёт на указанный адрес электронной почты.`);
  });

  it('refuses the whole filing — six photos, a non-image, a too large photo, a bad field — and keeps nothing', async () => {
    const before = { appeals: await count('appeal'), attachments: await count('attachment'), files: storedFiles() };
    const six = await filing(Array.from({ length: 6 }, (_, i) => [files.jpeg(), `${i}.jpg`] as [Buffer, string]));
    expect(six.status).toBe(400);
    expect(six.body).toEqual({ photos: ['Не более 5 фотографий.'] });

    const mixed = await filing([[files.jpeg(), 'ok.jpg'], [files.text(), 'фото.jpg'], [files.pdf(), 'скан.jpg'], [Buffer.concat([files.png(), Buffer.alloc(MAX + 1024, 7)]), 'big.png']], { author_name: '' });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toEqual({
      author_name: ['Обязательное поле.'],
      'photos.1': ['Файл «фото.jpg»: тип файла не поддерживается. Допустимы: изображение (JPEG, PNG, WebP).'],
      'photos.2': ['Файл «скан.jpg»: тип файла не поддерживается (application/pdf). Допустимы: изображение (JPEG, PNG, WebP).'],
      'photos.3': ['Файл «big.png»: файл слишком большой: не более 64 КБ.'],
    });

    // Good photos, but the form token is too fresh (a script): refused before anything is stored.
    const fast = await filing([[files.jpeg(), 'ok.jpg']], { token: formToken(t.config.jwtSecret, Date.now()) });
    expect(fast.status).toBe(400);
    expect(Object.keys(fast.body)).toEqual(['token']);
    // A site that does not exist fails inside the transaction, after the photos were stored: they are removed.
    const noSite = await filing([[files.jpeg(), 'ok.jpg']], { waste_area: '2000000000' });
    expect(noSite.status).toBe(400);
    expect(noSite.body).toEqual({ waste_area: ['Такого места накопления нет на карте.'] });

    expect({ appeals: await count('appeal'), attachments: await count('attachment'), files: storedFiles() }).toEqual(before);
    const json = await request(t.app.server).post(PUBLIC_APPEAL_WITH_PHOTOS_PATH).send({ text: 'x' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ non_field_errors: ['Отправьте форму как multipart/form-data.'] });
  });
});
