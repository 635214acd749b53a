/**
 * Calls of the change history (contract routes/logs.ts): one object's history
 * `GET {registry path}{id}/history/` and the system log `GET /api/logs/` with its filters (user,
 * registries, object, action, period), both paged, newest first.
 */
import { ChangeLogPageSchema, HISTORY_SUFFIX, LOGS_PATH, type ResourceDef } from '@tko/contract';
import type { z } from 'zod';
import { http } from '../api/client';

export type ChangeLogPage = z.infer<typeof ChangeLogPageSchema>;
export const HISTORY_PAGE_SIZE = 20;

export async function fetchObjectHistory(def: ResourceDef, id: number | string, page: number, signal?: AbortSignal): Promise<ChangeLogPage> {
  const body = await http.json<unknown>(`${def.path}${id}/${HISTORY_SUFFIX}`, { query: { page, page_size: HISTORY_PAGE_SIZE }, signal });
  return ChangeLogPageSchema.parse(body);
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

export async function fetchLogs(filters: LogFilters, page: number, signal?: AbortSignal): Promise<ChangeLogPage> {
  const body = await http.json<unknown>(LOGS_PATH, {
    query: {
      page,
      page_size: HISTORY_PAGE_SIZE,
      user: filters.user,
      resource: filters.resource?.length ? filters.resource.join(',') : undefined,
      object: filters.object,
      action: filters.action,
      from: filters.from,
      to: filters.to,
    },
    signal,
  });
  return ChangeLogPageSchema.parse(body);
}
