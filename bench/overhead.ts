/**
 * `pnpm --filter @tko/bench exec tsx overhead.ts`: where the API's time goes beyond its SQL,
 * per request, on tko_bench (run the seed first). Times, 200 rounds each after warm-up:
 * the per-request user lookup of the auth guard (PrismaUserStore.me), the response
 * serializer of the list route (zod safeEncode of listResponseSchema + JSON.stringify) on a
 * real 20-row page, GET /api/users/me/ (auth only) and an empty-tile route over HTTP.
 */
import { createDomain, createPrisma } from '@tko/db';
import { listResponseSchema } from '@tko/contract';
import { PrismaUserStore } from '@tko/api/src/modules/auth/user-store';
import { startBenchApp } from './src/bench-app';
import { benchUrl } from './src/env';
import { BenchHttp } from './src/http';
import { CONTAINER, parseQuery } from './src/list-cases';
import { interleaved, summarize } from './src/stats';

const app = await startBenchApp();
const http = new BenchHttp(app.origin, app.token);
const prisma = createPrisma(benchUrl());
try {
  const users = new PrismaUserStore(prisma);
  const { rows } = await app.pool.query<{ id: number }>(`SELECT id FROM app_user WHERE email = 'bench-admin@bench.local'`);
  const adminId = rows[0]!.id;
  const page = await createDomain({ pool: app.pool }).registries.repo(CONTAINER).list(parseQuery('ordering=location&page=1'));
  const payload = { count: page.count, next: null, previous: null, ...page.aggregates, results: page.rows };
  const schema = listResponseSchema(CONTAINER);
  const t = await interleaved({
    'auth: PrismaUserStore.me()': () => users.me(adminId),
    'list serializer: safeEncode + JSON.stringify (20 rows)': async () => JSON.stringify(schema.safeEncode(payload).data),
    'HTTP GET /api/users/me/ (auth only)': () => http.ok('/api/users/me/'),
    'HTTP GET empty tile z14 (auth + empty ST_AsMVT)': () => http.ok('/api/waste-area/tiles/14/0/0.mvt'),
    'SQL pool.query(SELECT 1)': () => app.pool.query('SELECT 1'),
  }, 200, 20);
  for (const [k, v] of Object.entries(t)) {
    const s = summarize(v);
    console.log(`${k.padEnd(56)} p50 ${s.p50.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms`);
  }
} finally {
  await prisma.$disconnect();
  await http.close();
  await app.close();
}
