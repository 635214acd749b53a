/**
 * The citizen's appeal calls (contract routes/contracts-appeals.ts; issue 25 §2), public, without the
 * bearer header: the dialog by the e-mailed link's token and the author's answer; the public form's
 * token and the filing.
 */
import { publicAppealAnswerRoute, publicAppealCreateRoute, publicAppealDialogRoute, publicAppealFormRoute } from '@tko/contract';
import type { z } from 'zod';
import type { PublicAppealBodySchema } from '@tko/contract';
import { callRoute } from './client';

export type PublicAppealBody = z.input<typeof PublicAppealBodySchema>;

export const fetchAppealDialog = (token: string, signal?: AbortSignal) => callRoute(publicAppealDialogRoute, { query: { token } }, { signal });
export const answerAppeal = (token: string, text: string) => callRoute(publicAppealAnswerRoute, { body: { token, text } });
export const fetchAppealFormToken = (signal?: AbortSignal) => callRoute(publicAppealFormRoute, {}, { signal });
export const fileAppeal = (body: PublicAppealBody) => callRoute(publicAppealCreateRoute, { body });
