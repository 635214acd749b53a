/**
 * The call both bulk-add dialogs make (bulk-sites-button.tsx, add-found-to-schedule.tsx):
 * POST /api/fleet/schedules/{id}/sites/bulk/ with its busy state, its answer (added, already
 * there, refused with reasons) and the server's message when it failed. `onDone` runs after an
 * answer (the card re-reads its points).
 */
import type { BulkSitesAnswer, BulkSitesBody } from '@tko/contract';
import { scheduleSitesBulkRoute } from '@tko/contract';
import { useState } from 'react';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';

export function useBulkSitesCall(onDone?: (id: number) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BulkSitesAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (id: number, body: BulkSitesBody) => {
    setBusy(true);
    setError(null);
    try {
      setAnswer(await callRoute(scheduleSitesBulkRoute, { params: { id: String(id) }, body }));
      await onDone?.(id);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  /** Forgets the last answer (the dialog's choice changed). */
  const clear = () => setAnswer(null);
  return { busy, answer, error, send, clear };
}
