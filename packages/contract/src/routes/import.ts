/**
 * System import (spec 03 §3 "Import", §4, §7 "Import"; screen /system-import/): a user uploads a
 * CSV or XLSX file, matches its columns to the fields of a registry (a template type), and
 * processes it as a background job; the failed rows come back as a file.
 *
 * Calls (all bearer; permission resource `import`, `import-all-files` for other users' files):
 *   GET    /api/import/files/                     the files (paged; own, or all with import-all-files:view)
 *   POST   /api/import/files/upload/              multipart: `file` (CSV or XLSX), optional `template_type`
 *   GET    /api/import/files/{id}/                one file (status and progress)
 *   PATCH  /api/import/files/{id}/                field matching: template_type, column_mapping, options
 *   DELETE /api/import/files/{id}/                the file and its report (?rollback=true: rolled back first)
 *   GET    /api/import/files/{id}/duplicates/     groups of look-alike rows to resolve (issue 9 §1)
 *   POST   /api/import/files/{id}/rollback/       «Откатить импорт»
 *   POST   /api/import/files/{id}/process/        queue the import job → 202 with the file
 *   POST   /api/import/files/{id}/cancel/         stop it; nothing of the run is kept
 *   GET    /api/import/files/{id}/download/       the original file
 *   GET    /api/import/files/{id}/errors/         failed rows with their reasons (?format=xlsx|csv)
 *   GET    /api/import/templates/                 the template types and whether each works yet
 *   GET    /api/import/templates/{type}/          an xlsx to fill in (the labelled columns)
 *   GET    /api/import/templates/{type}/labels/   the fields a file column can map to
 * Progress is published on DESTINATIONS.job(job_id) (ws/index.ts) as JobProgress.
 */
import { z } from 'zod';
import { defineEnum } from '../enums/define-enum';
import { pageSchema, PageQuerySchema } from '../common/pagination';
import { defineRoute } from '../common/route';

/** Template types (spec 03 §3 "Import"), with the Russian names the screen shows. */
export const ImportTemplateType = defineEnum('import_template_type', {
  NONE: 'Не выбран',
  CWA_BUNDLE: 'Контейнерные площадки',
  COMPLEX: 'Комплексный',
  VEHICLE_COMPLEX: 'Транспорт',
  CONTRACT_COMPLEX: 'Договоры',
  FLOWS: 'Потоки отходов',
  WASTE_SOURCE: 'Источники образования отходов',
  WASTE_SOURCE_COMPLEX: 'Источники образования отходов (комплексный)',
  BALANCE: 'Баланс',
  WASTE_MANAGEMENT_FACILITY: 'Объекты обращения с отходами',
  ANGARSK_PLAN: 'План вывоза (маршрутный план)',
});
export type ImportTemplateTypeValue = (typeof ImportTemplateType.values)[number];

/**
 * File types (spec 03 §3 "Import"; JSON: issue 9 §1 — an array of objects, or a GeoJSON
 * FeatureCollection whose points become the columns «Широта» and «Долгота»).
 */
export const ImportFileType = defineEnum('import_file_type', { CSV: 'CSV', XLSX: 'XLSX', JSON: 'JSON / GeoJSON' });

/**
 * Life of an uploaded file: UPLOADED → (process) QUEUED → PROCESSING → DONE | FAILED |
 * CANCELLED; a FAILED or CANCELLED file may be processed again, a DONE one may not; a DONE file
 * may be rolled back (ROLLED_BACK: what it created deleted, what it updated restored).
 */
export const ImportFileStatus = defineEnum('import_file_status', {
  UPLOADED: 'Загружен',
  QUEUED: 'В очереди',
  PROCESSING: 'Обрабатывается',
  DONE: 'Импортирован',
  FAILED: 'Ошибка',
  CANCELLED: 'Отменён',
  ROLLED_BACK: 'Откачен',
});
export type ImportFileStatusValue = (typeof ImportFileStatus.values)[number];

/** Permission resources of the import screen (routes/permissions.ts NON_REGISTRY_PERMISSIONS). */
export const IMPORT_PERMISSION = 'import';
export const IMPORT_ALL_FILES_PERMISSION = 'import-all-files';

/** Default size limit of an uploaded file, bytes (IMPORT_MAX_BYTES). */
export const IMPORT_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;

