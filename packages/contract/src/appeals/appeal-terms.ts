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
 * The deadline itself is counted by @tko/db calendar/appeal-deadline.ts on the one working-day
 * calendar of the product (ТК РФ ст. 112 with the weekend-holiday substitutes of ч. 2), shared with
 * the contracts' life cycle.
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
