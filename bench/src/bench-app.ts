/**
 * The real API in-process, as apps/api/test/helpers.ts builds it: buildApp with a pg pool on
 * tko_bench, a Prisma client, no queues and no logger, listening on 127.0.0.1:<random>,
 * plus an administrator holding every permission (ensureAdmin) and an access token.
 */
import type { Pool } from 'pg';
import { createPool, createPrisma, ensureAdmin } from '@tko/db';
import { buildApp } from '@tko/api/src/app';
import { loadConfig } from '@tko/api/src/config';
import { TokenService } from '@tko/api/src/modules/auth/tokens';
import { benchUrl } from './env';

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The app's own pool: the SQL side of the benchmark runs on it too. */
  pool: Pool;
  origin: string;
  token: string;
  close(): Promise<void>;
}

/** `pgOptions`: session options of the app's pool (what-if runs only, e.g. '-c jit=off'); `url`: another database than tko_bench. */
export async function startBenchApp(pgOptions?: string, url = benchUrl()): Promise<BenchApp> {
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test', JWT_SECRET: 'bench-secret' } as NodeJS.ProcessEnv, {
    webDist: '/nonexistent',
    accessTokenLifetime: 3600,
  });
  const pool = createPool(url, pgOptions ? { options: pgOptions } : {});
  const prisma = createPrisma(url);
  const app = await buildApp({ config, pool, prisma, queues: null, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const admin = await ensureAdmin(pool, { email: 'bench-admin@bench.local', password: 'bench-password-1', first_name: 'Бенч', last_name: 'Админ' });
  const token = new TokenService(config.jwtSecret, config.accessTokenLifetime, config.refreshTokenLifetime).access(admin.userId);
  return {
    app,
    pool,
    origin: `http://127.0.0.1:${address.port}`,
    token,
    async close() {
      await app.close();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
