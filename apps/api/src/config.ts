/**
 * Configuration from the environment (docs/CONFIGURATION.md lists every variable).
 * Throws at start-up with a clear message when a value is invalid, and refuses to run in
 * production without JWT_SECRET.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().default(8080),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_LIFETIME: z.coerce.number().int().positive().default(86400),
  MAP_STYLE_URL: z.string().optional(),
  EXPORT_DIR: z.string().default(path.join(repoRoot, '.data/exports')),
  XLSX_ASYNC_THRESHOLD: z.coerce.number().int().positive().default(50000),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.string().default('info'),
});

export interface Config {
  env: string;
  host: string;
  port: number;
  databaseUrl: string;
  redisUrl?: string;
  jwtSecret: string;
  /** Seconds. */
  accessTokenLifetime: number;
  /** Seconds. */
  refreshTokenLifetime: number;
  mapStyleUrl: string | null;
  exportDir: string;
  /** Exports with more rows than this go through the worker. */
  xlsxAsyncThreshold: number;
  webDist: string;
  logLevel: string;
}

/** Reads the configuration; `overrides` win (tests). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = EnvSchema.parse(env);
  if (!e.JWT_SECRET && e.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? 'development-only-secret-change-me',
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    refreshTokenLifetime: e.REFRESH_TOKEN_LIFETIME,
    mapStyleUrl: e.MAP_STYLE_URL || null,
    exportDir: e.EXPORT_DIR,
    xlsxAsyncThreshold: e.XLSX_ASYNC_THRESHOLD,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    ...overrides,
  };
}
