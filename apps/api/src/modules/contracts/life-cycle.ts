/**
 * The life cycle of a contract by ПП РФ от 12.11.2016 № 1156, раздел I(1) «Порядок заключения
 * договора на оказание услуг по обращению с ТКО» (issue 25 §1):
 *
 *   application received (application_date, п. 8(5))
 *   → draft sent by the regional operator within 15 working days of it (draft_sent_date, п. 8(8));
 *     the deadline is the 15th working day after the application; overdue when the draft went
 *     later, or has not gone and the deadline has passed (today > deadline);
 *   → signed (signing_date, п. 8(10)),
 *     or, when the operator published its offer (offer_published_date, п. 8(17)) and nothing was
 *     signed, concluded on the typical form's terms on the 16th working day after the publication.
 *
 * Pure: dates YYYY-MM-DD in and out, `today` and the working-day rule given (working-days.ts).
 */
import { addWorkingDays, isWorkingDay } from '@tko/db';

export const DRAFT_WORKING_DAYS = 15;
export const OFFER_WORKING_DAYS = 16;

export type LifeCycleState = 'NONE' | 'APPLICATION' | 'DRAFT_SENT' | 'OFFER_PUBLISHED' | 'SIGNED' | 'CONCLUDED_BY_OFFER';

export const LIFE_CYCLE_LABELS: Record<LifeCycleState, string> = {
  NONE: 'Заявка не зарегистрирована',
  APPLICATION: 'Заявка получена, проект договора не направлен',
  DRAFT_SENT: 'Проект договора направлен потребителю',
  OFFER_PUBLISHED: 'Предложение (публичная оферта) размещено',
  SIGNED: 'Договор подписан',
  CONCLUDED_BY_OFFER: 'Договор заключён на условиях типового договора (публичная оферта)',
};

export interface LifeCycleInput {
  application_date: string | null;
  draft_sent_date: string | null;
  signing_date: string | null;
  offer_published_date: string | null;
}

export interface LifeCycle extends LifeCycleInput {
  state: LifeCycleState;
  state_label: string;
  /** The 15th working day after the application; null without one. */
  draft_deadline: string | null;
  draft_overdue: boolean;
  /** The 16th working day after the offer's publication; null without one. */
  offer_concluded_date: string | null;
}

/** The state, deadlines and the overdue flag of a contract's life cycle on `today`. */
export function lifeCycle(c: LifeCycleInput, today: string, working: (d: string) => boolean = isWorkingDay): LifeCycle {
  const draftDeadline = c.application_date ? addWorkingDays(c.application_date, DRAFT_WORKING_DAYS, working) : null;
  const draftOverdue = draftDeadline !== null && (c.draft_sent_date ? c.draft_sent_date > draftDeadline : !c.signing_date && today > draftDeadline);
  const offerDate = c.offer_published_date ? addWorkingDays(c.offer_published_date, OFFER_WORKING_DAYS, working) : null;
  let state: LifeCycleState = 'NONE';
  if (c.signing_date) state = 'SIGNED';
  else if (offerDate && today >= offerDate) state = 'CONCLUDED_BY_OFFER';
  else if (c.offer_published_date) state = 'OFFER_PUBLISHED';
  else if (c.draft_sent_date) state = 'DRAFT_SENT';
  else if (c.application_date) state = 'APPLICATION';
  return { ...c, state, state_label: LIFE_CYCLE_LABELS[state], draft_deadline: draftDeadline, draft_overdue: draftOverdue, offer_concluded_date: offerDate };
}
