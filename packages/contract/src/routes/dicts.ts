/**
 * Read-only dictionaries for pickers (spec 01 §7, spec 02 §7 "Staff", "Fleet", spec 03 §7
 * "Dispatcher"): municipal formations, vehicle models, staff positions and driving-licence
 * categories. Each answers `{count, next, previous, results}`, page from 1, page_size up to
 * 500 (spec 01 §9: dictionary loads use 500 and follow `next`), optional `search` (a
 * case-insensitive substring of the name or code). Any signed-in user may read them.
 */
import { z } from 'zod';
import { LoadingType } from '../enums/waste-area';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { AdministrativeUnitLevel } from '../resources/administrative-unit';

export const DictQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  search: z.string().max(200).optional(),
});
export type DictQuery = z.infer<typeof DictQuerySchema>;

/** A municipal formation: an ОКТМО section-1 administrative unit (district, okrug, settlement). */
export const MunicipalFormationSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  level: AdministrativeUnitLevel.schema.nullable(),
  area: z.string().nullable(),
});

/** A refuse-truck model: make of the chassis, model of the body, loading type, body volume (m³, decimal string), payload and compaction. */
export const VehicleModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  make: z.string(),
  model: z.string(),
  chassis: z.string(),
  manufacturer: z.string(),
  loading: LoadingType.schema,
  body_m3: z.string(),
  /** The maker's payload (грузоподъёмность), kg. */
  payload_kg: z.number().int().nullable(),
  /** Compaction coefficient range the maker states (decimal strings; 1 = no press). */
  compression_min: z.string().nullable(),
  compression_max: z.string().nullable(),
  /** Gross vehicle weight, kg. */
  gross_weight_kg: z.number().int().nullable(),
  /** Where the figures come from (docs/DATA.md). */
  source: z.string().nullable(),
});

/** A staff position of a waste-collection operator; drivers need a driving licence. */
export const PositionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_driver: z.boolean(),
});

/** A driving-licence category or subcategory (ФЗ-196 «О безопасности дорожного движения», ст. 25). */
export const DrivingLicenceCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  is_subcategory: z.boolean(),
});

/** Path and item schema of each dictionary. */
export const DICTIONARIES = {
  mf: { path: '/api/dicts/mf/', label: 'Муниципальные образования', item: MunicipalFormationSchema },
  'vehicle-models': { path: '/api/dicts/vehicle-models/', label: 'Модели мусоровозов', item: VehicleModelSchema },
  positions: { path: '/api/dicts/positions/', label: 'Должности', item: PositionSchema },
  'driving-licence-categories': { path: '/api/dicts/driving-licence-categories/', label: 'Категории водительских прав', item: DrivingLicenceCategorySchema },
} as const;

export const MunicipalFormationPageSchema = pageSchema(MunicipalFormationSchema);
export const VehicleModelPageSchema = pageSchema(VehicleModelSchema);
export const PositionPageSchema = pageSchema(PositionSchema);
export const DrivingLicenceCategoryPageSchema = pageSchema(DrivingLicenceCategorySchema);

function dictRoute<T extends z.ZodType>(path: string, label: string, item: T) {
  return defineRoute({
    method: 'GET', path, permission: 'user', tags: ['dicts'], summary: `${label}: список`, query: DictQuerySchema, response: { 200: pageSchema(item) },
  });
}
/** The list call of each dictionary (any signed-in user). */
export const dictRoutes = {
  mf: dictRoute(DICTIONARIES.mf.path, DICTIONARIES.mf.label, MunicipalFormationSchema),
  'vehicle-models': dictRoute(DICTIONARIES['vehicle-models'].path, DICTIONARIES['vehicle-models'].label, VehicleModelSchema),
  positions: dictRoute(DICTIONARIES.positions.path, DICTIONARIES.positions.label, PositionSchema),
  'driving-licence-categories': dictRoute(DICTIONARIES['driving-licence-categories'].path, DICTIONARIES['driving-licence-categories'].label, DrivingLicenceCategorySchema),
} as const;
