/**
 * Answer terms of citizens' appeals per category (issue 25 §2), kept in the system settings
 * (`appeal_terms`, docs/DECISIONS.md «Appeal terms»): `{category, days, working_days}`. A category
 * the settings do not list takes its default here:
 *
 * | category | term | source |
 * |---|---|---|
 * | NOT_COLLECTED, SITE_CONDITION, CONTAINERS, SCHEDULE, CONTRACT | 3 working days | типовой договор ПП РФ от 12.11.2016 № 1156 (the operator considers the consumer's appeals on the contract's performance within 3 working days; the product's printed contract says so) |
 * | BILLING | 3 working days | ПП РФ от 06.05.2011 № 354, п. 31 «к» (a consumer's complaint about a communal service's charges) |
 * | DUMP, OTHER | 30 days | ФЗ от 02.05.2006 № 59-ФЗ, ст. 12 ч. 1 (where the operator acts for a public body) |
 *
 * Working days: Monday–Friday except the non-working holidays of ТК РФ ст. 112 ч. 1 (1–8
 * January, 23 February, 8 March, 1 and 9 May, 12 June, 4 November); the government's yearly
 * moves of days off are not modelled. Days are counted on the region's calendar (its time zone);
 * the deadline keeps the receipt's time of day.
 */
import { z } from 'zod';
import { AppealCategory } from '../enums/contracts-appeals';
import { MSG } from '../common/messages';

export const AppealTermSchema = z.object({
  category: AppealCategory.schema,
  days: z.number({ error: MSG.integer }).int(MSG.integer).min(1, MSG.min(1)).max(365, MSG.max(365)),
  working_days: z.boolean({ error: MSG.boolean }),
});
export type AppealTerm = z.infer<typeof AppealTermSchema>;

const CONTRACT_TERM = { days: 3, working_days: true };
const LAW_59 = { days: 30, working_days: false };

/** The default term of every category (table above). */
export const APPEAL_TERM_DEFAULTS: readonly AppealTerm[] = [
  { category: 'NOT_COLLECTED', ...CONTRACT_TERM },
  { category: 'SITE_CONDITION', ...CONTRACT_TERM },
  { category: 'CONTAINERS', ...CONTRACT_TERM },
  { category: 'SCHEDULE', ...CONTRACT_TERM },
  { category: 'BILLING', ...CONTRACT_TERM },
  { category: 'CONTRACT', ...CONTRACT_TERM },
  { category: 'DUMP', ...LAW_59 },
  { category: 'OTHER', ...LAW_59 },
];

/** Every category's term: the stored ones, the defaults for the rest, in the enum's order. */
export function appealTerms(stored: readonly AppealTerm[] | null | undefined): AppealTerm[] {
  return AppealCategory.values.map((c) => stored?.find((t) => t.category === c) ?? APPEAL_TERM_DEFAULTS.find((t) => t.category === c)!);
}

/** The term of `category` (an unknown one: OTHER's). */
export function appealTermOf(stored: readonly AppealTerm[] | null | undefined, category: unknown): AppealTerm {
  const all = appealTerms(stored);
  return all.find((t) => t.category === category) ?? all.find((t) => t.category === 'OTHER')!;
}

const HOLIDAYS = new Set(['01-01', '01-02', '01-03', '01-04', '01-05', '01-06', '01-07', '01-08', '02-23', '03-08', '05-01', '05-09', '06-12', '11-04']);
const DAY_MS = 86_400_000;

/** Is the calendar date `y-m-d` (UTC midnight of it) a working day (ТК РФ ст. 112)? */
export function isWorkingDay(date: Date): boolean {
  const wd = date.getUTCDay();
  return wd !== 0 && wd !== 6 && !HOLIDAYS.has(date.toISOString().slice(5, 10));
}

/** The local calendar date of `at` in `timeZone`, as UTC midnight. */
function localDate(at: Date, timeZone: string): Date {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return new Date(`${p}T00:00:00Z`);
}

/**
 * The answer deadline of an appeal received at `receivedAt` (ISO 8601) under `term`: plus
 * `days` calendar days, or plus `days` working days counted from the day after the receipt's
 * local date; the time of day kept. ISO 8601 (UTC) out.
 */
export function appealDeadline(receivedAt: string, term: Pick<AppealTerm, 'days' | 'working_days'>, timeZone: string): string {
  const received = new Date(receivedAt);
  if (!term.working_days) return new Date(received.getTime() + term.days * DAY_MS).toISOString();
  let day = localDate(received, timeZone);
  let left = term.days;
  let calendarDays = 0;
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS);
    calendarDays += 1;
    if (isWorkingDay(day)) left -= 1;
  }
  return new Date(received.getTime() + calendarDays * DAY_MS).toISOString();
}
