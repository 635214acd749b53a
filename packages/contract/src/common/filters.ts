/**
 * List filters of a registry, described in the contract and turned into SQL by the database
 * package. Every filter accepts both a query string (`?status=ACTIVE,CLOSED`) and a JSON body
 * value (`{"status": ["ACTIVE"]}`, for the POST search and xlsx calls). Unknown parameters and
 * unknown values answer 400 with a Russian message, never 500.
 */
import { z } from 'zod';
import type { EnumDef } from '../enums/define-enum';
import { BBoxSchema, PointInputSchema } from './geo';
import { MSG } from './messages';

export type FilterDef =
  /** Field value is one of a comma-separated list of enum values. */
  | { kind: 'enum'; field: string; enum: EnumDef; label: string }
  /** Foreign key is one of a list of ids. */
  | { kind: 'ref'; field: string; label: string }
  /** Boolean column equals true/false. */
  | { kind: 'bool'; field: string; label: string }
  /** Case-insensitive substring over several text columns. */
  | { kind: 'text'; fields: string[]; label: string }
  /** Point inside `minLng,minLat,maxLng,maxLat` (EPSG:4326). */
  | { kind: 'bbox'; field: string; label: string }
  /** Point within `radius` metres of `point` ('lat, lng'); the params are `<name>` and `radius`. */
  | { kind: 'radius'; field: string; label: string };

const csv = (v: unknown) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v);

const boolParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Должно быть true или false.' }),
);

/** Zod shape of the query/body parameters of one filter. */
export function filterParamShape(name: string, def: FilterDef): Record<string, z.ZodType> {
  switch (def.kind) {
    case 'enum':
      return { [name]: z.preprocess(csv, z.array(def.enum.schema).min(1)).optional() };
    case 'ref':
      return {
        [name]: z
          .preprocess(
            (v) => (Array.isArray(csv(v)) ? (csv(v) as unknown[]).map((x) => (typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : x)) : typeof v === 'number' ? [v] : v),
            z.array(z.number({ error: 'Ожидался список идентификаторов.' }).int().positive()).min(1),
          )
          .optional(),
      };
    case 'bool':
      return { [name]: boolParam.optional() };
    case 'text':
      return { [name]: z.string().max(200).optional() };
    case 'bbox':
      return { [name]: BBoxSchema.optional() };
    case 'radius':
      return {
        [name]: PointInputSchema.optional(),
        radius: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.number({ error: MSG.number }).positive().max(100000)).optional(),
      };
  }
}
