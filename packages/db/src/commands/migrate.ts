/**
 * `pnpm --filter @tko/db migrate`: applies the pending migrations of prisma/migrations to
 * DATABASE_URL (see src/migrate.ts). Exit code 0 when the database is up to date afterwards,
 * 1 on any error (a changed applied migration, a failing migration, no connection).
 */
import { migrate } from '../migrate';
import { databaseUrlFromEnv, runCommand } from './cli';

runCommand(async () => {
  const { applied } = await migrate(databaseUrlFromEnv(), { log: (line) => console.log(line) });
  console.log(applied.length === 0 ? 'База данных актуальна: новых миграций нет.' : `Применено миграций: ${applied.length}.`);
});
