/**
 * Where the benchmark runs: DATABASE_URL is an admin URL (CREATE/DROP DATABASE) of a
 * PostgreSQL 15 + PostGIS server; the benchmark works in its own database `tko_bench` there.
 */
import { databaseUrl } from '@tko/db/testing';

/** Name of the benchmark database (dropped and re-created by the seed); BENCH_DB overrides it (a copy of one's own on a shared server). */
export const BENCH_DB = process.env.BENCH_DB ?? 'tko_bench';

/** The admin URL from DATABASE_URL; exits with a message when it is missing. */
export function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required: an admin URL, e.g. postgresql://postgres@127.0.0.1:5432/postgres');
    process.exit(2);
  }
  return url;
}

/** URL of the benchmark database on the same server. */
export function benchUrl(): string {
  return databaseUrl(adminUrl(), BENCH_DB);
}

/** Site counts the seed produces and the run checks. */
export const TOTAL_SITES = 100_000;
/** data_import_source of the synthetic sites. */
export const BENCH_SOURCE = 'bench_synthetic';
/** The PRNG seed of the synthetic data. */
export const SEED = 20261122;
