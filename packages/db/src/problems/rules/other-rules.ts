/**
 * Rules P101–P401 over the other registries: a waste source without a site (ПП РФ № 1039 п. 24
 * «г»: the registry links every source to its site; sources with containerless collection —
 * бестарный вывоз — need none), a dump past its liquidation deadline (ПП РФ от 12.11.2016 № 1156
 * п. 16–17; the same test as the dump's `liquidation_overdue`: the upper bound of
 * liquidation_period, exclusive, has come while the dump is DETECTED or LIQUIDATION). P201 and
 * P401 need contracts, which the product does not hold yet («данных пока нет»).
 */
import type { ProblemRule } from './rule';
import { rule } from './rule';

export const otherRules: ProblemRule[] = [
  rule('P101', `SELECT s.id AS object_id, s.location, s.coordinates AS point, NULL::text AS oktmo, 'Площадок: 0'::text AS details
    FROM waste_source s
    WHERE NOT s.containerless_collection AND NOT EXISTS (SELECT 1 FROM waste_source_waste_area l WHERE l.waste_source_id = s.id)`),
  rule('P201', null),
  rule('P301', `SELECT d.id AS object_id, d.location, d.coordinates AS point, NULL::text AS oktmo,
      ('Крайний срок ликвидации: ' || to_char(upper(d.liquidation_period) - 1, 'DD.MM.YYYY'))::text AS details
    FROM waste_dump d
    WHERE d.status IN ('DETECTED', 'LIQUIDATION') AND upper(d.liquidation_period) <= current_date`),
  rule('P401', null),
];
