/**
 * The worker side of the system import: a BullMQ Worker on QUEUE_IMPORTS running
 * @tko/import's processor (one file at a time). The import store is IMPORT_DIR (the API's
 * upload directory: a shared disk when API and worker run on different hosts). After a run, the
 * rows it created without coordinates are geocoded by `geocoder` (issue 9 §1: GEOCODER, see
 * importGeocoder); without one they stay flagged «Координаты требуют проверки».
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Job, WorkerOptions } from 'bullmq';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_IMPORTS } from '@tko/contract';
import { importFileProcessor, LocalImportStore } from '@tko/import';
import type { ImportJobDeps } from '@tko/import';
import type { Domain } from '@tko/db';
import type { Pool } from 'pg';
import type { RealtimePublisher } from '@tko/realtime';
import { createGeocoder } from '@tko/geocoding';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** IMPORT_DIR, default `<repo>/.data/imports` (the API's default too). */
export function importDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.IMPORT_DIR || path.join(repoRoot, '.data/imports');
}

/**
 * Starts the import worker on the process's domain runtime (its pool, write pipeline, publisher
 * and notifier; the domain must have a publisher); `options` carry the prefix and the
 * crash-recovery settings.
 */
export function startImportWorker(
  deps: { domain: Domain; connection: Redis; dir?: string; geocoder?: ImportJobDeps['geocoder'] },
  options: Partial<WorkerOptions> = {},
): Worker {
  const { domain } = deps;
  if (!domain.publisher) throw new Error('import worker: the domain has no publisher');
  const processor = importFileProcessor({
    pool: domain.pool, pipeline: domain.pipeline, store: new LocalImportStore(deps.dir ?? importDir()), publisher: domain.publisher as RealtimePublisher,
    notifier: domain.notifier ?? undefined, geocoder: deps.geocoder ?? null,
  });
  const worker = new Worker(QUEUE_IMPORTS, (job: Job) => processor(job), { ...options, connection: deps.connection, concurrency: 1 });
  worker.on('failed', (job, err) => console.error(`import job ${job?.id} failed: ${err.message}`));
  return worker;
}

/**
 * The geocoder of the import's second phase (@tko/geocoding createGeocoder: GEOCODER=osm|dadata|
 * nominatim); null with IMPORT_GEOCODING=off, or when the configuration is wrong (logged: the
 * rows then stay flagged for a person to place).
 */
export function importGeocoder(pool: Pool, env: NodeJS.ProcessEnv = process.env): ImportJobDeps['geocoder'] {
  if (env.IMPORT_GEOCODING === 'off') return null;
  try {
    return createGeocoder(env, pool);
  } catch (e) {
    console.error(`import geocoding off: ${(e as Error).message}`);
    return null;
  }
}
