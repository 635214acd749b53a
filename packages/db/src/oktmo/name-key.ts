/**
 * Names of ОКТМО units and of the addresses' settlements made comparable, and the settlement →
 * municipal formation table built from them (oktmo/site-unit.ts, dashboard/sql.ts, analytics/forecast.ts).
 */

/**
 * The settlement-type prefix of an ОКТМО name or an address part («г», «с.», «пгт», «п.», …),
 * removed before names are compared (`nameKey`: also the forecast's ОКТМО of a source, analytics/forecast.ts).
 */
const PREFIX = `'^\\s*(г|гор|город|с|село|п|пос|посёлок|поселок|пгт|рп|кп|дп|д|дер|деревня|х|хутор|ст|ст-ца|станица|аул|у|нп|сл|мкр|ж/д ст)\\.?\\s+'`;
/**
 * SQL of the comparable key of the text SQL expression `expr`: the settlement-type prefix removed,
 * trimmed, lower case (e.g. «г. Ангарск» and «Ангарск» both give «ангарск»). `expr` is SQL, never user input.
 */
export const nameKey = (expr: string) => `lower(btrim(regexp_replace(${expr}, ${PREFIX}, '', 'i')))`;

/**
 * Settlement name key → its municipal formation (8-digit code «TER KOD1 000») among the loaded
 * section-2 units of ОКТМО; a name found in several districts goes to the lowest code. Columns `key`, `mo`.
 */
export const SETTLEMENT_UNITS_SQL = `
  SELECT DISTINCT ON (key) key, left(code, 5) || '000' AS mo
    FROM (SELECT code, ${nameKey('name')} AS key FROM administrative_unit WHERE section = 2 AND code IS NOT NULL) x
   ORDER BY key, code`;
