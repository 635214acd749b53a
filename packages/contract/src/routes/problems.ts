/**
 * Calls of the problems beyond the registry's CRUD (spec 03 §7 "Problems"; issue 12 §1):
 *
 * - GET /api/problems/problem-types/, object-types/, statuses/, priorities/ — the four
 *   dictionaries with Russian labels (a problem type also says its object type, default
 *   priority and whether the product holds the rule's data: «данных пока нет» otherwise);
 * - GET /api/problems/{id}/logs/ — the problem's change history (status steps, priority,
 *   disposal period, comment, the detector's close), newest first, paged like /api/logs/;
 * - GET /api/problems/{id}/events/ — what happened to it in words (found, closed by the
 *   detector, each action with its comment), oldest first, paged;
 * - POST /api/problems/detect/ — run the detector now over the whole registry (or the `codes`
 *   given) and answer what it did; `problems:change`;
 * - GET /api/map/problems/geojson/ — open problems with coordinates for the map layer.
 * Permission `problems:view` unless said.
 */
import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { ProblemKind, ProblemObjectType, ProblemPriority, ProblemStatus, ProblemType } from '../enums/problems';
import { PROBLEMS_PATH } from '../resources/problem';
import { ChangeLogPageSchema, HistoryQuerySchema } from './logs';

export const ProblemDictItemSchema = z.object({ value: z.string(), label: z.string() });
export const ProblemDictListSchema = z.array(ProblemDictItemSchema);
export type ProblemDictItem = z.infer<typeof ProblemDictItemSchema>;

export const ProblemTypeItemSchema = ProblemDictItemSchema.extend({
  object_type: ProblemObjectType.schema,
  priority: ProblemPriority.schema,
  kind: ProblemKind.schema,
  rule: z.string(),
  source: z.string(),
  data_available: z.boolean(),
  note: z.string().nullable(),
});
export type ProblemTypeItem = z.infer<typeof ProblemTypeItemSchema>;

export const ProblemEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** DETECTED | RESOLVED (by the detector) | CREATED (by hand) | ACTION (a workflow step). */
  kind: z.string(),
  text: z.string(),
  user_name: z.string(),
});
export type ProblemEvent = z.infer<typeof ProblemEventSchema>;

export const DetectBodySchema = z.strictObject({
  /** Only these codes (default: every rule). */
  codes: z.array(ProblemType.schema).min(1).max(50).optional(),
}).optional();

export const RuleOutcomeSchema = z.object({
  code: z.string(),
  found: z.number().int().nullable(),
  opened: z.number().int(),
  closed: z.number().int(),
  open: z.number().int(),
  no_data: z.boolean(),
});
export const DetectResultSchema = z.object({
  run_id: z.number().int(),
  trigger: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  opened: z.number().int(),
  closed: z.number().int(),
  open_total: z.number().int(),
  rules: z.array(RuleOutcomeSchema),
});
export type DetectResult = z.infer<typeof DetectResultSchema>;

const IdParams = z.object({ id: z.string() });
const dict = (path: string, summary: string, item: z.ZodType = ProblemDictItemSchema) => defineRoute({
  method: 'GET', path: `${PROBLEMS_PATH}${path}`, permission: 'problems:view', tags: ['problems'], summary, response: { 200: z.array(item) },
});

export const problemTypesRoute = dict('problem-types/', 'Проблемы: типы (коды P001–P401)', ProblemTypeItemSchema);
export const problemObjectTypesRoute = dict('object-types/', 'Проблемы: типы объектов');
export const problemStatusesRoute = dict('statuses/', 'Проблемы: статусы');
export const problemPrioritiesRoute = dict('priorities/', 'Проблемы: приоритеты');

export const problemLogsRoute = defineRoute({
  method: 'GET', path: `${PROBLEMS_PATH}:id/logs/`, permission: 'problems:view', tags: ['problems'], summary: 'Проблема: журнал изменений',
  params: IdParams, query: HistoryQuerySchema, response: { 200: ChangeLogPageSchema },
});
export const problemEventsRoute = defineRoute({
  method: 'GET', path: `${PROBLEMS_PATH}:id/events/`, permission: 'problems:view', tags: ['problems'], summary: 'Проблема: события',
  params: IdParams, query: z.strictObject({ ...PageQuerySchema.shape }), response: { 200: pageSchema(ProblemEventSchema) },
});
export const detectProblemsRoute = defineRoute({
  method: 'POST', path: `${PROBLEMS_PATH}detect/`, permission: 'problems:change', tags: ['problems'], summary: 'Проблемы: найти сейчас',
  description: 'Проверяет все правила (или перечисленные коды) по всему реестру: новые нарушения открывают проблемы, устранённые закрываются.',
  body: DetectBodySchema, response: { 200: DetectResultSchema },
});

/** Open problems with coordinates: features carry id, code, name (code and what was found), status, priority, location. */
export const PROBLEMS_GEOJSON_PATH = '/api/map/problems/geojson/';
export const problemsGeojsonRoute = defineRoute({
  method: 'GET', path: PROBLEMS_GEOJSON_PATH, permission: 'problems:view', tags: ['map', 'problems'], summary: 'Открытые проблемы в GeoJSON (EPSG:4326)',
  produces: 'application/geo+json',
});

/** The dictionaries' answers (labels from the contract's enumerations). */
export const PROBLEM_DICTS = {
  objectTypes: ProblemObjectType.values.map((v) => ({ value: v, label: ProblemObjectType.label(v) })),
  statuses: ProblemStatus.values.map((v) => ({ value: v, label: ProblemStatus.label(v) })),
  priorities: ProblemPriority.values.map((v) => ({ value: v, label: ProblemPriority.label(v) })),
};

/** The worker's queue of the detector and its job (apps/worker/src/problem-detect.ts). */
export const QUEUE_PROBLEMS = 'problems';
export const PROBLEM_DETECT_JOB = 'problem-detect';
