/**
 * The volume and the price of a contract for ТКО handling (issue 25 §1): the one place every
 * process computes them (the API's price call, the printed contract, the web card).
 *
 * Per object (a contract waste area: the place of accumulation, optionally the customer's waste
 * source), the ТКО volume per year follows the contract's commercial accounting (Правила
 * коммерческого учёта объёма и (или) массы ТКО, ПП РФ от 03.06.2016 № 505, п. 5–6):
 *   - QUANTITY «по количеству и объёму контейнеров»: Σ container volume (m³) × collections per year;
 *   - NORMATIVE «расчётным путём по нормативам накопления»: the source's normative volume, m³ per
 *     year (normative_value × the unit's m³ per unit per year; waste-source.ts);
 *   - WEIGHT «по массе»: unknown in advance (weighed) — no volume, no price.
 * The КГО volume (m³/year) is entered per object; an object without one adds none.
 *
 * Price (ПП РФ от 12.11.2016 № 1156, типовая форма п. 5; Основы ценообразования ПП РФ от
 * 30.05.2016 № 484: the single tariff of the regional operator): price per year = the single
 * tariff in force on the contract's date (руб/м³) × (ТКО + КГО) m³ per year, rounded to kopecks;
 * per month = per year / 12, rounded to kopecks. Volumes are rounded to litres (3 decimals of m³)
 * per object and summed exactly; money is computed exactly (bigint kopecks).
 *
 * Unknown is not compliant: an object whose volume cannot be computed makes the contract's
 * volume and price unknown (null), with the reason listed — never counted as zero.
 */

/** A schedule of collections: the contract waste area's periodicity and its lists. */
export interface CollectionSchedule {
  periodicity: string | null;
  weekdays?: number[];
  dates?: string[];
  monthdays?: number[];
}

/**
 * Collections per year as a fraction [numerator, denominator] (spec 01 §3 «Periodicity», as the
 * dashboard counts them): DAILY 365, EVERY_OTHER_DAY 365/2, PER_THREE_DAYS 365/3, ON_WEEKDAYS
 * 52 × the weekdays, ON_DATES the dates, ON_MONTHDAYS 12 × the month days; null when unknown or
 * when the list is empty (no collection is planned).
 */
export function collectionsPerYear(s: CollectionSchedule): [number, number] | null {
  const n = (list: unknown[] | undefined) => list?.length ?? 0;
  let out: [number, number] | null;
  switch (s.periodicity) {
    case 'DAILY': out = [365, 1]; break;
    case 'EVERY_OTHER_DAY': out = [365, 2]; break;
    case 'PER_THREE_DAYS': out = [365, 3]; break;
    case 'ON_WEEKDAYS': out = [52 * n(s.weekdays), 1]; break;
    case 'ON_DATES': out = [n(s.dates), 1]; break;
    case 'ON_MONTHDAYS': out = [12 * n(s.monthdays), 1]; break;
    default: out = null;
  }
  return out && out[0] > 0 ? out : null;
}

type Num = string | number | null | undefined;

/** One object of a contract, as the price needs it. */
export interface ContractObjectInput extends CollectionSchedule {
  /** The containers the object uses (the site's, or those the contract names): volume, m³ each. */
  containers: { volume: Num }[];
  /** The waste source's normative volume, m³ per year; null when there is no source or no normative. */
  normative_m3_year: Num;
  /** КГО, m³ per year; null: none entered. */
  kgo_m3_year: Num;
}

/** An object's volumes (decimal strings, m³ per year, 3 decimals) and why the ТКО one is unknown. */
export interface ContractObjectVolume {
  tko_m3_year: string | null;
  kgo_m3_year: string | null;
  /** Collections per year (QUANTITY), 1 decimal; null otherwise or unknown. */
  collections_per_year: string | null;
  /** Σ volume of the object's containers, m³ (QUANTITY); null otherwise or unknown. */
  containers_m3: string | null;
  reason: string | null;
}

/** The single tariff in force (reg_operator_tariff of kind SINGLE). */
export interface TariffInForce {
  id: number;
  name: string;
  /** руб. per unit, decimal string. */
  cost: string;
  unit: string;
  start_date: string;
  end_date: string | null;
}

export interface ContractPrice {
  objects: ContractObjectVolume[];
  /** Σ ТКО, m³ per year; null when an object's is unknown or there is no object. */
  tko_m3_year: string | null;
  kgo_m3_year: string;
  /** ТКО + КГО, m³ per year (what the tariff is applied to). */
  volume_m3_year: string | null;
  tariff: TariffInForce | null;
  /** руб. per year and per month, 2 decimals; null when the volume or the tariff is unknown. */
  price_year: string | null;
  price_month: string | null;
  /** Why a volume or the price is unknown, in Russian. */
  reasons: string[];
}

export const CONTRACT_PRICE_MSG = {
  noContainers: 'нет контейнеров с известным объёмом',
  noSchedule: 'не задана периодичность вывоза',
  noNormative: 'не указан источник образования с нормативом накопления',
  weight: 'учёт по массе: объём определяется взвешиванием, цена — по факту',
  noObjects: 'В договоре нет объектов: объём и цена не определены.',
  noTariff: (date: string) => `Нет единого тарифа регионального оператора, действующего на ${date}: цена не определена.`,
  perTon: 'Единый тариф установлен за тонну: объём в м³ не переводится в массу, цена не определена.',
  object: (i: number, reason: string) => `Объект № ${i}: ${reason}.`,
} as const;

