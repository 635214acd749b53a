/**
 * Configuration from the environment (docs/CONFIGURATION.md lists every variable).
 * Throws at start-up with a clear message when a value is invalid, and refuses to run without
 * JWT_SECRET in any mode (no built-in fallback secret: issue 8 §4; start.sh supplies one).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_REGION_TIME_ZONE } from '@tko/contract';
import { truckProfile } from '@tko/db';
import type { InspectLimits } from '@tko/import';
import { DEFAULT_INSPECT_LIMITS } from '@tko/import';
import { mailEnvShape, mailSettingsOf } from '@tko/mail';

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
  REFRESH_TOKEN_REUSE_GRACE: z.coerce.number().int().min(0).max(300).default(30),
  MAP_STYLE_URL: z.string().optional(),
  // The region's base map (basemap.mbtiles of `pnpm region:load`, issue 9 §3).
  BASEMAP_DIR: z.string().default(path.join(repoRoot, '.data/basemap')),
  // The largest OpenStreetMap extract an administrator may upload (Администрирование → Регион), bytes.
  REGION_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  OSRM_URL: z.string().url().optional().or(z.literal('')),
  ROUTING_SNAP_METERS: z.coerce.number().positive().max(100000).default(500),
  // Read by the routing engine itself (@tko/db routing/profile.ts); checked here so a bad table stops the start.
  ROUTING_TRUCK_SPEEDS: z.string().optional().superRefine((v, ctx) => {
    try { truckProfile(v); } catch (err) { ctx.addIssue({ code: 'custom', message: (err as Error).message }); }
  }),
  EXPORT_DIR: z.string().default(path.join(repoRoot, '.data/exports')),
  XLSX_ASYNC_THRESHOLD: z.coerce.number().int().positive().default(50000),
  EXPORT_TTL_SECONDS: z.coerce.number().int().positive().default(86400),
  QUEUE_PREFIX: z.string().min(1).default('bull'),
  ATTACHMENTS_DIR: z.string().default(path.join(repoRoot, '.data/attachments')),
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  ATTACHMENT_QUOTA_DAY_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024 * 1024),
  ATTACHMENT_QUOTA_UNATTACHED_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  SIGNIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  SIGNIN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  SIGNIN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  // Empty: no proxy is trusted; behind a reverse proxy, name its address (docs/CONFIGURATION.md).
  TRUST_PROXY: z.string().default(''),
  DADATA_TOKEN: z.string().optional(),
  DADATA_SECRET: z.string().optional(),
  DADATA_SUGGEST_URL: z.string().url().default('https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address'),
  DADATA_CLEAN_URL: z.string().url().default('https://cleaner.dadata.ru/api/v1/clean/address'),
  ADDRESS_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  IMPORT_DIR: z.string().default(path.join(repoRoot, '.data/imports')),
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  // The upload's inspection thread (@tko/import inspect-isolated.ts): heap, MiB; time, s.
  IMPORT_INSPECT_HEAP_MB: z.coerce.number().int().min(16).default(512),
  IMPORT_INSPECT_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(120),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.string().default('info'),
  // SMTP_URL, MAIL_FROM, MAIL_LIMIT_*: the mail settings every process reads (@tko/mail settings.ts).
  ...mailEnvShape,
  PUBLIC_URL: z.string().url().optional(),
  PASSWORD_LINK_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  // Citizen appeals: legal term of consideration, days (59-ФЗ ст. 12 ч. 1: 30), issue 11 §4.
  APPEAL_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Time zone of dates shown in words (contract history labels DD.MM.YYYY HH:mm, printed forms).
  REGION_TIME_ZONE: z.string().default(DEFAULT_REGION_TIME_ZONE),
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
  /** Seconds after its use during which a refresh token sent again gets its unused successor (refresh-store.ts). */
  refreshTokenReuseGrace: number;
  mapStyleUrl: string | null;
  /** Directory of the region's base map (basemap.mbtiles; docs/REGION.md). */
  basemapDir: string;
  /** An OSRM server the routing service passes /trip/v1/ calls to; null = pgRouting (issue 10 §2). */
  osrmUrl: string | null;
  /** Metres: a trip point farther than this from the road graph answers NoSegment. */
  routingSnapMeters: number;
  exportDir: string;
  /** Exports with more rows than this go through the worker. */
  xlsxAsyncThreshold: number;
  /** Seconds an export file and its job are kept (the worker removes the file after). */
  exportTtlSeconds: number;
  /** BullMQ key prefix; the worker must use the same. */
  queuePrefix: string;
  /** Directory of the local attachment store (FileStore). */
  attachmentsDir: string;
  /** Largest upload, bytes. */
  attachmentMaxBytes: number;
  /** Per user: bytes uploaded in the last 24 h, and bytes uploaded but not in any card (issue 8 §6). */
  attachmentQuota: { dayBytes: number; unattachedBytes: number };
  /** Days the author's link to an appeal works (APPEAL_LINK_TTL_DAYS, default 30). */
  appealLinkTtlDays: number;
  /** IANA time zone of the region (REGION_TIME_ZONE) for dates shown as text. */
  regionTimeZone: string;
  /** Sign-in and refresh attempts per window, per account and per client address (issue 8 §3). */
  signInRateLimit: { perAccount: number; perAddress: number; windowSeconds: number };
  /**
   * Fastify trustProxy: the proxies whose X-Forwarded-For gives the client's address (proxy-addr
   * presets, IPs, CIDRs); false (TRUST_PROXY empty, the default) trusts none: request.ip is the peer.
   */
  trustProxy: string | false;
  /** DaData-compatible address service; null = the built-in offline provider. */
  dadata: DadataConfig | null;
  /** Directory of the import file store (uploaded CSV/XLSX; the worker reads it too). */
  importDir: string;
  /** Largest import file, bytes. */
  importMaxBytes: number;
  /** REGION_MAX_BYTES: the largest region extract upload (default 1 GiB). */
  regionMaxBytes: number;
  /** Bounds of the upload's inspection thread (@tko/import inspect-isolated.ts). */
  importInspect: InspectLimits;
  webDist: string;
  logLevel: string;
  /** Outgoing mail (issue 14 §3): nodemailer SMTP URL (`smtp://user:pass@host:587`, `smtps://…`); null = messages are not sent (logged). */
  smtpUrl: string | null;
  /** The From of every message. */
  mailFrom: string;
  /** The address users open the product at; the links in messages start with it (never taken from the request's Host). */
  publicUrl: string;
  /** Seconds a registration or restore link works (default 3600). */
  passwordLinkTtlSeconds: number;
  /** Registration and restore requests per window, per e-mail and per client address (issue 14 §3). */
  mailRateLimit: { perAccount: number; perAddress: number; windowSeconds: number };
}