/** What becomes of a group of rows that look like one object (issue 9 §1). */
export const GroupResolutionSchema = z.enum(['apart', 'merge', 'skip']);
export type GroupResolution = z.infer<typeof GroupResolutionSchema>;
export const DuplicatesSchema = z.enum(['separate', 'merge', 'skip', 'error', 'same_point']);
/** The key through which a row updates an existing record; `none`: every row creates. */
export const MatchKeySchema = z.enum(['none', 'identifier', 'registry_number', 'id']);
export type MatchKey = z.infer<typeof MatchKeySchema>;
/** Metres within which a row's point matches an existing record (explicit, off by default). */
export const MatchDistanceSchema = z.number({ error: 'Укажите расстояние в метрах.' }).min(0.1, 'Не меньше 0,1 м.').max(1000, 'Не больше 1000 м.');

/**
 * How a run treats repeated and existing objects, and failures (docs/DECISIONS.md "Import:
 * nothing lost, nothing overwritten").
 * - duplicates: what becomes of every group of rows that look like one object (the same
 *   normalised address, or points within a few metres; the duplicates call lists them) unless
 *   `groups` says otherwise: `separate` (default: one row = one record), `merge` (one record: lists
 *   united, other values by majority, conflicts reported as warnings), `skip` (the group's first
 *   row is imported, the others are skipped with a warning) or `error` (the repeats fail);
 *   `same_point`: rows whose points agree to 6 decimals (0.1 m) merge — a route plan that repeats
 *   a site once per visit — and every other row stays apart;
 * - groups: the user's choice per group id (the duplicates call): apart | merge | skip;
 * - match_key: the key through which a row updates an existing record — identifier, registry
 *   number or the record id (a column mapped to «Номер записи (id)»); `none` (default): every row
 *   creates a record. match_distance: with match_key none, a row whose point lies within this many
 *   metres of an existing record updates it (off = null, the default);
 * - existing: an object already in the registry with that key is updated with the file's
 *   non-empty values (`update`) or left alone (`skip`);
 * - all_or_nothing: when any row fails, nothing is written (default: the valid rows are written
 *   and the failed ones reported).
 */
export const ImportOptionsSchema = z.object({
  duplicates: DuplicatesSchema.default('separate'),
  groups: z.record(z.string().max(20), GroupResolutionSchema).default({}),
  match_key: MatchKeySchema.default('none'),
  match_distance: MatchDistanceSchema.nullable().default(null),
  existing: z.enum(['update', 'skip']).default('update'),
  all_or_nothing: z.boolean().default(false),
});
export type ImportOptions = z.infer<typeof ImportOptionsSchema>;
/** Options in a PATCH: only the ones sent change (no defaults filled in). */
export const ImportOptionsPatchSchema = z.strictObject({
  duplicates: DuplicatesSchema.optional(),
  groups: z.record(z.string().max(20), GroupResolutionSchema).optional(),
  match_key: MatchKeySchema.optional(),
  match_distance: MatchDistanceSchema.nullable().optional(),
  existing: z.enum(['update', 'skip']).optional(),
  all_or_nothing: z.boolean().optional(),
});
export const DEFAULT_IMPORT_OPTIONS: ImportOptions = { duplicates: 'separate', groups: {}, match_key: 'none', match_distance: null, existing: 'update', all_or_nothing: false };

/** One record an import updated: its link and the old → new values (issue 9 §1). */
export const ImportUpdateSchema = z.object({
  id: z.number().int(),
  /** The record's card in the web app. */
  url: z.string(),
  /** The file line of the row. */
  line: z.number().int(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), old: z.string(), new: z.string() })),
});
export type ImportUpdate = z.infer<typeof ImportUpdateSchema>;

