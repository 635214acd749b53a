/**
 * The appeal's dates (spec 03 §7 «Appeals», issue 11 §4) on every create and update of the
 * registry: deadline_at = received_at + the term (EffectServices.appealTermDays, APPEAL_TERM_DAYS;
 * 59-ФЗ ст. 12 ч. 1: 30 days) when not given, received_at = now when not given; a later change of
 * received_at moves the deadline with it while the deadline was the computed one and is not given.
 */
import { appealResource } from '@tko/contract';
import type { Row } from '../registry/repository';
import type { RegistryEffect } from './types';

const DAY_MS = 86_400_000;
const iso = (v: unknown): string | null => (typeof v === 'string' ? new Date(v).toISOString() : v instanceof Date ? v.toISOString() : null);

/** deadline = received + term days (ISO 8601 strings, UTC). */
export function appealDeadline(receivedAt: string, termDays: number): string {
  return new Date(new Date(receivedAt).getTime() + termDays * DAY_MS).toISOString();
}

/** The values to write: `values` with the dates the rule above gives (`before` null on a create). */
export function appealDates(values: Row, before: Row | null, termDays: number, now: Date): Row {
  if (!before) {
    const received = iso(values.received_at) ?? now.toISOString();
    return { ...values, received_at: received, deadline_at: values.deadline_at ?? appealDeadline(received, termDays) };
  }
  const received = iso(values.received_at);
  const oldReceived = iso(before.received_at);
  if (!received || received === oldReceived) return values;
  const oldDeadline = iso(before.deadline_at);
  const deadlineUntouched = values.deadline_at === undefined || iso(values.deadline_at) === oldDeadline;
  const wasComputed = oldReceived !== null && oldDeadline === appealDeadline(oldReceived, termDays);
  return deadlineUntouched && wasComputed ? { ...values, deadline_at: appealDeadline(received, termDays) } : values;
}

export const appealEffects: RegistryEffect[] = [
  { kind: 'beforeWrite', resource: appealResource.name, hook: ({ values, before, services }) => appealDates(values, before, services.appealTermDays, services.clock()) },
];
