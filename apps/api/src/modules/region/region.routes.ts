/**
 * The region from the screen (contract routes/region.ts; docs/REGION.md «Loading from the
 * screen»): GET /api/region/ (region-status.ts) and POST /api/region/upload/ — the extract
 * (multipart `file`, .osm.pbf or .osm, at most REGION_MAX_BYTES) is stored in
 * BASEMAP_DIR/uploads (the folder the worker shares: it writes the base map there too) and the
 * job `region-load` is queued. Administrators only (`system-settings:change`, 403 otherwise).
 * Errors: 400 {file} (no file, not an OSM extract, too large — the limit named), 409 while a load
 * is waiting or running, 503 without Redis. Multipart parsing is registered in this module's own
 * scope with the size limit. The ОКТМО section of the page has its own routes (oktmo.routes.ts).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { REGION_LOAD_JOB, REGION_MSG, regionStatusRoute, regionUploadRoute } from '@tko/contract';
import { FieldValidationError, JobPayloadError } from '@tko/db';
import { regionUploadsDir, writeRegionJob } from '@tko/geocoding';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, unavailable } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import type { MapStyleSource } from '../basemap/map-style';
import type { Queues } from '../jobs/queue';
import { apiModule } from '../module';
import { registerOktmoRoutes } from './oktmo.routes';
import { regionStatus } from './region-status';

const QUEUE_DOWN = 'Фоновые задачи временно недоступны. Повторите попытку позже.';

export interface RegionDeps {
  pool: Pool;
  guards: AuthGuards;
  queues: Queues | null;
  basemapDir: string;
  mapStyle: MapStyleSource;
  maxBytes: number;
}

/** The stored file's kind by its first bytes: a PBF starts with its header blob «OSMHeader», XML with `<?xml` or `<osm`. */
async function extractKind(file: string): Promise<'pbf' | 'osm' | null> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(64);
    const { bytesRead } = await fh.read(buf, 0, 64, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.includes(Buffer.from('OSMHeader'))) return 'pbf';
    const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
    return text.startsWith('<?xml') || text.startsWith('<osm') ? 'osm' : null;
  } finally {
    await fh.close();
  }
}

export async function registerRegionRoutes(app: FastifyInstance, deps: RegionDeps): Promise<void> {
  const status = () => regionStatus({
    pool: deps.pool, basemapDir: deps.basemapDir, mapStyle: deps.mapStyle, queue: deps.queues?.ready() ? deps.queues.region : null, maxBytes: deps.maxBytes,
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxBytes, files: 1, fields: 2, parts: 4, fieldSize: 1000 } });

    registerRoute(scope, regionStatusRoute, () => status(), deps);

    registerRoute(scope, regionUploadRoute, async ({ request, reply, user }) => {
      if (!deps.queues?.ready()) throw unavailable(QUEUE_DOWN);
      const current = (await status()).job;
      if (current && (current.state === 'waiting' || current.state === 'active' || current.state === 'delayed')) {
        throw new HttpError(409, REGION_MSG.busy, 'conflict');
      }
      if (!request.isMultipart()) throw FieldValidationError.of('file', REGION_MSG.noFile);
      const part = await request.file();
      if (!part) throw FieldValidationError.of('file', REGION_MSG.noFile);
      const name = part.filename || '';
      if (!/\.(osm\.pbf|pbf|osm)$/i.test(name)) {
        part.file.resume();
        throw FieldValidationError.of('file', REGION_MSG.wrongType);
      }
      const id = randomUUID();
      const target = join(regionUploadsDir(deps.basemapDir), `${id}${/\.osm$/i.test(name) ? '.osm' : '.osm.pbf'}`);
      const drop = () => rm(target, { force: true });
      try {
        await pipeline(part.file, createWriteStream(target));
      } catch (e) {
        await drop();
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw FieldValidationError.of('file', REGION_MSG.tooLarge(deps.maxBytes));
        throw e;
      }
      // A stream cut at the size limit ends normally, marked truncated (@fastify/multipart).
      if (part.file.truncated) {
        await drop();
        throw FieldValidationError.of('file', REGION_MSG.tooLarge(deps.maxBytes));
      }
      const kind = await extractKind(target);
      if (!kind || (kind === 'pbf') !== /\.pbf$/i.test(target)) {
        await drop();
        throw FieldValidationError.of('file', REGION_MSG.wrongType);
      }
      const jobId = `region-${id}`;
      try {
        await deps.queues.jobs.enqueue(REGION_LOAD_JOB, { upload: target.slice(target.lastIndexOf('/') + 1), file_name: name, user_id: user.id }, { jobId });
      } catch (e) {
        await drop();
        if (e instanceof JobPayloadError) throw e;
        throw unavailable(QUEUE_DOWN);
      }
      writeRegionJob(deps.basemapDir, { id: jobId, file_name: name });
      return reply.status(202).send({ job_id: jobId, status_url: `/api/jobs/${jobId}/` });
    }, deps);
  });

  await registerOktmoRoutes(app, deps);
}

export const regionModule = apiModule('region', (app, d) => registerRegionRoutes(app, {
  pool: d.pool, guards: d.guards, queues: d.queues, basemapDir: d.config.basemapDir, mapStyle: d.mapStyle, maxBytes: d.config.regionMaxBytes,
}));