/** Outcome of a run (counts of rows and objects). */
export const ImportReportSchema = z.object({
  /** Data rows read (the header excluded). */
  rows: z.number().int(),
  /** Objects the rows describe after grouping by key. */
  objects: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Existing objects whose values already equal the file's. */
  unchanged: z.number().int(),
  /** Existing objects left alone (options.existing = skip). */
  skipped: z.number().int(),
  /** Rows merged into an earlier row of the same object. */
  merged_rows: z.number().int(),
  /** Rows not imported (each is in the errors file with its reasons). */
  failed_rows: z.number().int(),
  /** True when nothing of the run was written (all_or_nothing with failures, or cancelled). */
  rolled_back: z.boolean(),
  /** Notes that did not stop a row, e.g. merged rows with different values (at most 200). */
  warnings: z.array(z.string()),
  /** Seconds the run took. */
  seconds: z.number(),
  /** Every record updated (at most 1000 listed), with its link and old → new values. */
  updates: z.array(ImportUpdateSchema).optional(),
  /** Rows left out by a «skip» resolution of a group of look-alike rows. */
  skipped_rows: z.number().int().optional(),
  /** Rows imported with warnings (in the errors file with them). */
  warning_rows: z.number().int().optional(),
  /** Records created without coordinates: flagged «Координаты требуют проверки» and queued for geocoding. */
  without_coordinates: z.number().int().optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** One uploaded file as the API answers it. */
export const ImportFileSchema = z.object({
  id: z.number().int(),
  /** The uploaded file's name. */
  name: z.string(),
  file_type: ImportFileType.schema,
  /** Bytes. */
  size: z.number().int(),
  /** Detected text encoding of a CSV ('UTF-8', 'windows-1251', 'UTF-16LE', 'UTF-16BE'); null for XLSX. */
  encoding: z.string().nullable(),
  /** Detected CSV delimiter (';', ',' or '\t'); null for XLSX. */
  delimiter: z.string().nullable(),
  /** Column names of the header row, in file order (blank names become «Столбец N»). */
  columns: z.array(z.string()),
  /** The first data rows, cell texts in column order (at most 5). */
  preview: z.array(z.array(z.string())),
  /** Data rows of the file. */
  row_count: z.number().int(),
  template_type: ImportTemplateType.schema,
  /** File column → target field (labels call), or null for a column not imported. */
  column_mapping: z.record(z.string(), z.string().nullable()),
  options: ImportOptionsSchema,
  status: ImportFileStatus.schema,
  /** 0–100 while processing. */
  progress: z.number().int(),
  /** The last run's job; progress goes to DESTINATIONS.job(job_id). */
  job_id: z.string().nullable(),
  report: ImportReportSchema.nullable(),
  /** Why the last run failed, in Russian. */
  error: z.string().nullable(),
  errors_count: z.number().int(),
  /** Rows of the last run imported with warnings (listed in the errors file too). */
  warnings_count: z.number().int(),
  /** Geocoding of the run's records without coordinates (a job after the run; progress in done/total). */
  geocode: z.object({
    status: z.enum(['NONE', 'QUEUED', 'RUNNING', 'DONE', 'FAILED']),
    total: z.number().int(),
    done: z.number().int(),
    /** Placed at house quality; the rest stay flagged «Координаты требуют проверки». */
    placed: z.number().int(),
  }),
  /** The registry records of this file's runs: the registry's list filtered by it. */
  records_url: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  download_url: z.string(),
  /** Null while the file has no failed rows and no warnings. */
  errors_url: z.string().nullable(),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

/** PATCH body: field matching (spec 03 §4). Every key optional. */
export const ImportMatchingSchema = z.strictObject({
  template_type: ImportTemplateType.schema.optional(),
  /** Replaces the whole mapping; omitted with a new template_type = the suggested mapping. */
  column_mapping: z.record(z.string(), z.string().nullable()).optional(),
  options: ImportOptionsPatchSchema.optional(),
});
export type ImportMatching = z.infer<typeof ImportMatchingSchema>;

/** A group of rows that look like the same object (GET /api/import/files/{id}/duplicates/). */
export const ImportDuplicateGroupSchema = z.object({
  /** Stable id of the group: «L» + its first line; the key of options.groups. */
  id: z.string(),
  /** Why the rows were grouped, in Russian (the same address / points within N m). */
  reason: z.string(),
  rows: z.array(z.object({ line: z.number().int(), location: z.string().nullable(), coordinates: z.string().nullable() })),
  /** The resolution in force: the user's, else options.duplicates mapped to apart | merge | skip. */
  resolution: GroupResolutionSchema,
});
export type ImportDuplicateGroup = z.infer<typeof ImportDuplicateGroupSchema>;
export const ImportDuplicatesSchema = z.object({
  count: z.number().int(),
  /** Metres within which two points count as one site. */
  distance: z.number(),
  groups: z.array(ImportDuplicateGroupSchema),
});
export type ImportDuplicates = z.infer<typeof ImportDuplicatesSchema>;

/** A field a file column can map to (`GET /api/import/templates/{type}/labels/`). */
export const ImportTargetSchema = z.object({
  /** Target key used in column_mapping, e.g. 'location', 'coordinates_lat'. */
  field: z.string(),
  label: z.string(),
  /** The object cannot be created without it (or one of the alternatives of its `group`). */
  required: z.boolean(),
  /** Targets of one group fill one value; one of the alternatives is enough, e.g. coordinates. */
  group: z.string().nullable(),
  /** Field kind of the registry (text, decimal, enum, …). */
  kind: z.string(),
  /** How to write a cell, in Russian. */
  hint: z.string(),
  /** Allowed values of an enumeration: code and Russian label (either is accepted). */
  choices: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  /** Header names recognised for this field besides the label. */
  synonyms: z.array(z.string()),
});
export type ImportTarget = z.infer<typeof ImportTargetSchema>;

export const ImportLabelsSchema = z.object({
  type: ImportTemplateType.schema,
  label: z.string(),
  /** Permission resource of the registry written, e.g. 'container'. */
  resource: z.string(),
  /** How rows of one object are recognised, in Russian (e.g. «по координатам»), or null. */
  key: z.string().nullable(),
  fields: z.array(ImportTargetSchema),
});
export type ImportLabels = z.infer<typeof ImportLabelsSchema>;

/**
 * Which run options (ImportOptionsSchema) a template honours, so that the screen offers only
 * those (issue 10 §6): a template whose run groups its rows itself (ANGARSK_PLAN) has no
 * look-alike rows to resolve and no update key to choose — choosing one answers 400.
 */
export const ImportApplicableOptionsSchema = z.object({
  /** Look-alike rows (same address / points within a few metres): the groups step and options.duplicates. */
  duplicates: z.boolean(),
  /** The update keys offered besides `none` (options.match_key); empty: none can be chosen. */
  match_keys: z.array(MatchKeySchema.exclude(['none'])),
  /** Update the record whose point lies within N metres (options.match_distance). */
  match_distance: z.boolean(),
  /** Existing objects updated or skipped (options.existing): false when a run never meets them. */
  existing: z.boolean(),
  /** Nothing written when any row fails (options.all_or_nothing). */
  all_or_nothing: z.boolean(),
});
export type ImportApplicableOptions = z.infer<typeof ImportApplicableOptionsSchema>;

/**
 * `options` with everything `applies` rules out set back to its default (DEFAULT_IMPORT_OPTIONS);
 * unchanged while `applies` is unknown (null). The screen sends these; the API applies it when a
 * file's template type changes, so a key chosen under another template cannot answer 400 later.
 */
export function fitImportOptions(options: ImportOptions, applies: ImportApplicableOptions | null): ImportOptions {
  if (!applies) return options;
  const out = { ...options };
  if (!applies.duplicates) {
    out.duplicates = DEFAULT_IMPORT_OPTIONS.duplicates;
    out.groups = {};
  }
  if (out.match_key !== 'none' && !applies.match_keys.includes(out.match_key)) out.match_key = 'none';
  if (!applies.match_distance) out.match_distance = null;
  if (!applies.existing) out.existing = DEFAULT_IMPORT_OPTIONS.existing;
  if (!applies.all_or_nothing) out.all_or_nothing = DEFAULT_IMPORT_OPTIONS.all_or_nothing;
  return out;
}

export const ImportTemplateInfoSchema = z.object({
  type: ImportTemplateType.schema,
  label: z.string(),
  /** False while the template's registry has not arrived. */
  available: z.boolean(),
  resource: z.string().nullable(),
  /** The run options the template honours; null while it is not available. */
  options: ImportApplicableOptionsSchema.nullable(),
});
export type ImportTemplateInfo = z.infer<typeof ImportTemplateInfoSchema>;

/** Russian messages of the import calls (spec 03 §8 and ours). */
export const IMPORT_MSG = {
  cancelWithoutId: 'Невозможно отменить импорт без идентификатора.',
  noFile: 'Выберите файл для загрузки (поле «file»).',
  emptyFile: 'Файл пуст.',
  notTable: 'Файл не похож на таблицу CSV или XLSX.',
  tooLarge: (bytes: number) => `Файл больше допустимого размера ${bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} МБ` : `${Math.ceil(bytes / 1024)} КБ`}.`,
  encoding: (name: string) => `Кодировка файла ${name} не поддерживается: сохраните его в UTF-8 или Windows-1251.`,
  noHeader: 'В файле нет строки заголовков.',
  noRows: 'В файле нет строк с данными.',
  templateMissing: 'Выберите тип шаблона.',
  templateUnavailable: (label: string) => `Импорт «${label}» появится вместе с этим реестром.`,
  busy: 'Файл уже обрабатывается.',
  alreadyDone: 'Файл уже импортирован. Чтобы повторить импорт, загрузите его снова.',
  notRunning: 'Импорт этого файла не выполняется.',
  deleteRunning: 'Нельзя удалить файл во время обработки: сначала отмените импорт.',
  unmapped: (labels: string[]) => `Не сопоставлены обязательные поля: ${labels.join(', ')}.`,
  unknownColumn: 'В файле нет такого столбца.',
  unknownTarget: 'Нет такого поля в шаблоне.',
  targetTwice: (label: string) => `Поле «${label}» уже сопоставлено другому столбцу.`,
  noErrors: 'В этом файле нет строк с ошибками.',
  registryPermission: (label: string) => `Для импорта нужны права на создание и изменение записей реестра «${label}».`,
  cancelled: 'Импорт отменён пользователем: ничего не записано.',
  failed: 'Импорт не удался. Повторите попытку позже.',
  starterGone: 'Импорт не выполнен: пользователь, запустивший его, удалён.',
  planWholeRegion: 'План вывоза записывает гаражи, машины, площадки и графики всего региона: его импортирует сотрудник без привязки к организациям и муниципальным образованиям. Строка не импортирована.',
  outOfScope: (id: number) => `Запись № ${id} относится к другой организации или муниципальному образованию: изменять её вам нельзя.`,
  notDone: 'Откатить можно только выполненный импорт.',
  rollbackRefused: (detail: string) => `Импорт не откачен (ничего не изменено): ${detail}`,
  matchKeyUnmapped: (label: string) => `Для обновления по ключу «${label}» сопоставьте ему столбец файла.`,
  notJson: 'Файл JSON должен содержать массив объектов или GeoJSON FeatureCollection.',
  mappingNeeded: 'Сначала выберите тип шаблона.',
  // Bounds of a workbook (@tko/import xlsx-limits.ts) and of its inspection (inspect-isolated.ts).
  xlsxPartTooLarge: (part: string, mb: number, limitMb: number) =>
    `Файл XLSX слишком сложен: часть «${part}» после распаковки занимает ${mb} МБ, предел — ${limitMb} МБ. Сохраните лист в CSV или разделите файл.`,
  xlsxCellTooLong: (cell: string, limit: number) => `В ячейке ${cell} больше ${limit.toLocaleString('ru-RU')} символов — предела Excel для ячейки.`,
  xlsxTooManyRows: (limit: number) => `В листе больше ${limit.toLocaleString('ru-RU')} строк — предела Excel.`,
  xlsxTooManyColumns: (row: number, limit: number) => `В строке ${row} больше ${limit.toLocaleString('ru-RU')} столбцов — предела Excel.`,
  tooComplex: (limitMb: number) =>
    `Файл слишком сложен для разбора: его проверке не хватило ${limitMb} МБ памяти (предел на один файл). Сохраните лист в CSV или разделите файл.`,
  tooSlow: (seconds: number) => `Файл слишком сложен для разбора: проверка не уложилась в ${seconds} с. Сохраните лист в CSV или разделите файл.`,
} as const;

const IMPORT_TAGS = ['import'];
const ImportIdParams = z.object({ id: z.string() });
const TemplateParams = z.object({ type: z.string() });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ImportFilePageSchema = pageSchema(ImportFileSchema);

export const importFilesRoute = defineRoute({
  method: 'GET', path: '/api/import/files/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: загруженные файлы',
  query: PageQuerySchema, response: { 200: ImportFilePageSchema },
});
/** multipart: `template_type` (optional, before the file) and `file`; 413 above IMPORT_MAX_BYTES. */
export const importUploadRoute = defineRoute({
  method: 'POST', path: '/api/import/files/upload/', permission: 'import:add', tags: IMPORT_TAGS, summary: 'Импорт: загрузить файл CSV или XLSX (multipart: file, template_type)',
  consumes: 'multipart/form-data', response: { 201: ImportFileSchema },
});
export const importFileRoute = defineRoute({
  method: 'GET', path: '/api/import/files/:id/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: файл (состояние и ход обработки)',
  params: ImportIdParams, response: { 200: ImportFileSchema },
});
export const importMatchingRoute = defineRoute({
  method: 'PATCH', path: '/api/import/files/:id/', permission: 'import:add', tags: IMPORT_TAGS, summary: 'Импорт: сопоставление полей',
  params: ImportIdParams, body: ImportMatchingSchema, response: { 200: ImportFileSchema },
});
/** Answers 204. */
/** ?rollback=true: the import is rolled back first (as the rollback call), then the file deleted. */
export const importDeleteRoute = defineRoute({
  method: 'DELETE', path: '/api/import/files/:id/', permission: 'import:delete', tags: IMPORT_TAGS, summary: 'Импорт: удалить файл (с rollback=true — и откатить импорт)',
  params: ImportIdParams, query: z.object({ rollback: z.enum(['true', 'false']).optional() }),
});
/** The groups of look-alike rows under the saved matching (issue 9 §1), to resolve before processing. */
export const importDuplicatesRoute = defineRoute({
  method: 'GET', path: '/api/import/files/:id/duplicates/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: группы похожих строк (один адрес или точки в нескольких метрах)',
  params: ImportIdParams, response: { 200: ImportDuplicatesSchema },
});
/**
 * «Откатить импорт»: in one transaction deletes what the file's runs created and restores the old
 * values of what they updated (history written); the file becomes ROLLED_BACK. 409 when a record
 * cannot be deleted (dependants): nothing is changed then.
 */
export const importRollbackRoute = defineRoute({
  method: 'POST', path: '/api/import/files/:id/rollback/', permission: 'import:delete', tags: IMPORT_TAGS, summary: 'Импорт: откатить (удалить созданное, вернуть изменённое)',
  params: ImportIdParams, response: { 200: ImportFileSchema },
});
export const importProcessRoute = defineRoute({
  method: 'POST', path: '/api/import/files/:id/process/', permission: 'import:add', tags: IMPORT_TAGS, summary: 'Импорт: запустить обработку (фоновая задача)',
  params: ImportIdParams, response: { 202: ImportFileSchema },
});
/** 200 when the run stopped at once, 202 while it is stopping. */
export const importCancelRoute = defineRoute({
  method: 'POST', path: '/api/import/files/:id/cancel/', permission: 'import:add', tags: IMPORT_TAGS, summary: 'Импорт: отменить обработку',
  params: ImportIdParams, response: { 200: ImportFileSchema, 202: ImportFileSchema },
});
export const importDownloadRoute = defineRoute({
  method: 'GET', path: '/api/import/files/:id/download/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: исходный файл',
  params: ImportIdParams, produces: 'application/octet-stream',
});
export const importErrorsRoute = defineRoute({
  method: 'GET', path: '/api/import/files/:id/errors/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: строки с ошибками и причины (xlsx или csv)',
  params: ImportIdParams, query: z.object({ format: z.enum(['xlsx', 'csv']).optional() }), produces: XLSX_TYPE,
});
export const importTemplatesRoute = defineRoute({
  method: 'GET', path: '/api/import/templates/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: типы шаблонов',
  response: { 200: z.array(ImportTemplateInfoSchema) },
});
export const importTemplateFileRoute = defineRoute({
  method: 'GET', path: '/api/import/templates/:type/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: файл шаблона для заполнения (xlsx)',
  params: TemplateParams, produces: XLSX_TYPE,
});
export const importLabelsRoute = defineRoute({
  method: 'GET', path: '/api/import/templates/:type/labels/', permission: 'import:view', tags: IMPORT_TAGS, summary: 'Импорт: поля реестра, с которыми сопоставляются столбцы файла',
  params: TemplateParams, response: { 200: ImportLabelsSchema },
});
