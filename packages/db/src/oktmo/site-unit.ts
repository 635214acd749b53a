/**
 * Which ОКТМО municipal formation a waste area is in, by name (the method of the dashboard's
 * sites per ОКТМО, dashboard/sql.ts): the site's settlement (structured_address.settlement, else
 * .city) is matched to a section-2 unit of the loaded ОКТМО, and the formation is that unit's
 * district or city okrug — the 8-digit code «TER KOD1 000».
 */
import { nameKey, SETTLEMENT_UNITS_SQL } from '../dashboard/sql';

/** The settlement name of the waste area `w` as a key (null: the address names none). */
export const siteSettlementKey = (w: string) =>
  nameKey(`coalesce(nullif(btrim(${w}.structured_address->>'settlement'), ''), nullif(btrim(${w}.structured_address->>'city'), ''))`);

/** Settlement keys → formation codes (`key`, `mo`) as a subquery to join {@link siteSettlementKey} to (a hash join). */
export const UNITS_BY_KEY = `(${SETTLEMENT_UNITS_SQL})`;
