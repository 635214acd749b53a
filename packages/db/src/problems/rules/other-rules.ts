/**
 * Rules P101–P401 over the other registries: a waste source without a site (ПП РФ № 1039 п. 24
 * «г»: the registry links every source to its site; sources with containerless collection —
 * бестарный вывоз — need none), a contract whose term has passed without a successor in force
 * (ПП РФ № 1156 п. 8(17)), a dump past its liquidation deadline (ПП РФ от 12.11.2016 № 1156
 * п. 16–17; the same test as the dump's `liquidation_overdue`: the upper bound of
 * liquidation_period, exclusive, has come while the dump is DETECTED or LIQUIDATION), a premises
 * owner without a contract in force (ПП РФ № 1156 п. 8(4)). The contract rules run only where the
 * product keeps contracts (contract-sql.ts).
 */
import { contractInForce, contractsKept } from './contract-sql';
import type { ProblemRule } from './rule';
import { rule } from './rule';

export const otherRules: ProblemRule[] = [
  rule('P101', `SELECT s.id AS object_id, s.location, s.coordinates AS point, NULL::text AS oktmo, 'Площадок: 0'::text AS details,
      (SELECT e.name FROM waste_source_organization so JOIN legal_entity e ON e.id = so.legal_entity_id WHERE so.waste_source_id = s.id ORDER BY e.id LIMIT 1) AS responsible
    FROM waste_source s
    WHERE NOT s.containerless_collection AND NOT EXISTS (SELECT 1 FROM waste_source_waste_area l WHERE l.waste_source_id = s.id)`),
  rule('P201', `SELECT k.id AS object_id, k.customer_address AS location, NULL::geometry AS point, NULL::text AS oktmo,
      ('Договор № ' || k.number || ' действовал до ' || to_char(k.termination_date, 'DD.MM.YYYY'))::text AS details,
      coalesce((SELECT e.name FROM legal_entity e WHERE e.id = k.customer_id), k.customer_name) AS responsible
    FROM contract k
    WHERE k.revision_status = 'APPROVED' AND k.termination_date < current_date
      AND (k.customer_id IS NULL OR NOT EXISTS (SELECT 1 FROM contract n WHERE n.customer_id = k.customer_id AND ${contractInForce('n')}))`),
  rule('P301', `SELECT d.id AS object_id, d.location, d.coordinates AS point, NULL::text AS oktmo,
      ('Крайний срок ликвидации: ' || to_char(upper(d.liquidation_period) - 1, 'DD.MM.YYYY'))::text AS details,
      NULL::text AS responsible
    FROM waste_dump d
    WHERE d.status IN ('DETECTED', 'LIQUIDATION') AND upper(d.liquidation_period) <= current_date`),
  rule('P401', `SELECT e.id AS object_id, e.location, NULL::geometry AS point, e.oktmo, 'Договоров в силе: 0'::text AS details,
      e.name AS responsible
    FROM legal_entity e
    WHERE e.is_room_owner AND e.closed_at IS NULL AND ${contractsKept}
      AND NOT EXISTS (SELECT 1 FROM contract k WHERE k.customer_id = e.id AND ${contractInForce('k')})`),
];
