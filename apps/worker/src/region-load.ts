/**
 * The job `region-load` (contract routes/region.ts; docs/REGION.md «Loading from the screen»): the
 * extract an administrator uploaded (BASEMAP_DIR/uploads/<upload>) goes through the region loader
 * of the command line (@tko/geocoding loadRegion: address index, road graph, administrative
 * boundaries, base map, in that order); the boundaries are then matched to the loaded ОКТМО
 * (@tko/db matchAdminBoundaries: sites without a settlement are placed by them). Each step is reported as progress — stored on the job as {percent, step} (the region
 * page reads it) and published live to the owner on `/topic/jobs.{id}` (progress.ts) — and at the
 * end the record BASEMAP_DIR/region.json is written (file name, time, counts) and the upload
 * deleted. A failure fails the job with a Russian reason (the tool's own output stays in the
 * worker's log) and is told to the owner; it is not retried (the job table: attempts 1).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import pg from 'pg';
import { matchAdminBoundaries } from '@tko/db';
import { UnrecoverableError } from 'bullmq';
import { REGION_MSG, RegionLoadJobSchema } from '@tko/contract';
import type { RegionLoadJob } from '@tko/contract';
import { loadRegion, regionUploadsDir, writeRegionRecord } from '@tko/geocoding';
import type { RegionRecord } from '@tko/geocoding';
import type { RealtimePublisher } from '@tko/realtime';
import { publishJobProgress } from './progress';

export interface RegionLoadSettings {
  /** The product's database as a URL (the Debian tools connect themselves). */
  databaseUrl: string;
  /** BASEMAP_DIR: the API's, shared with it. */
  basemapDir: string;
}

/** The loader's progress lines (load.ts `log`) → percent and the Russian step shown on the page. */
const STEPS: [RegExp, number, string][] = [
  [/^адреса: osm2pgsql/, 5, 'Адресный индекс: чтение выгрузки…'],
  [/^адреса: \d/, 30, 'Адресный индекс загружен. Дорожный граф…'],
  [/^дорожный граф: osm2pgrouting/, 35, 'Дорожный граф: построение…'],
  [/^дорожный граф: \d/, 60, 'Дорожный граф загружен. Подложка карты…'],
  [/^границы: osm2pgsql/, 62, 'Границы муниципальных образований…'],
  [/^границы: \d/, 64, 'Границы загружены. Подложка карты…'],
  [/^подложка: tilemaker/, 65, 'Подложка карты: нарезка плиток…'],
  [/^подложка: \//, 95, 'Подложка карты готова.'],
];

/** The processor; `publisher` tells the owner live (none: the job's stored progress only). */
export function regionLoadProcessor(settings: RegionLoadSettings | null, publisher?: RealtimePublisher) {
  return async (job: Job<RegionLoadJob>): Promise<RegionRecord> => {
    const data = RegionLoadJobSchema.parse(job.data);
    let lastStep = 'Начало загрузки…';
    const report = async (percent: number, step: string) => {
      lastStep = step;
      await job.updateProgress({ percent, step });
      if (publisher) await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'active', progress: percent });
    };
    const fail = async (reason: string): Promise<never> => {
      if (publisher) await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'failed', progress: 0, error: reason });
      throw new UnrecoverableError(reason);
    };
    if (!settings) return fail('Фоновый обработчик не настроен для загрузки региона (нет DATABASE_URL).');
    const file = join(regionUploadsDir(settings.basemapDir), data.upload);
    try {
      await report(1, 'Начало загрузки…');
      const lines: Promise<void>[] = [];
      const r = await loadRegion({
        file, databaseUrl: settings.databaseUrl, dataDir: settings.basemapDir,
        log: (line) => {
          const step = STEPS.find(([re]) => re.test(line));
          if (step) lines.push(report(step[1], step[2]));
        },
      });
      await Promise.all(lines);
      const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 1 });
      try {
        await matchAdminBoundaries(pool);
      } finally {
        await pool.end();
      }
      const record: RegionRecord = {
        file_name: data.file_name, loaded_at: new Date().toISOString(), addresses: r.addresses, streets: r.streets, places: r.places,
        road_edges: r.roadEdges, boundaries: r.boundaries, boundaries_open: r.boundariesOpen.length, basemap: r.basemap !== null, city: r.city, seconds: r.seconds,
      };
      writeRegionRecord(settings.basemapDir, record);
      await job.updateProgress({ percent: 100, step: 'Готово.' });
      if (publisher) await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'completed', progress: 100 });
      return record;
    } catch (e) {
      if (e instanceof UnrecoverableError) throw e;
      console.error(`region-load job ${job.id}: ${(e as Error).message}`);
      return fail(`${REGION_MSG.failed} Последний шаг: ${lastStep}`);
    } finally {
      await rm(file, { force: true });
    }
  };
}
