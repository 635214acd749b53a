/**
 * The region's map data loaded from the screen (Администрирование → Регион; docs/REGION.md): an
 * administrator uploads the region's OpenStreetMap extract (`.osm.pbf` or `.osm`) and the region
 * loader (@tko/geocoding loadRegion: address index, road graph, base map) runs as the background
 * job `region-load` in the worker, its progress on `/topic/jobs.{id}` and GET /api/jobs/{id}/.
 *
 *   GET  /api/region/          → RegionStatus: what is loaded (map style, road graph, address index:
 *                                when, from which file, counts) and the last load job;
 *   POST /api/region/upload/   multipart `file` (.osm.pbf / .osm), 202 {job_id, status_url};
 *                                400 {file: …} for no file, another extension or a file above
 *                                REGION_MAX_BYTES (the limit named); 409 while a load runs;
 *                                503 without Redis.
 * Both need `system-settings:change` (administrators): 403 for others.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { JobAcceptedSchema } from './operations';

export const REGION_PATH = '/api/region/';
/** The web page of the region (Администрирование → Регион). */
export const REGION_WEB_PATH = '/admin/region/';
/** Who may see and load the region: the system settings' administrators. */
export const REGION_PERMISSION = { resource: 'system-settings', action: 'change' } as const;

/** The region's queue and job (apps/worker src/region-load.ts). */
export const QUEUE_REGION = 'region';
export const REGION_LOAD_JOB = 'region-load';

/** Payload of `region-load`: the stored upload (a name inside BASEMAP_DIR/uploads), its original name, who started it. */
export const RegionLoadJobSchema = z.object({
  upload: z.string().regex(/^[\w.-]+$/),
  file_name: z.string(),
  user_id: z.number().int(),
});
export type RegionLoadJob = z.infer<typeof RegionLoadJobSchema>;

/** What a finished load wrote, kept in BASEMAP_DIR/region.json (the status shows it). */
export const RegionLoadRecordSchema = z.object({
  file_name: z.string(),
  /** ISO timestamp of the end of the load. */
  loaded_at: z.string(),
  addresses: z.number().int(),
  streets: z.number().int(),
  places: z.number().int(),
  road_edges: z.number().int(),
  /** Administrative boundaries stored, and those the extract cut open (loads before they were loaded: absent). */
  boundaries: z.number().int().optional(),
  boundaries_open: z.number().int().optional(),
  basemap: z.boolean(),
  /** The settlement given to addresses without addr:city. */
  city: z.string().nullable(),
  seconds: z.number(),
});
export type RegionLoadRecord = z.infer<typeof RegionLoadRecordSchema>;

/** One part of the region as it is now (counts read from the database / the files themselves). */
export const RegionPartSchema = z.object({
  loaded: z.boolean(),
  /** ISO timestamp of the last load from the screen (null: never from the screen, or unknown). */
  loaded_at: z.string().nullable(),
  /** The extract's file name of that load. */
  file_name: z.string().nullable(),
});

export const RegionStatusSchema = z.object({
  map_style: RegionPartSchema.extend({
    /** Where the maps' base style comes from: the region's own base map, the MAP_STYLE_URL of the installation, or none. */
    source: z.enum(['region', 'external', 'none']),
    url: z.string().nullable(),
    /** Size of the base map file, bytes (null without one). */
    size_bytes: z.number().int().nullable(),
  }),
  road_graph: RegionPartSchema.extend({ edges: z.number().int() }),
  addresses: RegionPartSchema.extend({ addresses: z.number().int(), streets: z.number().int() }),
  /** OSM administrative boundaries (admin_level 6/8) stored, and how many are matched to an ОКТМО formation. */
  boundaries: RegionPartSchema.extend({ boundaries: z.number().int(), matched: z.number().int() }),
  /** The last load started from the screen, or null. */
  job: z.object({
    id: z.string(),
    state: z.enum(['waiting', 'active', 'completed', 'failed', 'delayed', 'unknown']),
    progress: z.number(),
    file_name: z.string(),
    /** The step under way or the failure (Russian). */
    message: z.string().nullable(),
  }).nullable(),
  /** The largest extract accepted, bytes. */
  max_bytes: z.number().int(),
});
export type RegionStatus = z.infer<typeof RegionStatusSchema>;

/** Russian texts of the region load (one place: the API, the worker and the web page). */
export const REGION_MSG = {
  noFile: 'Выберите файл выгрузки OpenStreetMap (.osm.pbf).',
  wrongType: 'Нужна выгрузка OpenStreetMap: файл .osm.pbf или .osm.',
  tooLarge: (bytes: number) => `Файл больше допустимого: не более ${Math.round(bytes / 1024 / 1024)} МБ.`,
  busy: 'Загрузка региона уже идёт: дождитесь её окончания.',
  failed: 'Загрузка региона не удалась. Проверьте файл выгрузки и повторите попытку.',
  /** What a map without a base map says (web NoBasemapNotice). */
  noBasemap: 'Подложка карты (улицы, дома) не загружена: точки показаны на пустом фоне.',
  /** What routing without a road graph says. */
  noRoadGraph: 'Дорожный граф региона не загружен: путь по дорогам построить нельзя. Остановки маршрута показаны на карте, маршрут можно сохранить.',
  adminHint: 'Загрузите выгрузку OpenStreetMap региона на странице «Регион».',
  /** The other way to a base map (the map notice only): an external style in the system settings. */
  adminStyleHint: 'Или укажите адрес внешнего стиля карты MapLibre в системных настройках.',
  userHint: 'Обратитесь к администратору.',
};

export const regionStatusRoute = defineRoute({
  method: 'GET', path: REGION_PATH, permission: REGION_PERMISSION, tags: ['region'], summary: 'Регион: подложка, дорожный граф, адреса',
  response: { 200: RegionStatusSchema },
});
export const regionUploadRoute = defineRoute({
  method: 'POST', path: `${REGION_PATH}upload/`, permission: REGION_PERMISSION, tags: ['region'],
  summary: 'Регион: загрузить выгрузку OpenStreetMap (multipart: file)',
  description: 'Фоновая задача region-load: адресный индекс, дорожный граф и подложка карты из одной выгрузки OpenStreetMap (.osm.pbf).',
  consumes: 'multipart/form-data', response: { 202: JobAcceptedSchema },
});
