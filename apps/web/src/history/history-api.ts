/**
 * Calls of the change history (contract routes/logs.ts): one object's history
 * `GET {registry path}{id}/history/` and the system log `GET /api/logs/` with its filters (user,
 * registries, object, action, period), both paged, newest first.
 */
import { objectHistoryRoute, systemLogResource, type ChangeLogPageSchema, type ResourceDef } from '@tko/contract';
import type { z } from 'zod';
import { callRoute, http } from '../api/client';
import { listResource } from '../api/resource-client';
import { queryOf } from '../api/call-route';
import { filenameFromDisposition, saveBlob } from '../api/download';

export type ChangeLogPage = z.infer<typeof ChangeLogPageSchema>;
export const HISTORY_PAGE_SIZE = 20;

export function fetchObjectHistory(def: ResourceDef, id: number | string, page: number, signal?: AbortSignal): Promise<ChangeLogPage> {
  return callRoute(objectHistoryRoute(def), { params: { id }, query: { page, page_size: HISTORY_PAGE_SIZE } }, { signal });
}

/** Filters of the system log as the screen holds them (all optional). */
export interface LogFilters {
  user?: number;
  /** Registry permission names. */
  resource?: string[];
  object?: number;
  action?: 'create' | 'update' | 'delete';
  /** YYYY-MM-DD, both days included. */
  from?: string;
  to?: string;
}

/** A page of the system log: the registry's generic list (contract resources/system-log.ts). */
export async function fetchLogs(filters: LogFilters, page: number, signal?: AbortSignal): Promise<ChangeLogPage> {
  const params: Record<string, string> = { page: String(page), page_size: String(HISTORY_PAGE_SIZE) };
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || (Array.isArray(v) && !v.length)) continue;
    params[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return (await listResource(systemLogResource, params, { signal })) as unknown as ChangeLogPage;
}

/** POST /api/logs/xlsx/ with the screen's filters (issue 14 §5); saves the file. */
export async function exportLogs(filters: LogFilters): Promise<void> {
  const res = await http.raw('/api/logs/xlsx/', { method: 'POST', query: queryOf({ ...filters, resource: filters.resource?.length ? filters.resource : undefined }) });
  saveBlob(await res.blob(), filenameFromDisposition(res.headers.get('Content-Disposition')) ?? 'system-logs.xlsx');
}
