/**
 * "What if" switches of run.ts, to measure a proposed fix before the product has it. None
 * changes the repository; results made with any of them are written to out/results-whatif.*
 * and say so. `--apply-sql` changes tko_bench itself: run with --reseed afterwards.
 *   --pg-options='-c jit=off'      options of the app's pg pool (session settings)
 *   --cache-auth                   PrismaUserStore.me() answers from a 10 s per-user cache
 *   --apply-sql=FILE               runs FILE (e.g. proposed-indexes.sql) on tko_bench, then ANALYZE
 *   --child-node-options='…'       extra Node flags of the xlsx child process
 */
import { readFile } from 'node:fs/promises';
import type { Pool } from 'pg';
import { PrismaUserStore } from '@tko/api/src/modules/auth/user-store';

export interface WhatIf {
  pgOptions?: string;
  cacheAuth?: boolean;
  applySql?: string;
  childNodeOptions?: string;
}

export function isWhatIf(w: WhatIf): boolean {
  return Boolean(w.pgOptions || w.cacheAuth || w.applySql || w.childNodeOptions);
}

/** One line per switch in use, for the report. */
export function describeWhatIf(w: WhatIf): string[] {
  const out: string[] = [];
  if (w.pgOptions) out.push(`app pool session options: \`${w.pgOptions}\``);
  if (w.cacheAuth) out.push('auth user lookup (PrismaUserStore.me) cached 10 s per user');
  if (w.applySql) out.push(`SQL applied to tko_bench: \`${w.applySql}\``);
  if (w.childNodeOptions) out.push(`xlsx child Node flags: \`${w.childNodeOptions}\``);
  return out;
}

/** Replaces PrismaUserStore.prototype.me with a 10 s per-user cache (a proposed fix, emulated). */
export function cacheAuthLookups(ttlMs = 10_000): void {
  const original = PrismaUserStore.prototype.me;
  const cache = new Map<number, { at: number; value: Awaited<ReturnType<typeof original>> }>();
  PrismaUserStore.prototype.me = async function me(this: PrismaUserStore, userId: number) {
    const hit = cache.get(userId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = await original.call(this, userId);
    cache.set(userId, { at: Date.now(), value });
    return value;
  };
}

/** Runs an SQL file on the benchmark database, then VACUUM ANALYZE of waste_area. */
export async function applySqlFile(pool: Pool, file: string): Promise<void> {
  await pool.query(await readFile(file, 'utf8'));
  await pool.query('VACUUM (ANALYZE) waste_area');
}
