/**
 * The worker side of the system import: the handler of `import-file` (QUEUE_IMPORTS) is
 * @tko/import's processor. The import store is IMPORT_DIR (the API's
 * upload directory: a shared disk when API and worker run on different hosts). After a run, the
 * rows it created without coordinates are geocoded by `geocoder` (issue 9 §1: GEOCODER, see
 * importGeocoder); without one they stay flagged «Координаты требуют проверки».
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Job } from 'bullmq';
import { importFileProcessor, LocalImportStore } from '@tko/import';
import type { ImportJobDeps } from '@tko/import';
import type { Domain } from '@tko/db';
import type { Pool } from 'pg';
import { jobPublisher } from './progress';
import { createGeocoder } from '@tko/geocoding';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** IMPORT_DIR, default `<repo>/.data/imports` (the API's default too). */
export function importDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.IMPORT_DIR || path.join(repoRoot, '.data/imports');
}

/**
 * The handler of `import-file` on the process's domain runtime (its pool, write pipeline,
 * publisher and notifier; without a publisher the live progress is dropped): one file at a time
 * (the registration loop runs the queue with concurrency 1).
 */
export function importProcessor(domain: Domain, deps: { dir?: string; geocoder?: ImportJobDeps['geocoder'] } = {}): (job: Job) => Promise<unknown> {
  return importFileProcessor({
    pool: domain.pool, pipeline: domain.pipeline, store: new LocalImportStore(deps.dir ?? importDir()), publisher: jobPublisher(domain),
    notifier: domain.notifier, geocoder: deps.geocoder ?? null,
  });
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