/** A DaData-compatible address service: token (suggest + clean), secret (clean), URLs, timeout in ms. */
export interface DadataConfig {
  token: string;
  secret: string | null;
  suggestUrl: string;
  cleanUrl: string;
  timeoutMs: number;
}

/** The start-up error without JWT_SECRET (Russian, then English for operators' logs). */
export const JWT_SECRET_MISSING =
  'Не задан JWT_SECRET: сервер не запускается без секрета подписи токенов (scripts/start.sh создаёт его в .data/jwt-secret). ' +
  'JWT_SECRET is not set: the server refuses to start without a token signing secret (docs/CONFIGURATION.md).';

/** Reads the configuration; `overrides` win (tests). Throws {@link JWT_SECRET_MISSING} without JWT_SECRET. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = EnvSchema.parse(env);
  if (!e.JWT_SECRET) throw new Error(JWT_SECRET_MISSING);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    refreshTokenLifetime: e.REFRESH_TOKEN_LIFETIME,
    refreshTokenReuseGrace: e.REFRESH_TOKEN_REUSE_GRACE,
    mapStyleUrl: e.MAP_STYLE_URL || null,
    basemapDir: e.BASEMAP_DIR,
    osrmUrl: e.OSRM_URL ? e.OSRM_URL.replace(/\/+$/, '') : null,
    routingSnapMeters: e.ROUTING_SNAP_METERS,
    exportDir: e.EXPORT_DIR,
    xlsxAsyncThreshold: e.XLSX_ASYNC_THRESHOLD,
    exportTtlSeconds: e.EXPORT_TTL_SECONDS,
    queuePrefix: e.QUEUE_PREFIX,
    attachmentsDir: e.ATTACHMENTS_DIR,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    attachmentQuota: { dayBytes: e.ATTACHMENT_QUOTA_DAY_BYTES, unattachedBytes: e.ATTACHMENT_QUOTA_UNATTACHED_BYTES },
    appealLinkTtlDays: e.APPEAL_LINK_TTL_DAYS,
    regionTimeZone: e.REGION_TIME_ZONE,
    signInRateLimit: { perAccount: e.SIGNIN_LIMIT_PER_ACCOUNT, perAddress: e.SIGNIN_LIMIT_PER_ADDRESS, windowSeconds: e.SIGNIN_LIMIT_WINDOW_SECONDS },
    trustProxy: e.TRUST_PROXY.trim() || false,
    dadata: e.DADATA_TOKEN
      ? { token: e.DADATA_TOKEN, secret: e.DADATA_SECRET || null, suggestUrl: e.DADATA_SUGGEST_URL, cleanUrl: e.DADATA_CLEAN_URL, timeoutMs: e.ADDRESS_TIMEOUT_MS }
      : null,
    importDir: e.IMPORT_DIR,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    regionMaxBytes: e.REGION_MAX_BYTES,
    importInspect: { heapMb: e.IMPORT_INSPECT_HEAP_MB, timeoutMs: e.IMPORT_INSPECT_TIMEOUT_SECONDS * 1000, threads: DEFAULT_INSPECT_LIMITS.threads },
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    smtpUrl: mailSettingsOf(e).smtpUrl,
    mailFrom: mailSettingsOf(e).from,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    passwordLinkTtlSeconds: e.PASSWORD_LINK_TTL_SECONDS,
    mailRateLimit: mailSettingsOf(e).rateLimit,
    ...overrides,
  };
}
