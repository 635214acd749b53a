/** Which schedule a path names, for the signed-in user (the day's routes, the plan, plan/fact). */
import type { Pool } from 'pg';
import type { UserScope } from '@tko/contract';
import { scheduleResource } from '@tko/contract';
import { parseId } from '../../crud/paging';
import { notFound } from '../../plugins/http-errors';
import { requireInternalVisible } from '../../routing/visible-row';

/**
 * The schedule id of a path: schedules are internal (contract row scope), so 404 for a user acting
 * for organisations, as the card; 404 for a bad or unknown id.
 */
export async function visibleScheduleId(pool: Pool, raw: string, scope: UserScope | null | undefined): Promise<number> {
  const id = scheduleIdOf(raw, scope);
  if ((await pool.query('SELECT 1 FROM schedule WHERE id = $1', [id])).rowCount !== 1) throw notFound();
  return id;
}

/**
 * The schedule id of a path without reading the table (the caller's own lookup answers 404 for an
 * unknown id): 404 for a user acting for organisations and for a malformed id.
 */
export function scheduleIdOf(raw: string, scope: UserScope | null | undefined): number {
  requireInternalVisible(scheduleResource, scope);
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}
