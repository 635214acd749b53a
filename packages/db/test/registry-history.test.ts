/**
 * The registry repository's writes on a caller's transaction and their change history
 * (migration 20261122100300; registry/change-log.ts): a create / update / delete on an outer
 * client commits or rolls back with that client, history included; the history keeps only the
 * changed fields; system writes are recorded without a user; `files` fields go through their
 * join table in order and refuse attachments of another group.
 */
import { containerResource, contractZoneResource, createSchema } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffRows, FieldValidationError, RegistryRepository, withTransaction } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const ctx = { userName: 'Тест', userId: null };
const zones = () => new RegistryRepository(db.pool, contractZoneResource);
const sites = () => new RegistryRepository(db.pool, containerResource);
const site = (identifier: string, extra: Record<string, unknown> = {}) =>
  createSchema(containerResource).parse({ location: 'Ангарск, 7 мкр, 1', coordinates: '52.5, 103.9', identifier, ...extra }) as Record<string, unknown>;
const logs = async (resource: string, id: number) =>
  (await db.pool.query('SELECT action, user_id, user_name, before, after FROM change_log WHERE resource = $1 AND object_id = $2 ORDER BY id', [resource, id])).rows;

describe('writes on an outer transaction', () => {
  it('rolls back the rows and their history with the caller’s transaction', async () => {
    let id = 0;
    await expect(withTransaction(db.pool, async (client) => {
      id = Number((await zones().create({ name: 'Откат', operator: null, description: null }, ctx, client)).id);
      await zones().update(id, { description: 'в той же транзакции' }, ctx, client);
      expect((await db.pool.query('SELECT 1 FROM contract_zone WHERE id = $1', [id])).rowCount).toBe(0); // not visible outside yet
      throw new Error('caller gives up');
    })).rejects.toThrow('caller gives up');
    expect((await db.pool.query('SELECT 1 FROM contract_zone WHERE id = $1', [id])).rowCount).toBe(0);
    expect(await logs('contract-zones', id)).toEqual([]);
  });

  it('commits them together, in order, with the caller’s transaction', async () => {
    const id = await withTransaction(db.pool, async (client) => {
      const z = await zones().create({ name: 'Фиксация', operator: null, description: null }, ctx, client);
      await zones().update(Number(z.id), { description: 'да' }, ctx, client);
      return Number(z.id);
    });
    expect((await logs('contract-zones', id)).map((l) => [l.action, l.before, l.after])).toEqual([
      ['create', null, { name: 'Фиксация' }],
      ['update', { description: null }, { description: 'да' }],
    ]);
  });

  it('deletes on the caller’s transaction, false for a missing row, and records a system delete without a user', async () => {
    const z = await zones().create({ name: 'Удаляемая', operator: null, description: 'x' }, ctx);
    expect(await zones().delete(987654)).toBe(false);
    expect(await withTransaction(db.pool, (client) => zones().delete(Number(z.id), undefined, client))).toBe(true);
    const last = (await logs('contract-zones', Number(z.id))).at(-1);
    expect(last).toEqual({ action: 'delete', user_id: null, user_name: 'Система', before: { name: 'Удаляемая', description: 'x' }, after: null });
  });
});

describe('diffRows', () => {
  it('keeps only the recorded fields that changed (deep comparison), never stamps or computed fields', () => {
    const before = { id: 1, identifier: 'A', containers: [{ id: 5, volume: '1.100' }], last_update_at: 'x', params_history: [] };
    const after = { id: 1, identifier: 'A', containers: [{ id: 5, volume: '0.750' }], last_update_at: 'y', params_history: [{}] };
    expect(diffRows(containerResource, before, after)).toEqual({ before: { containers: before.containers }, after: { containers: after.containers }, fields: ['containers'] });
    expect(diffRows(containerResource, before, before).fields).toEqual([]);
  });
});

describe('files fields', () => {
  it('links attachments of the accepted group in order and refuses others naming the file', async () => {
    const add = async (name: string, type: string) => (await db.pool.query<{ id: number }>(
      `INSERT INTO attachment (name, content_type, size, sha256, storage_key) VALUES ($1, $2, 1, repeat('a', 64), $3) RETURNING id`, [name, type, `k/${name}`],
    )).rows[0]!.id;
    const a = await add('a.png', 'image/png');
    const b = await add('b.jpg', 'image/jpeg');
    const v = await add('c.mp4', 'video/mp4');
    const row = await sites().create(site('F-1', { photos: [b, a], video: [v] }), ctx);
    expect((row.photos as { id: number }[]).map((p) => p.id)).toEqual([b, a]);
    expect(row.video).toEqual([{ id: v, name: 'c.mp4', content_type: 'video/mp4', size: 1, url: `/api/attachments/${v}/download/` }]);
    const err = await sites().update(Number(row.id), { photos: [v] }, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FieldValidationError);
    expect((err as FieldValidationError).fields).toEqual({ photos: ['Файл «c.mp4» не подходит: нужно изображение (JPEG, PNG, WebP).'] });
    expect(((await sites().get(Number(row.id)))!.photos as unknown[]).length).toBe(2);
  });
});
