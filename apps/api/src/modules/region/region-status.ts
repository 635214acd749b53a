/**
 * The region's state as the page «Регион» shows it (contract routes/region.ts RegionStatus):
 * the map style (modules/basemap/map-style.ts: MAP_STYLE_URL, else the region's base map file in
 * BASEMAP_DIR, else the system settings' external style, else none), the
 * road graph (edges of osm.ways) and the address index (rows of osm.address, osm.street) counted
 * in the database now, the last load from the screen (BASEMAP_DIR/region.json) and its job
 * (BASEMAP_DIR/region-job.json, its state from BullMQ). A table not made yet counts 0.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Job, Queue } from 'bullmq';
import type { Pool } from 'pg';
import type { RegionStatus } from '@tko/contract';
import { readRegionJob, readRegionRecord } from '@tko/geocoding';
import { boundaryCoverage } from '@tko/db';
import { BASEMAP_FILE } from '../basemap/mbtiles';
import type { MapStyleSource } from '../basemap/map-style';
import { progressOf } from '../jobs/jobs.routes';

export interface RegionStatusDeps {
  pool: Pool;
  basemapDir: string;
  mapStyle: MapStyleSource;
  /** The region queue, null without Redis (the job is then unknown). */
  queue: Queue | null;
  maxBytes: number;
}

/** Rows of `table` (schema-qualified), 0 when it does not exist. */
async function rows(pool: Pool, table: string): Promise<number> {
  const exists = (await pool.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table])).rows[0]!.ok;
  if (!exists) return 0;
  return Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
}

type JobState = NonNullable<RegionStatus['job']>['state'];

async function jobOf(queue: Queue | null, dir: string): Promise<RegionStatus['job']> {
  const ref = readRegionJob(dir);
  if (!ref) return null;
  let job: Job | undefined;
  try {
    job = queue ? await queue.getJob(ref.id) : undefined;
  } catch {
    job = undefined;
  }
  if (!job) return { id: ref.id, state: 'unknown', progress: 0, file_name: ref.file_name, message: null };
  const raw = await job.getState();
  const state = (['waiting', 'active', 'completed', 'failed', 'delayed'].includes(raw) ? raw : 'unknown') as JobState;
  const p = job.progress as unknown;
  const progress = progressOf(p);
  const step = typeof p === 'object' && p ? (p as { step?: unknown }).step : undefined;
  const message = state === 'failed' ? job.failedReason || null : typeof step === 'string' ? step : null;
  return { id: ref.id, state, progress, file_name: ref.file_name, message };
}

/** The status; see the module comment. */
export async function regionStatus(d: RegionStatusDeps): Promise<RegionStatus> {
  const record = readRegionRecord(d.basemapDir);
  let size: number | null = null;
  let mtime: string | null = null;
  try {
    const st = statSync(join(d.basemapDir, BASEMAP_FILE));
    size = st.size;
    mtime = st.mtime.toISOString();
  } catch {
    // no base map
  }
  const [edges, addresses, streets, bounds] = await Promise.all([rows(d.pool, 'osm.ways'), rows(d.pool, 'osm.address'), rows(d.pool, 'osm.street'),
    boundaryCoverage(d.pool)]);
  const from = (loaded: boolean, part: boolean) => ({
    loaded,
    loaded_at: loaded && record && part ? record.loaded_at : null,
    file_name: loaded && record && part ? record.file_name : null,
  });
  const { source, url } = await d.mapStyle.current();
  return {
    map_style: {
      ...from(source !== 'none', source === 'region' && !!record?.basemap),
      ...(source === 'region' && !record?.basemap ? { loaded_at: mtime } : {}),
      source,
      url,
      size_bytes: size,
    },
    road_graph: { ...from(edges > 0, (record?.road_edges ?? 0) > 0), edges },
    addresses: { ...from(addresses > 0, (record?.addresses ?? 0) > 0), addresses, streets },
    boundaries: { ...from(bounds.loaded > 0, (record?.boundaries ?? 0) > 0), boundaries: bounds.loaded, matched: bounds.matched },
    job: await jobOf(d.queue, d.basemapDir),
    max_bytes: d.maxBytes,
  };
}
