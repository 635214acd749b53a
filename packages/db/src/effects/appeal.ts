/**
 * The appeal's dates (spec 03 §7 «Appeals», issue 11 §4, issue 25 §2) on every create and update
 * of the registry: deadline_at = received_at + the term of the appeal's category (system settings
 * `appeal_terms`, defaults and sources in contract appeals/appeal-terms.ts: 3 working days by the
 * contract, 30 days by 59-ФЗ) when not given; received_at = now when not given. A later change of
 * received_at or of the category moves the deadline with it while the deadline was the computed
 * one and is not given.
 */
import { appealResource, appealTermOf } from '@tko/contract';
import type { AppealTerm } from '@tko/contract';
import { appealDeadline } from '../calendar/appeal-deadline';
import type { Row } from '../registry/repository';
import type { RegistryEffect } from './types';

const iso = (v: unknown): string | null => (typeof v === 'string' ? new Date(v).toISOString() : v instanceof Date ? v.toISOString() : null);

/** The deadline of an appeal of `category` received at `receivedAt` under the stored terms. */
export type DeadlineOf = (receivedAt: string, category: unknown) => string;

/** A DeadlineOf over the stored terms and the region's time zone. */
export function deadlineRule(terms: readonly AppealTerm[] | null, timeZone: string): DeadlineOf {
  return (receivedAt, category) => appealDeadline(receivedAt, appealTermOf(terms, category), timeZone);
}

/** The values to write: `values` with the dates the rule above gives (`before` null on a create). */
export function appealDates(values: Row, before: Row | null, deadlineOf: DeadlineOf, now: Date): Row {
  if (!before) {
    const received = iso(values.received_at) ?? now.toISOString();
    return { ...values, received_at: received, deadline_at: values.deadline_at ?? deadlineOf(received, values.category) };
  }
  const received = iso(values.received_at) ?? iso(before.received_at);
  const oldReceived = iso(before.received_at);
  const category = values.category ?? before.category;
  if (!received || (received === oldReceived && category === before.category)) return values;
  const oldDeadline = iso(before.deadline_at);
  const deadlineUntouched = values.deadline_at === undefined || iso(values.deadline_at) === oldDeadline;
  const wasComputed = oldReceived !== null && oldDeadline === deadlineOf(oldReceived, before.category);
  return deadlineUntouched && wasComputed ? { ...values, deadline_at: deadlineOf(received, category) } : values;
}

export const appealEffects: RegistryEffect[] = [
  {
    kind: 'beforeWrite', resource: appealResource.name, hook: async ({ db, values, before, services }) => {
      const { rows } = await db.query<{ appeal_terms: AppealTerm[] }>('SELECT appeal_terms FROM system_settings WHERE id = 1');
      return appealDates(values, before, deadlineRule(rows[0]?.appeal_terms ?? null, services.regionTimeZone), services.clock());
    },
  },
];
