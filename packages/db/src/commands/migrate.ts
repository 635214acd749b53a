/**
 * `pnpm --filter @tko/db migrate`: applies the pending migrations of prisma/migrations to
 * DATABASE_URL (see src/migrate.ts), then writes the seeded roles' new rights (src/roles-seed.ts,
 * contract roles/seeded-roles.ts). Exit code 0 when the database is up to date afterwards,
 * 1 on any error (a changed applied migration, a failing migration, no connection).
 */
import { createPool } from '../client';
import { migrate } from '../migrate';
import { seedRoles } from '../roles-seed';
import { databaseUrlFromEnv, runCommand } from './cli';

runCommand(async () => {
  const url = databaseUrlFromEnv();
  const { applied } = await migrate(url, { log: (line) => console.log(line) });
  console.log(applied.length === 0 ? 'База данных актуальна: новых миграций нет.' : `Применено миграций: ${applied.length}.`);
  const pool = createPool(url);
  try {
    const seeded = await seedRoles(pool);
    if (seeded.created.length) console.log(`Созданы роли: ${seeded.created.join(', ')}.`);
    if (seeded.granted.length) console.log(`Ролям выданы новые права: ${seeded.granted.length}.`);
  } finally {
    await pool.end();
  }
});
