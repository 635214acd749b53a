/**
 * The citizen's appeal calls (contract routes/contracts-appeals.ts; issue 25 §2), public, without the
 * bearer header: the e-mailed link exchanged for a session, the dialog and the author's answer by
 * that session, a new link by e-mail; the public form's token and the filing (JSON, or multipart
 * with photos).
 */
import {
  publicAppealAnswerRoute, publicAppealCreateRoute, publicAppealDialogRoute, publicAppealFormRoute, publicAppealLinkRoute, publicAppealSessionRoute,
  publicAppealWithPhotosRoute,
} from '@tko/contract';
import type { z } from 'zod';
import type { PublicAppealBodySchema } from '@tko/contract';
import { callRoute } from './client';

export type PublicAppealBody = z.input<typeof PublicAppealBodySchema>;

export const openAppealLink = (token: string, session?: string) => callRoute(publicAppealSessionRoute, { body: { token, ...(session ? { session } : {}) } });
export const fetchAppealDialog = (session: string, signal?: AbortSignal) => callRoute(publicAppealDialogRoute, { query: { session } }, { signal });
export const answerAppeal = (session: string, text: string) => callRoute(publicAppealAnswerRoute, { body: { session, text } });
export const requestAppealLink = (appeal: number, email: string) => callRoute(publicAppealLinkRoute, { body: { appeal, email } });
export const fetchAppealFormToken = (signal?: AbortSignal) => callRoute(publicAppealFormRoute, {}, { signal });
export const fileAppeal = (body: PublicAppealBody) => callRoute(publicAppealCreateRoute, { body });

/** The filing with photos (multipart): the fields as text parts, then each photo in `photos`. */
export function fileAppealWithPhotos(body: PublicAppealBody, photos: readonly File[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  for (const p of photos) form.append('photos', p, p.name);
  return callRoute(publicAppealWithPhotosRoute, {}, { form });
}
