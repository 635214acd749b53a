/**
 * VEHICLE_COMPLEX «Транспорт» (issue 10 §6; @tko/contract vehicleResource): one row per truck —
 * licence plate (any spelling: Latin look-alikes and spaces are normalised, validation/plate.ts),
 * its garage and model (names of rows of the garages registry and of the vehicle-model
 * dictionary: «КО-427-72»), make, loading, payload, body, compression bounds, external ids.
 * The natural key is the normalised plate: a row of a truck already in the registry updates
 * it, two rows of one truck (spelled two ways) merge.
 */
import { normalizePlate, vehicleResource } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import { parseDecimal } from '../parse-cell';
import { fieldTargets } from '../targets';
import type { TargetDef } from '../targets';
import type { Body, ImportKey, ImportTemplate } from './types';

const def = vehicleResource as unknown as ResourceDef;

const SYNONYMS: Record<string, string[]> = {
  license_plate: ['госномер', 'гос номер', 'гос. номер', 'номер', 'номер тс', 'государственный номер', 'гос.номер'],
  garage: ['гараж', 'база', 'автобаза', 'стоянка'],
  model: ['модель', 'модель кузова', 'спецоборудование', 'надстройка'],
  make: ['марка', 'марка шасси', 'шасси'],
  loading: ['тип загрузки', 'загрузка'],
  payload_kg: ['грузоподъемность', 'грузоподъёмность', 'грузоподъемность, кг'],
  body_m3: ['объем кузова', 'объём кузова', 'объем', 'объём', 'кузов, м3'],
  identifier: ['гаражный номер', 'бортовой номер'],
  external_identifier: ['imei', 'идентификатор wialon', 'id в навигации'],
};

/** The compaction bounds as two columns (the registry keeps them as one range). */
const compressionTargets: TargetDef[] = [
  {
    field: 'compression_min', label: 'Коэффициент уплотнения, от', required: false, group: 'compression', kind: 'decimal',
    hint: 'Число от 1 до 10; дробная часть через точку или запятую.', choices: null,
    synonyms: ['коэффициент уплотнения', 'уплотнение от', 'коэффициент уплотнения от'], parse: parseDecimal, merge: 'majority',
  },
  {
    field: 'compression_max', label: 'Коэффициент уплотнения, до', required: false, group: 'compression', kind: 'decimal',
    hint: 'Число от 1 до 10, не меньше нижней границы.', choices: null,
    synonyms: ['уплотнение до', 'коэффициент уплотнения до'], parse: parseDecimal, merge: 'majority',
  },
];

function toBody(values: Body): { body: Body; errors: Record<string, string> } {
  const { compression_min: lo, compression_max: hi, ...body } = values;
  if (typeof body.license_plate === 'string') body.license_plate = normalizePlate(body.license_plate);
  if (lo !== undefined || hi !== undefined) body.compression_ratio = { lower: lo ?? null, upper: hi ?? lo ?? null };
  return { body, errors: {} };
}

/** The truck's normalised plate. */
export const plateKey: ImportKey = {
  label: 'госномер',
  field: 'license_plate',
  of: (body: Body) => (typeof body.license_plate === 'string' && body.license_plate.trim() ? normalizePlate(body.license_plate) : null),
  show: (key) => `«${key}»`,
  async find(db: Pool | PoolClient, keys: string[]) {
    const out = new Map<string, number[]>();
    if (!keys.length) return out;
    const { rows } = await db.query<{ key: string; id: number }>('SELECT license_plate AS key, id FROM vehicle WHERE license_plate = ANY($1::text[]) ORDER BY id', [keys]);
    for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), r.id]);
    return out;
  },
};

export const vehicleComplexTemplate: ImportTemplate = {
  type: 'VEHICLE_COMPLEX',
  def,
  targets: [...fieldTargets(def, { synonyms: SYNONYMS, exclude: ['compression_ratio'] }), ...compressionTargets],
  key: plateKey,
  toBody,
};
