/**
 * Rules P001–P021 over the waste areas (places of accumulation of ТКО, table waste_area), each a
 * predicate over an active site `w` (status ACTIVE; planned and closed sites are not checked)
 * and the kinds it applies to. Sources: СанПиН 2.1.3684-21 (п. 3 — arrangement of container
 * sites: access road, hard surface, fence, at most 8 containers for mixed waste or 12 with 4 for
 * separate collection, at most one bunker for КГО; п. 4 — 20…100 m from dwellings, 8 m for
 * separate collection; п. 11 — removal daily above +5 °C, at least every 3 days at +5 °C and below), ПП РФ от
 * 31.08.2018 № 1039 п. 24 (the registry holds the site's location, technical characteristics,
 * owner and sources). Exact rules: docs/DECISIONS.md «Analytics: problems».
 */
import { SITE_MO, siteUnitJoins } from '../../oktmo/site-unit';
import { contractInForce, contractsKept } from './contract-sql';
import { siteResponsible } from './site-routing';
import { containersPresent, listRecorded, missingCountSql, missingFactsSql, ownersLinked, requiredCountSql, sourcesLinked } from './site-facts';
import type { ProblemRule } from './rule';
import { rule } from './rule';

type Kind = 'CONTAINER' | 'SPECIALA' | 'COLLECTION' | 'CHAMBER' | 'BULK';
/** Kinds standing outdoors (a chamber is a room inside a building). */
const OUTDOOR: Kind[] = ['CONTAINER', 'SPECIALA', 'COLLECTION', 'BULK'];

/** Container types of separate collection and of bulky waste (spec 01 §3 container types). */
const SEPARATE = `('SEPARATE', 'DRY_REC', 'PLASTIC', 'PAPER', 'GLASS')`;
const KGO = `('BUNKER', 'FOR_KGO', 'SECTION_KGO')`;
/** Dwellings among the waste sources (the buildings the product holds). */
const DWELLING = `('MULTI_APARTMENT', 'HOUSE')`;

/**
 * The SQL of a site rule: active sites of `kinds` where `where` holds, with `details`, the site's
 * ОКТМО municipal formation (by its settlement's name, oktmo/site-unit.ts) and who is to act
 * (site-routing.ts).
 */
function siteSql(where: string, details: string, kinds?: Kind[]): string {
  const kindSql = kinds ? ` AND w.kind IN (${kinds.map((k) => `'${k}'`).join(', ')})` : '';
  return `SELECT w.id AS object_id, w.location, w.coordinates AS point, ${SITE_MO} AS oktmo, (${details})::text AS details, ${siteResponsible} AS responsible
    FROM waste_area w ${siteUnitJoins('w')}
    WHERE w.status = 'ACTIVE'${kindSql} AND (${where})`;
}

const count = (where: string) => `(SELECT count(*) FROM waste_area_container c WHERE c.waste_area_id = w.id AND ${where})`;
const mixed = count(`c.type NOT IN ${SEPARATE} AND c.type NOT IN ${KGO}`);
const separate = count(`c.type IN ${SEPARATE}`);
const bunkers = count(`c.type IN ('BUNKER', 'FOR_KGO')`);

/** Distance in metres from the site to the nearest dwelling within 120 m (null: none). */
const nearestDwelling = `(SELECT min(ST_Distance(s.coordinates::geography, w.coordinates::geography)) FROM waste_source s
    WHERE s.category IN ${DWELLING} AND s.coordinates IS NOT NULL
      AND s.coordinates && ST_Expand(w.coordinates, 0.005) AND ST_DWithin(s.coordinates::geography, w.coordinates::geography, 120))`;
/** The minimum distance allowed by the site's remoteness (СанПиН п. 4: 8 m for separate collection). */
const minDistance = `CASE WHEN w.remoteness LIKE 'NEAR_SEP%' THEN 8 ELSE 20 END`;
/** Distance to the farthest dwelling attached to the site (null: none with coordinates). */
const farthestAttached = `(SELECT max(ST_Distance(s.coordinates::geography, w.coordinates::geography))
    FROM waste_source_waste_area l JOIN waste_source s ON s.id = l.waste_source_id
    WHERE l.waste_area_id = w.id AND s.category IN ${DWELLING} AND s.coordinates IS NOT NULL)`;

/** The longest pause between removals in days, by the periodicity (null: not computable). */
const gaps = (arr: string, wrap: string) =>
  `(SELECT max(g) FROM (SELECT coalesce(lead(d) OVER (ORDER BY d), ${wrap}) - d AS g FROM unnest(${arr}) d) x)`;
const longestPause = `CASE w.periodicity
    WHEN 'DAILY' THEN 1 WHEN 'EVERY_OTHER_DAY' THEN 2 WHEN 'PER_THREE_DAYS' THEN 3
    WHEN 'ON_WEEKDAYS' THEN ${gaps('w.periodicity_on_weekdays', '(SELECT min(d0) FROM unnest(w.periodicity_on_weekdays) d0) + 7')}
    WHEN 'ON_MONTHDAYS' THEN ${gaps('w.periodicity_on_monthdays', '(SELECT min(d0) FROM unnest(w.periodicity_on_monthdays) d0) + 30')}
    WHEN 'ON_DATES' THEN ${gaps('w.periodicity_on_dates', 'NULL')}
  END`;

/**
 * Today's season (СанПиН 2.1.3684-21 п. 11): the longest pause allowed between removals, in days —
 * 1 in the warm season (mean daily temperature above +5 °C), 3 in the cold one. The season's
 * first and last day ('MM-DD') are the region's system settings (a season may wrap the new
 * year); without a settings row, the cold limit.
 */
