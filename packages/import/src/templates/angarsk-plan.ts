/**
 * ANGARSK_PLAN «План вывоза (маршрутный план)» (issue 10 §6): a route plan file such as the
 * Angarsk one (shared/data/SOURCES.md §3, docs/DATA.md) — one row per visit of a container site
 * by a truck: latitude, longitude, garage, the truck's plate, the site's address and the days of
 * the month it is served. Unlike the one-registry templates it fills four at once, exactly as the
 * command import does (`pnpm --filter @tko/db import-angarsk`, packages/db/src/angarsk: the same
 * grouping, normalising and SQL): the garages (by name), the vehicles (by normalised plate, with
 * their garage), the container sites (one per coordinate pair at 6 decimals, ON_MONTHDAYS with the
 * union of the days, in the contract zone «Ангарский городской округ») and which vehicle serves
 * which site (vehicle_waste_area); then, like the command, what a first start needs to plan
 * (@tko/db angarsk/region.ts): the garages' estimated points, the landfill of the territorial
 * scheme and one schedule per garage. Its run is angarsk-plan-run.ts. Idempotent: a second import
 * of the same file creates and changes nothing.
 *
 * The targets are the plan's columns; the suggestion matches the file's own headers (Lat, Lon,
 * Descr, Столбец2, Столбец4, Sub) as well as Russian names.
 */
import { containerResource, garageResource, scheduleResource, vehicleResource, wasteManagementFacilityResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { parsePlanDays } from '@tko/db';
import type { Parsed } from '../parse-cell';
import { decimalText } from '../parse-cell';
import type { TargetDef } from '../targets';
import { runAngarskPlan } from './angarsk-plan-run';
import type { ImportKey, ImportTemplate } from './types';

/**
 * Degrees as written (no rounding here: the plan keys a site by the coordinates rounded to 6
 * decimals as the command import rounds them, groupPlan); a number within ±90 / ±180.
 */
export function parsePlanDegrees(text: string, axis: 'lat' | 'lng'): Parsed {
  const s = decimalText(text);
  const n = s === null ? NaN : Number(s);
  const limit = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(n) || Math.abs(n) > limit) {
    return { error: axis === 'lat' ? `Широта должна быть числом от -90 до 90, получено «${text}».` : `Долгота должна быть числом от -180 до 180, получено «${text}».` };
  }
  return { value: n };
}

/** «1;8;15» → [1, 8, 15]: integers 1–31 through «;» (the rule of the command import, parsePlanDays). */
export function parsePlanDaysCell(text: string): Parsed {
  const days = parsePlanDays(text);
  return days ? { value: days } : { error: `Ожидались числа месяца от 1 до 31 через «;», получено «${text}».` };
}

const text = (t: string): Parsed => ({ value: t });

/** The plan's columns; every one is needed (a row with a blank garage, plate or address fails). */
export const ANGARSK_PLAN_TARGETS: TargetDef[] = [
  {
    field: 'lat', label: 'Широта', required: true, group: null, kind: 'decimal',
    hint: 'Широта площадки в градусах WGS-84, например «52.5468417».', choices: null,
    synonyms: ['lat', 'latitude', 'широта площадки', 'geo_lat'], parse: (t) => parsePlanDegrees(t, 'lat'), merge: 'majority',
  },
  {
    field: 'lng', label: 'Долгота', required: true, group: null, kind: 'decimal',
    hint: 'Долгота площадки в градусах WGS-84, например «103.8701022».', choices: null,
    synonyms: ['lon', 'lng', 'long', 'longitude', 'долгота площадки', 'geo_lon'], parse: (t) => parsePlanDegrees(t, 'lng'), merge: 'majority',
  },
  {
    field: 'garage', label: 'Гараж', required: true, group: null, kind: 'text',
    hint: 'Название гаража машины, например «Гараж АМП»; гараж с таким названием создаётся, если его нет.', choices: null,
    synonyms: ['descr', 'гараж машины', 'база', 'автобаза', 'стоянка'], parse: text, merge: 'majority',
  },
  {
    field: 'plate', label: 'Госномер машины', required: true, group: null, kind: 'text',
    hint: 'Госномер в любом написании («Е529НУ138», «E 529 HY 138»): латинские буквы-двойники и пробелы приводятся к виду «Е 529 НУ 138».', choices: null,
    synonyms: ['столбец2', 'госномер', 'гос номер', 'номер машины', 'номер тс', 'машина', 'тс'], parse: text, merge: 'majority',
  },
  {
    field: 'address', label: 'Адрес площадки', required: true, group: null, kind: 'text',
    hint: 'Адрес площадки; пробелы вместо запятых («Ангарск  47 квл  60») превращаются в запятые.', choices: null,
    synonyms: ['столбец4', 'адрес', 'местоположение', 'address', 'location'], parse: text, merge: 'majority',
  },
  {
    field: 'days', label: 'Числа месяца вывоза', required: true, group: null, kind: 'int_list',
    hint: 'Числа месяца, в которые машина вывозит отходы с площадки, через «;», например «1;8;15».', choices: null,
    synonyms: ['sub', 'числа месяца', 'дни месяца', 'дни вывоза', 'числа вывоза'], parse: parsePlanDaysCell, merge: 'union',
  },
];

/**
 * How the plan's rows name their objects, for the screen, the template file and the rights check
 * (a key means existing records are updated: add and change rights are needed). The run applies
 * it itself in writePlan's upserts (site: kind + source + point key; vehicle: plate; garage:
 * name), so `of` and `find` are never called by it and answer nothing.
 */
export const planKey: ImportKey = {
  label: 'по точке с точностью 6 знаков (площадка), по госномеру (машина) и по названию (гараж)',
  of: () => null,
  show: (key) => `«${key}»`,
  find: async () => new Map(),
};

export const angarskPlanTemplate: ImportTemplate = {
  type: 'ANGARSK_PLAN',
  def: containerResource,
  alsoWrites: [
    garageResource as unknown as ResourceDef, vehicleResource as unknown as ResourceDef,
    scheduleResource as unknown as ResourceDef, wasteManagementFacilityResource as unknown as ResourceDef,
  ],
  targets: ANGARSK_PLAN_TARGETS,
  key: planKey,
  run: runAngarskPlan,
};
