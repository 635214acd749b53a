/**
 * Least privilege (issue 8 §4): the product runs fully on an ordinary role that owns its
 * database, set up the way scripts/lib/services.sh does it for start.sh — a role with LOGIN,
 * NOSUPERUSER, NOCREATEDB, NOCREATEROLE; an empty database it owns; postgis created by the
 * admin (not a trusted extension on PostgreSQL 15). As that role: every migration applies
 * (pg_trgm, a trusted extension, by the role itself) and a second run is a no-op; the first
 * administrator is created; the API signs in, creates / updates / lists / deletes a container
 * site through the write pipeline; an import-like batch of rows is written in one unit; a
 * finished export is recorded. The role itself cannot create databases or untrusted extensions.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { containerResource } from '@tko/contract';
import { createPool, createPrisma, ensureAdmin, ExportRecordStore, migrate, readMigrations, MIGRATIONS_DIR, WritePipeline } from '@tko/db';
import type { PrismaClient } from '@tko/db';
import { databaseUrl, dropDatabase } from '@tko/db/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { siteBody } from './helpers';

const adminUrl = inject('tkoDbAdminUrl');
const suffix = randomBytes(4).toString('hex');
const role = `tko_test_owner_${suffix}`;
const password = randomBytes(16).toString('hex');
// Named after the template so that the global teardown drops it if this file crashes.
const dbName = `${inject('tkoDbTemplate')}_owner_${suffix}`;
let ownerUrl: string;
let pool: pg.Pool;
let prisma: PrismaClient;
let app: FastifyInstance;

async function asAdmin(database: string | null, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: database ? databaseUrl(adminUrl, database) : adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await asAdmin(null, `CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '${password}'`);
  await asAdmin(null, `CREATE DATABASE ${dbName} OWNER ${role}`);
  await asAdmin(dbName, `REVOKE CONNECT, TEMPORARY ON DATABASE ${dbName} FROM PUBLIC; CREATE EXTENSION IF NOT EXISTS postgis`);
  const url = new URL(databaseUrl(adminUrl, dbName));
  url.username = role;
  url.password = password;
  ownerUrl = url.toString();
}, 60000);

afterAll(async () => {
  await app?.close();
  await prisma?.$disconnect();
  await pool?.end();
  await dropDatabase(adminUrl, dbName);
  await asAdmin(null, `DROP ROLE IF EXISTS ${role}`);
});

describe('the product on a role without superuser that owns its database', () => {
  it('is an ordinary role', async () => {
    const c = new pg.Client({ connectionString: ownerUrl });
    await c.connect();
    try {
      const { rows } = await c.query(`SELECT current_user AS name, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user`);
      expect(rows).toEqual([{ name: role, rolsuper: false, rolcreatedb: false, rolcreaterole: false }]);
      await expect(c.query(`CREATE DATABASE ${dbName}_x`)).rejects.toMatchObject({ code: '42501' });
      await expect(c.query(`CREATE EXTENSION postgis_raster`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await c.end();
    }
  });

  it('applies every migration, then finds nothing to apply', async () => {
    const all = (await readMigrations(MIGRATIONS_DIR)).map((m) => m.name);
    expect((await migrate(ownerUrl)).applied).toEqual(all);
    expect((await migrate(ownerUrl)).applied).toEqual([]);
    pool = createPool(ownerUrl, { max: 5 });
    const { rows } = await pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner <> current_user ORDER BY 1`);
    expect(rows).toEqual([{ tablename: 'spatial_ref_sys' }]); // postgis's own table, created by the admin
  }, 120000);

  it('creates the first administrator, signs in and writes through the API', async () => {
    await ensureAdmin(pool, { email: 'admin@owner.test', password: 'Пароль-владельца-1' });
    prisma = createPrisma(ownerUrl);
    const config = loadConfig({ DATABASE_URL: ownerUrl, NODE_ENV: 'test', JWT_SECRET: 'least-privilege-secret' } as NodeJS.ProcessEnv, { webDist: '/nonexistent' });
    app = await buildApp({ config, pool, prisma, queues: null, logger: false });
    await app.ready();
    const token = await request(app.server).post('/api/auth/token/').send({ email: 'admin@owner.test', password: 'Пароль-владельца-1' });
    expect(token.status).toBe(200);
    const auth = { Authorization: `Bearer ${token.body.access}` };
    const created = await request(app.server).post('/api/waste-area/container/').set(auth).send(siteBody({ identifier: 'LP-1' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const patched = await request(app.server).patch(`/api/waste-area/container/${id}/`).set(auth).send({ landmark: 'у школы' });
    expect(patched.status).toBe(200);
    const list = await request(app.server).get('/api/waste-area/container/?search=LP-1').set(auth);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await pool.query(`SELECT action FROM change_log WHERE object_id = $1 ORDER BY id`, [id])).rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect((await request(app.server).delete(`/api/waste-area/container/${id}/`).set(auth)).status).toBe(204);
  });

  it('writes an import-like batch in one unit and records an export', async () => {
    const pipeline = new WritePipeline(pool);
    const writer = { userName: 'Импорт', userId: null };
    await pipeline.run(async (unit) => {
      for (let i = 1; i <= 50; i++) {
        await unit.create(containerResource, pipeline.parseCreate(containerResource, siteBody({ identifier: `IMP-${i}` })), writer);
      }
    });
    expect((await pool.query(`SELECT count(*)::int AS n FROM waste_area WHERE identifier LIKE 'IMP-%'`)).rows).toEqual([{ n: 50 }]);
    const { rows } = await pool.query<{ id: number }>(`SELECT id FROM app_user WHERE email = 'admin@owner.test'`);
    const records = new ExportRecordStore(pool);
    await records.save({ id: 'lp-export', userId: rows[0]!.id, resource: 'container', file: 'lp-export.xlsx', downloadName: 'container.xlsx', rows: 50, ttlSeconds: 60 });
    expect(await records.findOwn('lp-export', rows[0]!.id)).toMatchObject({ rows: 50, status: 'completed' });
  });
});
