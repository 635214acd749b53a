/**
 * ОКТМО loaded from the screen (Администрирование → Регион, section «ОКТМО»; docs/DATA.md «ОКТМО»):
 * an administrator uploads Rosstat's ОКТМО file of any region (the open-data layout of
 * shared/data/SOURCES.md §2) and it is loaded into the administrative units inside the request
 * (a region's file takes well under 2 s; @tko/db oktmo/upload.ts — the loader the command uses too).
 * When the file holds several regions, the region of the system settings picks one (else all).
 *
 *   GET  /api/region/oktmo/   → OktmoStatus: the loaded units by region, the settings' region, the size limit;
 *   POST /api/region/oktmo/upload/   multipart `file` → 200 OktmoUploadResult (counts, regions, rejected lines);
 *                              400 {file: …} for no file, a file above OKTMO_MAX_BYTES or a file that
 *                              is not an ОКТМО file (nothing written). Loading it again changes nothing.
 * Both need `system-settings:change` (administrators): 403 for others.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { REGION_PATH, REGION_PERMISSION } from './region';

export const OKTMO_PATH = `${REGION_PATH}oktmo/`;
/** The largest ОКТМО file accepted: the whole country's file is about 30 MB. */
export const OKTMO_MAX_BYTES = 64 * 1024 * 1024;

const RegionUnitsSchema = z.object({
  /** Two-digit ОКТМО code of the region (subject of the Russian Federation). */
  region: z.string(),
  /** Municipal formations (section 1, 8-digit codes). */
  formations: z.number().int(),
  /** Localities (section 2, 11-digit codes). */
  localities: z.number().int(),
});

export const OktmoStatusSchema = z.object({
  /** The loaded units by region (from the database). */
  regions: z.array(RegionUnitsSchema),
  /** The region of the system settings (null: not set). */
  settings_region: z.string().nullable(),
  max_bytes: z.number().int(),
});
export type OktmoStatus = z.infer<typeof OktmoStatusSchema>;

export const OktmoUploadResultSchema = z.object({
  file_name: z.string(),
  /** Lines of the file. */
  rows: z.number().int(),
  /** Every region of the file: code and the name its heading gives (genitive), or null. */
  file_regions: z.array(z.object({ region: z.string(), name: z.string().nullable() })),
  /** The regions loaded, and why those (Russian). */
  loaded_regions: z.array(z.string()),
  choice: z.string(),
  units: z.object({ total: z.number().int(), created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  /** Units loaded by region. */
  by_region: z.array(RegionUnitsSchema),
  /** Grouping rows of the classifier, not units. */
  headings: z.number().int(),
  /** Lines not loaded, with the reason (never dropped silently). */
  rejected: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
  /** Time of the load, seconds. */
  seconds: z.number(),
});
export type OktmoUploadResult = z.infer<typeof OktmoUploadResultSchema>;

/** Russian texts of the ОКТМО upload (the API and the page). */
export const OKTMO_MSG = {
  noFile: 'Выберите файл ОКТМО Росстата (.csv).',
  tooLarge: (bytes: number) => `Файл больше допустимого: не более ${Math.round(bytes / 1024 / 1024)} МБ.`,
};

export const oktmoStatusRoute = defineRoute({
  method: 'GET', path: OKTMO_PATH, permission: REGION_PERMISSION, tags: ['region'], summary: 'Регион: загруженные единицы ОКТМО по регионам',
  response: { 200: OktmoStatusSchema },
});
export const oktmoUploadRoute = defineRoute({
  method: 'POST', path: `${OKTMO_PATH}upload/`, permission: REGION_PERMISSION, tags: ['region'],
  summary: 'Регион: загрузить файл ОКТМО Росстата (multipart: file)',
  description: 'Файл ОКТМО Росстата (открытые данные, 13 столбцов через «;», UTF-8 или Windows-1251) загружается в административные единицы. '
    + 'Если в файле несколько регионов, загружается регион настроек системы (если он указан и есть в файле), иначе все. Повторная загрузка ничего не меняет.',
  consumes: 'multipart/form-data', response: { 200: OktmoUploadResultSchema },
});
