/**
 * Operators (spec 02 §7 "Legal entities"; spec 03 §1 public variant): the licence and the
 * contract zones of a legal entity that is an operator of waste management (is_operator) or
 * the regional operator (is_reg_operator).
 *
 *   GET  /api/operators/{id}/            licence + zones of an operator   (juridical-person:view)
 *   PUT  /api/operators/{id}/            update them                      (juridical-person:change)
 *   GET  /api/operators/regional/{id}/   the same for a regional operator (juridical-person:view)
 *   PUT  /api/regional/{id}/             update a regional operator       (juridical-person:change)
 *   GET  /api/public/v1/operators/{id}/  anonymous card of either kind
 * An entity without the flag answers 404. The fields are those of the legal-entity registry
 * (described once in resources/legal-entity-fields.ts); a PUT keeps the fields it leaves out.
 */
import { z } from 'zod';
import { RefValueSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { LegalEntityRole } from '../resources/legal-entity-fields';
import { juridicalPersonResource } from '../resources/juridical-person';

export const OPERATOR_PATH = '/api/operators/:id/';
export const REGIONAL_OPERATOR_PATH = '/api/operators/regional/:id/';
export const REGIONAL_OPERATOR_UPDATE_PATH = '/api/regional/:id/';
export const PUBLIC_OPERATOR_PATH = '/api/public/v1/operators/:id/';

const fields = juridicalPersonResource.fields;

/** The answer of every operator call. */
export const OperatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  inn: z.string().nullable(),
  license_number: z.string().nullable(),
  license_issued_by: z.string().nullable(),
  license_issued_at: z.string().nullable(),
  contract_zones: z.array(RefValueSchema),
  roles: z.array(LegalEntityRole.schema),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** Body of the PUT calls: every field optional; those left out keep their value. */
export const OperatorUpdateSchema = z.object({
  license_number: fields.license_number.write!.optional(),
  license_issued_by: fields.license_issued_by.write!.optional(),
  license_issued_at: fields.license_issued_at.write!.optional(),
  contract_zones: fields.contract_zones.write!.optional(),
});
export type OperatorUpdate = z.infer<typeof OperatorUpdateSchema>;

const OperatorIdParams = z.object({ id: z.string() });
const OPERATOR_TAGS = ['operators'];

export const operatorRoute = defineRoute({
  method: 'GET', path: OPERATOR_PATH, permission: 'juridical-person:view', tags: OPERATOR_TAGS, summary: 'Оператор: лицензия и зоны деятельности',
  params: OperatorIdParams, response: { 200: OperatorSchema },
});
export const operatorUpdateRoute = defineRoute({
  method: 'PUT', path: OPERATOR_PATH, permission: 'juridical-person:change', tags: OPERATOR_TAGS, summary: 'Оператор: изменить лицензию и зоны деятельности',
  params: OperatorIdParams, body: OperatorUpdateSchema, response: { 200: OperatorSchema },
});
export const regionalOperatorRoute = defineRoute({
  method: 'GET', path: REGIONAL_OPERATOR_PATH, permission: 'juridical-person:view', tags: OPERATOR_TAGS, summary: 'Региональный оператор: лицензия и зоны деятельности',
  params: OperatorIdParams, response: { 200: OperatorSchema },
});
export const regionalOperatorUpdateRoute = defineRoute({
  method: 'PUT', path: REGIONAL_OPERATOR_UPDATE_PATH, permission: 'juridical-person:change', tags: OPERATOR_TAGS, summary: 'Региональный оператор: изменить лицензию и зоны деятельности',
  params: OperatorIdParams, body: OperatorUpdateSchema, response: { 200: OperatorSchema },
});
export const publicOperatorRoute = defineRoute({
  method: 'GET', path: PUBLIC_OPERATOR_PATH, permission: 'public', tags: [...OPERATOR_TAGS, 'public'], summary: 'Оператор или региональный оператор: открытая карточка',
  params: OperatorIdParams, response: { 200: OperatorSchema },
});
