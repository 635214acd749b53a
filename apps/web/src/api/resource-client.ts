/**
 * Calls of a registry described by a ResourceDef (spec 01 §7): list (or the public list when
 * anonymous), read, create, update (PUT), delete, search and the xlsx export (a file, or a queued job).
 */
import type { ResourceDef } from '@tko/contract';
import { z } from 'zod';
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

export function listResource(def: ResourceDef, params: Record<string, string>, opts: { anonymous?: boolean; signal?: AbortSignal } = {}) {
  const path = opts.anonymous && def.publicPath ? def.publicPath : def.path;
  return http.json<ListPage>(path, { query: params, auth: !opts.anonymous, signal: opts.signal });
}

export function searchResource(def: ResourceDef, body: Record<string, unknown>, signal?: AbortSignal) {
  return http.json<ListPage>(`${def.path}search/`, { method: 'POST', json: body, signal });
}

/** One object; anonymous visitors read the public card (`{publicPath}{id}/`, no private fields). */
export function getResource(def: ResourceDef, id: number | string, signal?: AbortSignal, anonymous = false) {
  if (anonymous && def.publicPath) return http.json<Entity>(`${def.publicPath}${id}/`, { signal, auth: false });
  return http.json<Entity>(itemPath(def, id), { signal });
}

export function createResource(def: ResourceDef, body: Record<string, unknown>) {
  return http.json<Entity>(def.path, { method: 'POST', json: body });
}

export function updateResource(def: ResourceDef, id: number | string, body: Record<string, unknown>) {
  return http.json<Entity>(itemPath(def, id), { method: 'PUT', json: body });
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
