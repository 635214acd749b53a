/**
 * Enumerations of the ФККО catalogue, waste management facilities and unauthorised dumps
 * (spec 02 §3, spec 03 "Dictionaries"). Facility purpose, status, engineering support,
 * monitoring and protection are in ./other.ts; the values below are the ones the specification
 * lists (access roads) or our decisions where it does not (docs/DECISIONS.md).
 */
import { defineEnum } from './define-enum';
import { CoverageType } from './waste-area';

/**
 * Level of a ФККО row by its digit groups `B BB BBB BB BB C` (приказ Росприроднадзора
 * от 22.05.2017 № 242): a grouping row is named by its last non-zero group; ITEM is a waste
 * item (class digit 1–5).
 */
export const FkkoLevel = defineEnum('fkko_level', {
  BLOCK: 'Блок',
  TYPE: 'Тип',
  SUBTYPE: 'Подтип',
  GROUP: 'Группа',
  SUBGROUP: 'Подгруппа',
  ITEM: 'Вид отходов',
});

/**
 * Access road surface of a facility (spec 02 §3 "Access road types"): the very list of the
 * coverage of a waste area, so it is that enumeration, not a copy.
 */
export const AccessRoadType = CoverageType;

/**
 * The tab of the facilities section a facility is listed in (spec 02 §2: current/ and
 * planned/), derived from its status: PLANNED → PLANNED, any other status (a working facility,
 * one planned for reconstruction or decommissioning, an inactive one) → CURRENT.
 */
export const FacilityStage = defineEnum('facility_stage', {
  CURRENT: 'Действующие объекты',
  PLANNED: 'Планируемые объекты',
});

/** The document giving the right to the facility's land plot (ЗК РФ гл. III–IV, ст. 39.1). */
export const LandDocumentKind = defineEnum('land_document_kind', {
  OWNERSHIP: 'Право собственности (выписка из ЕГРН)',
  LEASE: 'Договор аренды',
  FREE_USE: 'Договор безвозмездного пользования',
  PERMANENT_USE: 'Постоянное (бессрочное) пользование',
  SERVITUDE: 'Сервитут',
  OTHER: 'Иной документ',
});

/**
 * Status of an unauthorised dump (spec 02 §3 names the field, not its values): detected →
 * being liquidated → liquidated; NOT_CONFIRMED when an inspection found no dump. Default DETECTED.
 */
export const WasteDumpStatus = defineEnum('waste_dump_status', {
  DETECTED: 'Выявлена',
  LIQUIDATION: 'Ликвидируется',
  LIQUIDATED: 'Ликвидирована',
  NOT_CONFIRMED: 'Не подтвердилась',
});
