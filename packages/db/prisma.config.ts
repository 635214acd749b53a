/**
 * Prisma 7 CLI configuration (the datasource URL no longer lives in schema.prisma).
 * `prisma generate` needs no database; `prisma migrate status` (on a machine that has the
 * schema engine) reads DATABASE_URL. Migrations themselves are applied by src/migrate.ts.
 */
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
