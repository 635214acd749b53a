/**
 * Calls of a registry described by a ResourceDef (spec 01 §7): list (or the public list when
 * anonymous), read, create, update (PUT), delete, search and the xlsx export (a file, or a queued job).
 * Every answer is parsed with the contract's schemas of the description (listResponseSchema for
 * pages, entitySchema for a card; the public card with every field optional, as the server
 * serialises it): an answer of another shape is an AnswerShapeError (call-route.ts).
 */
import type { ResourceDef } from '@tko/contract';
import { entitySchema, listResponseSchema } from '@tko/contract';
import { z } from 'zod';
import { AnswerShapeError } from './call-route';
import { http } from './client';
import { filenameFromDisposition } from './download';

export type Entity = Record<string, unknown> & { id: number };

export interface ListPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Entity[];
  /** Aggregates such as count_containers. */
  [aggregate: string]: unknown;
}

const itemPath = (def: ResourceDef, id: number | string) => `${def.path}${id}/`;

/** The answer schemas of a description, built once per description. */
const schemaCache = new WeakMap<ResourceDef, { page: z.ZodType; entity: z.ZodType; publicEntity: z.ZodType }>();
function schemasOf(def: ResourceDef) {
  let s = schemaCache.get(def);
  if (!s) {
    const entity = entitySchema(def);
    schemaCache.set(def, (s = { page: listResponseSchema(def), entity, publicEntity: entity.partial() }));
  }
  return s;
}

/** Parses a registry answer; a mismatch names the call and the first fields that differ. */
export function parseResourceAnswer<T>(schema: z.ZodType, call: string, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new AnswerShapeError(call, 200, parsed.error.issues.map((i) => ({ path: i.path, message: i.message })));
  return parsed.data as T;
}

export async function listResource(def: ResourceDef, params: Record<string, string>, opts: { anonymous?: boolean; signal?: AbortSignal } = {}) {
  const path = opts.anonymous && def.publicPath ? def.publicPath : def.path;
  const data = await http.json<unknown>(path, { query: params, auth: !opts.anonymous, signal: opts.signal });
  return parseResourceAnswer<ListPage>(schemasOf(def).page, `GET ${path}`, data);
}

export async function searchResource(def: ResourceDef, body: Record<string, unknown>, signal?: AbortSignal) {
  const data = await http.json<unknown>(`${def.path}search/`, { method: 'POST', json: body, signal });
  return parseResourceAnswer<ListPage>(schemasOf(def).page, `POST ${def.path}search/`, data);
}

/** One object; anonymous visitors read the public card (`{publicPath}{id}/`, no private fields). */
export async function getResource(def: ResourceDef, id: number | string, signal?: AbortSignal, anonymous = false) {
  if (anonymous && def.publicPath) {
    const data = await http.json<unknown>(`${def.publicPath}${id}/`, { signal, auth: false });
    return parseResourceAnswer<Entity>(schemasOf(def).publicEntity, `GET ${def.publicPath}{id}/`, data);
  }
  const data = await http.json<unknown>(itemPath(def, id), { signal });
  return parseResourceAnswer<Entity>(schemasOf(def).entity, `GET ${def.path}{id}/`, data);
}

export async function createResource(def: ResourceDef, body: Record<string, unknown>) {
  const data = await http.json<unknown>(def.path, { method: 'POST', json: body });
  return parseResourceAnswer<Entity>(schemasOf(def).entity, `POST ${def.path}`, data);
}

export async function updateResource(def: ResourceDef, id: number | string, body: Record<string, unknown>) {
  const data = await http.json<unknown>(itemPath(def, id), { method: 'PUT', json: body });
  return parseResourceAnswer<Entity>(schemasOf(def).entity, `PUT ${def.path}{id}/`, data);
}

export async function deleteResource(def: ResourceDef, id: number | string): Promise<void> {
  await http.raw(itemPath(def, id), { method: 'DELETE' });
}

/** The 202 answer of an export too large to stream: a background job (issue 3 §3). */
export const QueuedExportSchema = z.object({ job_id: z.string(), status_url: z.string() });
export type QueuedExport = z.infer<typeof QueuedExportSchema>;

export type ExportAnswer = { kind: 'file'; blob: Blob; filename: string } | ({ kind: 'job' } & QueuedExport);

/**
 * POST {path}xlsx/ with the filters: the spreadsheet itself (200), or, for a large export, 202
 * `{job_id, status_url}` — the file comes later (jobs/export-job.ts follows it).
 */
export async function exportResource(def: ResourceDef, filters: Record<string, unknown>): Promise<ExportAnswer> {
  const res = await http.raw(`${def.path}xlsx/`, { method: 'POST', json: filters });
  if (res.status === 202) return { kind: 'job', ...QueuedExportSchema.parse(await res.json()) };
  const blob = await res.blob();
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `${def.name}.xlsx`;
  return { kind: 'file', blob, filename };
}