export const allowedPause = `coalesce((SELECT CASE WHEN CASE WHEN s.warm_season_from <= s.warm_season_to
        THEN to_char(current_date, 'MM-DD') BETWEEN s.warm_season_from AND s.warm_season_to
        ELSE to_char(current_date, 'MM-DD') >= s.warm_season_from OR to_char(current_date, 'MM-DD') <= s.warm_season_to END
      THEN 1 ELSE 3 END FROM system_settings s WHERE s.id = 1), 3)`;

export const wasteAreaRules: ProblemRule[] = [
  // One finding per site whose required facts are unknown (site-facts.ts): what is missing and the completeness.
  rule('P000', siteSql(`(${missingCountSql}) > 0`,
    `'Нет сведений: ' || ${missingFactsSql} || '; полнота ' || round(100.0 * ((${requiredCountSql}) - (${missingCountSql})) / (${requiredCountSql})) || ' %'`)),
  // P001, P002, P019: only when the list is known to be empty (recorded), never for a list an import did not carry.
  rule('P001', siteSql(`NOT ${sourcesLinked} AND ${listRecorded('waste_sources')}`, `'Источников: 0'`)),
  rule('P002', siteSql(`NOT ${ownersLinked} AND ${listRecorded('owners')}`, `'Собственников: 0'`)),
  rule('P003', siteSql(`${count(`c.type = 'NON_STANDARD'`)} > 0`, `'Нестандартных контейнеров: ' || ${count(`c.type = 'NON_STANDARD'`)}`)),
  rule('P004', siteSql(`${mixed} > 8 OR ${mixed} + ${separate} > 12`,
    `'Для смешанного накопления: ' || ${mixed} || ', для раздельного: ' || ${separate} || ' (допускается 8 или 12, из них 4 для раздельного)'`, ['CONTAINER'])),
  rule('P005', siteSql(`${bunkers} > 1`, `'Бункеров для КГО: ' || ${bunkers} || ' (допускается 1)'`, ['CONTAINER', 'SPECIALA'])),
  rule('P006', siteSql(`w.type = 'OPENED' AND w.has_cover IS FALSE`, `'Открытая площадка без навеса'`, ['CONTAINER'])),
  rule('P007', siteSql(`w.access IN ('LIMITED', 'NO_ACCESS')`, `CASE w.access WHEN 'LIMITED' THEN 'Подъезд ограничен' ELSE 'Нет подъезда' END`)),
  rule('P008', siteSql(`w.platform_basement = 'NOT_CORRESPONDS'`, `'Основание не соответствует'`, OUTDOOR)),
  rule('P009', siteSql(`w.platform_basement = 'ABSENT'`, `'Основания нет'`, OUTDOOR)),
  rule('P010', siteSql(`w.fence = 'NOT_CORRESPONDS'`, `'Ограждение не соответствует'`, OUTDOOR)),
  rule('P011', siteSql(`w.fence = 'ABSENT'`, `'Ограждения нет'`, OUTDOOR)),
  rule('P012', siteSql(`w.coverage_type IN ('GRAVEL', 'SOIL', 'SAND', 'WOOD', 'NO_COVERAGE')`,
    `'Покрытие: ' || CASE w.coverage_type WHEN 'GRAVEL' THEN 'гравий' WHEN 'SOIL' THEN 'грунт' WHEN 'SAND' THEN 'песок' WHEN 'WOOD' THEN 'дерево' ELSE 'нет покрытия' END`, OUTDOOR)),
  rule('P013', siteSql(`w.remoteness = 'NEAR'`, `'Удалённость: менее 20 м'`, OUTDOOR)),
  rule('P014', siteSql(`w.remoteness = 'FAR'`, `'Удалённость: более 100 м'`, OUTDOOR)),
  rule('P015', siteSql(`w.coordinates IS NOT NULL AND w.remoteness IS DISTINCT FROM 'RESOLUTION' AND ${nearestDwelling} < ${minDistance}`,
    `'Ближайший жилой дом: ' || round(${nearestDwelling}::numeric, 1) || ' м (допускается не ближе ' || ${minDistance} || ' м)'`, OUTDOOR)),
  rule('P016', siteSql(`w.coordinates IS NOT NULL AND ${farthestAttached} > 100`,
    `'Самый дальний привязанный жилой дом: ' || round(${farthestAttached}::numeric) || ' м (допускается не далее 100 м)'`, OUTDOOR)),
  rule('P017', siteSql(`${contractsKept} AND NOT EXISTS (SELECT 1 FROM contract_waste_area cw JOIN contract k ON k.id = cw.contract_id
      WHERE cw.waste_area_id = w.id AND ${contractInForce('k')})`, `'Договоров в силе с этой площадкой: 0'`)),
  rule('P018', siteSql(`w.coordinates IS NULL`, `'Координат нет'`)),
  rule('P019', siteSql(`NOT ${containersPresent} AND ${listRecorded('containers')}`, `'Контейнеров: 0'`, ['CONTAINER'])),
  rule('P020', siteSql(`w.periodicity IS NULL`, `'Периодичность не указана'`)),
  rule('P021', siteSql(`${longestPause} > ${allowedPause}`,
    `'Наибольший перерыв между вывозами: ' || ${longestPause} || ' сут. (' || CASE WHEN ${allowedPause} = 1 THEN 'в тёплый сезон допускается 1' ELSE 'в холодный сезон допускается 3' END || ')'`)),
];