/** A decimal (m³) → integer thousandths (litres); null for empty or not a number. */
function milli(v: Num): number | null {
  if (v === null || v === undefined || v === '') return null;
  const x = Number(v);
  return Number.isFinite(x) ? Math.round(x * 1000) : null;
}
/** Integer thousandths → decimal string with 3 decimals. */
const fromMilli = (m: number): string => (m / 1000).toFixed(3);
/** Round half up of a / b for non-negative integers. */
const divRound = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/** The volumes of one object under `accounting` (QUANTITY | NORMATIVE | WEIGHT). */
export function objectVolume(accounting: string, o: ContractObjectInput): ContractObjectVolume & { tko_milli: number | null; kgo_milli: number } {
  const kgo = milli(o.kgo_m3_year);
  const base = { kgo_m3_year: kgo === null ? null : fromMilli(kgo), kgo_milli: kgo ?? 0, collections_per_year: null, containers_m3: null };
  if (accounting === 'NORMATIVE') {
    const n = milli(o.normative_m3_year);
    return n === null
      ? { ...base, tko_m3_year: null, tko_milli: null, reason: CONTRACT_PRICE_MSG.noNormative }
      : { ...base, tko_m3_year: fromMilli(n), tko_milli: n, reason: null };
  }
  if (accounting !== 'QUANTITY') return { ...base, tko_m3_year: null, tko_milli: null, reason: CONTRACT_PRICE_MSG.weight };
  const volumes = o.containers.map((c) => milli(c.volume));
  const known = volumes.length > 0 && volumes.every((v) => v !== null && v > 0);
  const sum = known ? (volumes as number[]).reduce((a, b) => a + b, 0) : null;
  const times = collectionsPerYear(o);
  const shown = {
    ...base,
    containers_m3: sum === null ? null : fromMilli(sum),
    collections_per_year: times === null ? null : (Math.round((times[0] / times[1]) * 10) / 10).toFixed(1),
  };
  if (sum === null) return { ...shown, tko_m3_year: null, tko_milli: null, reason: CONTRACT_PRICE_MSG.noContainers };
  if (times === null) return { ...shown, tko_m3_year: null, tko_milli: null, reason: CONTRACT_PRICE_MSG.noSchedule };
  const tko = divRound(sum * times[0], times[1]);
  return { ...shown, tko_m3_year: fromMilli(tko), tko_milli: tko, reason: null };
}

/** руб. decimal → bigint kopecks (null for a bad value). */
function kopecks(v: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
}
/** bigint kopecks → «123.45». */
const rub = (k: bigint): string => `${k / 100n}.${String(k % 100n).padStart(2, '0')}`;
/** Round half up of a / b for non-negative bigints. */
const divRoundBig = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/**
 * The contract's volumes and price (module docstring). `accounting`: the contract's
 * commercial_accounting; `tariff`: the single tariff in force on `date` (DD.MM.YYYY, for the
 * message), or null when there is none. Never throws.
 *
 * Example: QUANTITY, one object with two 0.75 m³ containers collected ON_WEEKDAYS [1, 4] and
 * 10 m³ КГО: 1.5 × 104 = 156 m³ ТКО + 10 m³ КГО = 166 m³; at 612.45 руб/м³ — 101 666.70 руб. a
 * year, 8 472.23 руб. a month.
 */
export function contractPrice(accounting: string, objects: ContractObjectInput[], tariff: TariffInForce | null, date: string): ContractPrice {
  const vols = objects.map((o) => objectVolume(accounting, o));
  const reasons: string[] = [];
  if (!objects.length) reasons.push(CONTRACT_PRICE_MSG.noObjects);
  vols.forEach((v, i) => v.reason && reasons.push(CONTRACT_PRICE_MSG.object(i + 1, v.reason)));
  const tkoKnown = objects.length > 0 && vols.every((v) => v.tko_milli !== null);
  const tko = tkoKnown ? vols.reduce((a, v) => a + v.tko_milli!, 0) : null;
  const kgo = vols.reduce((a, v) => a + v.kgo_milli, 0);
  const total = tko === null ? null : tko + kgo;
  let year: bigint | null = null;
  if (!tariff) reasons.push(CONTRACT_PRICE_MSG.noTariff(date));
  else if (tariff.unit !== 'RUB_PER_M3') reasons.push(CONTRACT_PRICE_MSG.perTon);
  else {
    const cost = kopecks(tariff.cost);
    if (cost !== null && total !== null) year = divRoundBig(cost * BigInt(total), 1000n);
  }
  return {
    objects: vols.map(({ tko_milli: _t, kgo_milli: _k, ...v }) => v),
    tko_m3_year: tko === null ? null : fromMilli(tko),
    kgo_m3_year: fromMilli(kgo),
    volume_m3_year: total === null ? null : fromMilli(total),
    tariff,
    price_year: year === null ? null : rub(year),
    price_month: year === null ? null : rub(divRoundBig(year, 12n)),
    reasons,
  };
}
