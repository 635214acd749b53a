/**
 * Vitest globalSetup (`globalSetup: ['@tko/db/testing/global-setup']` or this file's path):
 * once per run, finds the test server (server.ts), creates `tko_test_template_<random>`,
 * applies the migrations and the seeded roles to it and provides its name and the admin URL to the workers
 * (createTestDatabase reads them). Teardown drops the template and every test database copied
 * from it that a crashed test file left behind, then stops the container if one was started.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createPool } from '../client';
import { migrate } from '../migrate';
import { seedRoles } from '../roles-seed';
import { createDatabase, databaseUrl, dropDatabase, listDatabases } from './databases';
import { startTestServer } from './server';
import './provided-context';

const GENERATED_CLIENT = fileURLToPath(new URL('../generated/prisma/client.ts', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(GENERATED_CLIENT)) {
    throw new Error('Нет сгенерированного клиента Prisma: выполните `pnpm --filter @tko/db generate`.');
  }
  const server = await startTestServer();
  const template = `tko_test_template_${randomBytes(4).toString('hex')}`;
  try {
    await createDatabase(server.adminUrl, template);
    await migrate(databaseUrl(server.adminUrl, template));
    // The seeded roles, as the migrate command writes them after the migrations.
    const pool = createPool(databaseUrl(server.adminUrl, template));
    try {
      await seedRoles(pool);
    } finally {
      await pool.end();
    }
  } catch (err) {
    await dropDatabase(server.adminUrl, template).catch(() => undefined);
    await server.stop();
    throw err;
  }
  project.provide('tkoDbAdminUrl', server.adminUrl);
  project.provide('tkoDbTemplate', template);
  return async () => {
    for (const name of await listDatabases(server.adminUrl, `${template}_`)) await dropDatabase(server.adminUrl, name);
    await dropDatabase(server.adminUrl, template);
    await server.stop();
  };
}
