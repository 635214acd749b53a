/**
 * Calls of a registry described by a ResourceDef (spec 01 §7): list (or the public list when
 * anonymous), read, create, update (PUT), delete, search and the xlsx export.
 */
import type { ResourceDef } from '@tko/contract';
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

/** POST {path}xlsx/ with the filters; the answer is the spreadsheet itself. */
export async function exportResource(def: ResourceDef, filters: Record<string, unknown>): Promise<{ blob: Blob; filename: string }> {
  const res = await http.raw(`${def.path}xlsx/`, { method: 'POST', json: filters });
  const blob = await res.blob();
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? `${def.name}.xlsx`;
  return { blob, filename };
}
