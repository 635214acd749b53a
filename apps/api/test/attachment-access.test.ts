/**
 * Attachment permissions (issue 8 §6): a file is read through the records that hold it (the
 * registry's view), a file held by none by its uploader only; upload needs add or change on a
 * registry with a files field; per-user quotas (bytes in 24 h → 429, unattached bytes → 413);
 * public cards carry no files. Real app and database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../src/modules/auth/tokens';
import * as files from './fixtures/files';
import { createUser, siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const UPLOAD = '/api/attachments/upload-file/';
const SITES = '/api/waste-area/container/';
let t: TestApp;
let dir: string;
const PNG = files.png().length;
/** Unattached: two files fit, a third does not; a day: six files. */
const QUOTA = { unattachedBytes: Math.floor(PNG * 2.5), dayBytes: PNG * 6 };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tko-attach-access-'));
  t = await startTestApp({ overrides: { attachmentsDir: dir, attachmentQuota: QUOTA } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function userWith(perms: string[]): Promise<{ id: number; auth: { Authorization: string } }> {
  const id = await createUser(t.pool, `u${Math.random().toString(36).slice(2, 10)}@test.local`, perms);
  return { id, auth: { Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 3600).access(id)}` } };
}
const upload = (auth: { Authorization: string }) => request(t.app.server).post(UPLOAD).set(auth).attach('file', files.png(), { filename: 'фото.png', contentType: 'image/png' });
const get = (id: number, auth: { Authorization: string }) => request(t.app.server).get(`/api/attachments/${id}/download/`).set(auth);

describe('reading through the records that hold a file', () => {
  it('an unattached file: its uploader only; attached to a container site: container:view, not others', async () => {
    const editor = await userWith(['container:add', 'container:change', 'container:view']);
    const viewer = await userWith(['container:view']);
    const otherRegistry = await userWith(['special:view', 'special:add', 'waste-dumps:view']);
    const nobody = await userWith([]);
    const up = await upload(editor.auth);
    expect(up.status).toBe(201);
    const id = up.body.id as number;

    expect((await get(id, editor.auth)).status).toBe(200);
    for (const u of [viewer, otherRegistry, nobody]) expect((await get(id, u.auth)).status).toBe(404);

    const site = await request(t.app.server).post(SITES).set(editor.auth).send(siteBody({ identifier: 'ATT-1', photos: [id] }));
    expect(site.status).toBe(201);
    expect((await get(id, viewer.auth)).status).toBe(200);
    expect((await request(t.app.server).get(`/api/attachments/${id}/`).set(viewer.auth)).status).toBe(200);
    for (const u of [otherRegistry, nobody]) {
      const res = await get(id, u.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String), code: 'not_found' });
    }

    // Taken off the card: back to the uploader only.
    expect((await request(t.app.server).patch(`${SITES}${site.body.id}/`).set(editor.auth).send({ photos: [] })).status).toBe(200);
    expect((await get(id, viewer.auth)).status).toBe(404);
    expect((await get(id, editor.auth)).status).toBe(200);
  });

  it('the uploader without the registry\'s view loses the file once a card holds it', async () => {
    const adder = await userWith(['container:add']);
    const up = await upload(adder.auth);
    expect(up.status).toBe(201);
    // The uploader attaches it (a file held by no row belongs to its uploader: no one else may take it).
    await request(t.app.server).post(SITES).set(adder.auth).send(siteBody({ identifier: 'ATT-2', photos: [up.body.id] })).expect(201);
    expect((await get(up.body.id, adder.auth)).status).toBe(404);
  });

  it('a public card shows no files', async () => {
    const up = await upload(t.auth('admin'));
    const site = await request(t.app.server).post(SITES).set(t.auth('admin')).send(siteBody({ identifier: 'ATT-3', photos: [up.body.id] }));
    expect(site.status).toBe(201);
    const pub = await request(t.app.server).get(`/api/public/v1/waste-area/container/${site.body.id}/`);
    expect(pub.status).toBe(200);
    expect(pub.body.photos).toBeUndefined();
    expect(pub.body.video).toBeUndefined();
    expect(JSON.stringify(pub.body)).not.toContain('/api/attachments/');
  });
});

describe('upload permission and quota', () => {
  it('anonymous 401, without add/change on a files registry 403, with add 201', async () => {
    expect((await request(t.app.server).post(UPLOAD).attach('file', files.png(), 'a.png')).status).toBe(401);
    for (const perms of [[], ['container:view', 'container:export'], ['special:add', 'juridical-person:change']]) {
      const res = await upload((await userWith(perms)).auth);
      expect(res.status).toBe(403);
    }
    expect((await upload((await userWith(['container:change'])).auth)).status).toBe(201);
  });

  it('unattached bytes over the quota: 413 in Russian, nothing kept; attaching frees it; a day\'s bytes: 429', async () => {
    const u = await userWith(['container:add', 'container:change', 'container:view']);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await upload(u.auth);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const over = await upload(u.auth);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: expect.stringMatching(/^Слишком много файлов, не прикреплённых к карточкам/), code: 'upload_quota_unattached' });
    const kept = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM attachment WHERE created_by = $1', [u.id]);
    expect(kept.rows[0]!.n).toBe(2);

    // Attached to a card, they no longer count as unattached; the day's total goes on counting.
    await request(t.app.server).post(SITES).set(u.auth).send(siteBody({ identifier: 'ATT-Q', photos: ids })).expect(201);
    for (let i = 0; i < 4; i++) {
      const res = await upload(u.auth);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      await t.pool.query('INSERT INTO waste_area_photo (waste_area_id, attachment_id, position) SELECT id, $1, $2 FROM waste_area WHERE identifier = $3', [res.body.id, 10 + i, 'ATT-Q']);
    }
    const day = await upload(u.auth);
    expect(day.status).toBe(429);
    expect(day.body).toEqual({ detail: expect.stringMatching(/^Превышена суточная квота загрузки файлов/), code: 'upload_quota_day' });

    // Another user is not affected.
    expect((await upload((await userWith(['container:add'])).auth)).status).toBe(201);
  });
});
