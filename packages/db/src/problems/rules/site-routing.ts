/**
 * Who is to act on a problem (its `responsible`), in the order the registries know them: the
 * object's own organisation, else the customer of a contract in force that names it, else the
 * municipality (its ОКТМО unit's name and head) — ПП РФ от 31.08.2018 № 1039 п. 3–4: the
 * owner of a site arranges it; where the owner is not known, the local government keeps the
 * registry and the sites of its territory.
 */
import { SITE_MO } from '../../oktmo/site-unit';
import { contractInForce } from './contract-sql';

/** The municipality named by the ОКТМО code `code` (SQL text), with its head when recorded. */
export const municipalitySql = (code: string) =>
  `(SELECT 'Администрация: ' || a.name || coalesce(' (глава: ' || a.head || ')', '') FROM administrative_unit a WHERE a.code = ${code})`;

/**
 * For a site `w` placed by oktmo/site-unit.ts siteUnitJoins (its formation SITE_MO): the management organisation, else the first
 * owner, else the customer of a contract in force naming the site, else the municipality.
 */
export const siteResponsible = `coalesce(
    (SELECT e.name FROM legal_entity e WHERE e.id = w.management_organization_id),
    (SELECT e.name FROM waste_area_owner o JOIN legal_entity e ON e.id = o.legal_entity_id WHERE o.waste_area_id = w.id ORDER BY e.id LIMIT 1),
    (SELECT coalesce(ce.name, k.customer_name) FROM contract_waste_area cw JOIN contract k ON k.id = cw.contract_id
       LEFT JOIN legal_entity ce ON ce.id = k.customer_id
      WHERE cw.waste_area_id = w.id AND ${contractInForce('k')} ORDER BY k.id LIMIT 1),
    ${municipalitySql(SITE_MO)})`;
