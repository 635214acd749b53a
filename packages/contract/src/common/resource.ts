/**
 * A registry described once (docs/ARCHITECTURE.md): its paths, fields, card tabs, filters and
 * ordering — the wire, not the tables. From this description the API registers list/get/
 * create/update/delete/xlsx/search/public routes, the xlsx package builds its columns and the
 * web app its list, card and view pages; the database package joins it, by `name`, with its
 * table mapping (packages/db/src/tables) to build the SQL.
 */
import { z } from 'zod';
import type { FieldDef } from './fields';
import type { FilterDef } from './filters';
import type { WorkflowDef } from './actions';
import type { RowScopeDef } from './row-scope';
import { filterParamShape } from './filters';
import { MSG } from './messages';
import { ListPageQuerySchema, pageSchema } from './pagination';

export interface TabDef {
  key: string;
  label: string;
  /** A tab whose data arrive in a later issue: the card shows this empty-state text. */
  empty?: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Permission resource name (spec 01 §6), e.g. 'container'; also the key of its table mapping. */
  name: string;
  /** Russian names: the registry (plural) and one object. */
  label: string;
  labelOne: string;
  /** Authenticated path, with trailing slash, e.g. '/api/waste-area/container/'. */
  path: string;
  /** Anonymous read-only variant, if any. */
  publicPath?: string;
  /** Web list route, e.g. '/terr-schema/containers/container/'. */
  webPath: string;
  tabs: TabDef[];
  fields: F;
  /**
   * The list's key columns, in their order: shown first and fitting a 1 440 px screen (the web
   * app's column widths, apps/web/src/crud/column-widths.ts; checked by its unit test). Every
   * other field a list row carries is offered by the column chooser. Absent: the fields marked
   * `list: true`, in their order.
   */
  keyColumns?: string[];
  filters: Record<string, FilterDef>;
  /** Field names allowed in `ordering` (each also with '-'); each must be stored in a column. */
  ordering: string[];
  /** Ordering of a list that names none: a field, `-field`, or several comma-separated. */
  defaultOrdering: string;
  /** List-level sums returned beside count, e.g. count_containers. */
  aggregates?: Record<string, { sum: string }>;
  /** Field used as the object's title. */
  titleField: string;
  /** Point field drawn on the map. */
  geometryField?: string;
  /**
   * Reshapes a create/update body before validation, e.g. merges a legacy nested object into
   * the top level (spec 02 §7: the facility's `parameters`).
   */
  preprocess?: (body: Record<string, unknown>) => Record<string, unknown>;
  /**
   * A valid create body without references to other rows: the OpenAPI example and the input
   * of the parametrised registry test (apps/api/test/registries.test.ts).
   */
  example?: Record<string, unknown>;
  /**
   * Copy `n` (2, 3 …) of the example with its unique keys changed, for registries whose unique
   * key has a validator the parametrised test cannot vary by itself (e.g. a ФККО code).
   */
  exampleVariant?: (n: number) => Record<string, unknown>;
  /** Cross-field rules; returns field → message for each broken rule. */
  check?: (values: Record<string, unknown>) => Record<string, string>;
  /** Named state transitions (common/actions.ts): each a route `POST {path}{id}/{action}/`. */
  workflow?: WorkflowDef;
  /**
   * POST to the list with an `id` in the body updates that row (answer 200) instead of creating
   * one — the contracts' wire (spec 03 §7: «update also uses POST»). The body is a full update.
   */
  updateByPost?: boolean;
  /**
   * The update also answers at the other two addresses the catalogue lists for the report forms
   * (spec 03 §7: «GET, POST and PUT on /api/report/{…}/ and its /{id}/»): `PUT {path}` with the
   * row's `id` in the body and `POST {path}{id}/` — both a full update like `PUT {path}{id}/`
   * (permission `change`, row scope, WritePipeline; 400 `{id: […]}` without a valid id, 404 for
   * an unknown or out-of-scope one).
   */
  updateAliases?: boolean;
  /**
   * `{path}{id}/history/` is the registry's own call (contracts: the list of revisions, spec 03
   * §7), so the generic change-history route (modules/logs) and the card's «История изменений»
   * button are not offered for it.
   */
  ownHistory?: boolean;
  /** A boolean field whose true rows the list highlights (overdue appeals, issue 11 §4). */
  listHighlight?: string;
  /** Who sees which rows (common/row-scope.ts); absent: every user with `view` sees all rows. */
  rowScope?: RowScopeDef;
  /**
   * A read-only registry (a dictionary kept by migrations, the system log): only its list, card
   * and search are served; no create, update, delete, action or export route exists, and the
   * write pipeline refuses it (a batch transaction naming it is a 400).
   */
  readOnly?: boolean;
  /**
   * `'user'`: any signed-in user reads it (the pickers' dictionaries, spec 01 §7); absent: the
   * registry's own `<name>:view`.
   */
  viewPermission?: 'user';
  /**
   * A permission every write needs besides the registry's own add / change / delete: the
   * federal dictionaries (ФККО, ОКТМО) take the administrator's mark `users-roles:change`
   * (docs/DECISIONS.md «Federal dictionaries»). Checked by the API for every write under `path`.
   */
  writePermission?: { resource: string; action: 'view' | 'add' | 'change' | 'delete' | 'export' };
  /**
   * The section of the role editor's permission matrix the registry's rights are listed under
   * (spec 01 §2 menu groups, contract `PERMISSION_SECTION_ORDER`); absent: «Прочее».
   */
  section?: PermissionSection;
}

/**
 * Sections of the permission matrix, in their order (spec 01 §2 menu groups); a registry names
 * its own in `ResourceDef.section`, the rights of no registry in routes/permissions.ts. The seeded
 * roles grant their rights per section (roles/seeded-roles.ts), so every right belongs to a
 * section other than «Прочее» (`seeded-roles.test.ts` fails otherwise).
 */
export const PERMISSION_SECTION_ORDER = [
  'Места накопления', 'Территориальная схема', 'Диспетчерская', 'Договоры и обращения', 'Документы', 'Справочники', 'Аналитика',
  'Отчётность', 'Администрирование', 'Прочее',
] as const;
export type PermissionSection = (typeof PERMISSION_SECTION_ORDER)[number];

/**
 * The permission only an administrator holds (whoever may change roles may grant anything):
 * the `writePermission` of the federal dictionaries.
 */
export const ADMIN_MARK = { resource: 'users-roles', action: 'change' } as const;

/**
 * Declares a registry. Throws when an ordering names a field the registry does not have
 * (that an ordering field has a column is checked by packages/db's table mapping).
 */
export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  for (const o of def.ordering) {
    if (!def.fields[o]) throw new Error(`${def.name}: ordering on an unknown field: ${o}`);
  }
  for (const k of def.keyColumns ?? []) {
    const fd = def.fields[k];
    if (!fd || fd.detailOnly) throw new Error(`${def.name}: key column is not a list field: ${k}`);
  }
  return def;
}

/** Field kinds a list cell cannot show (nested rows, attachments, raw JSON, secrets): never a list column. */
const NOT_COLUMNS = new Set(['children', 'files', 'json', 'secret']);

/**
 * The columns a list may show, in the registry's field order: the fields of a list row except
 * those of {@link NOT_COLUMNS} kinds (and personal data for anonymous visitors).
 */
export function columnFields(def: ResourceDef, opts: { publicOnly?: boolean } = {}): string[] {
  return listFields(def, opts).filter((k) => !NOT_COLUMNS.has(def.fields[k]!.kind));
}

/** The list's key columns ({@link ResourceDef.keyColumns}, else the `list: true` fields), of those {@link columnFields} allows. */
export function keyColumnsOf(def: ResourceDef, opts: { publicOnly?: boolean } = {}): string[] {
  const allowed = new Set(columnFields(def, opts));
  const keys = def.keyColumns ?? Object.entries(def.fields).filter(([, fd]) => fd.list).map(([k]) => k);
  return keys.filter((k) => allowed.has(k));
}

type ReadShape<F extends Record<string, FieldDef>> = { [K in keyof F]: F[K]['read'] };

/** Schema of one object as the API answers it (the card). */
export function entitySchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>) {
  const shape = {} as Record<string, z.ZodType>;
  for (const [k, fd] of Object.entries(def.fields)) shape[k] = fd.read;
  return z.object(shape) as unknown as z.ZodObject<ReadShape<F>>;
}

/** The fields answered in list rows (without detail-only nested data). */
export function listFields(def: ResourceDef, opts: { publicOnly?: boolean } = {}): string[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => !fd.detailOnly && !(opts.publicOnly && fd.private))
    .map(([k]) => k);
}

/** Fields a client may write. */
export function writableFields(def: ResourceDef): string[] {
  return Object.entries(def.fields).filter(([, fd]) => fd.write && !fd.readOnly).map(([k]) => k);
}

/**
 * Schema of a create body: required fields must be present; a missing optional field takes its
 * default (or null). Unknown and read-only keys are ignored, as DRF does.
 */
export function createSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const k of writableFields(def)) {
    const fd = def.fields[k]!;
    const w = fd.write!;
    if (fd.required) shape[k] = w;
    else if (fd.default !== undefined) shape[k] = w.optional().transform((v) => (v === undefined ? fd.default : v));
    else if (['refs', 'int_list', 'date_list', 'enum_list', 'children', 'files'].includes(fd.kind)) shape[k] = w.optional().transform((v) => v ?? []);
    else shape[k] = w.optional().transform((v) => (v === undefined ? null : v));
  }
  return withPreprocess(def, z.object(shape));
}

/** Applies def.preprocess to an object body before `schema` validates it. */
function withPreprocess<S extends z.ZodType>(def: ResourceDef, schema: S): S {
  const pre = def.preprocess;
  if (!pre) return schema;
  // Typed as the object schema itself: the preprocess only reshapes an object into an object.
  return z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? pre(v as Record<string, unknown>) : v), schema) as unknown as S;
}

/**
 * Schema of an update body (PUT and PATCH): every writable field optional; a field left out
 * keeps its value. PUT still requires the required fields (DRF semantics).
 */
export function updateSchema(def: ResourceDef, partial: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const k of writableFields(def)) {
    const fd = def.fields[k]!;
    shape[k] = fd.required && !partial ? fd.write! : fd.write!.optional();
  }
  return withPreprocess(def, z.object(shape));
}

/** Schema of the list parameters: filters, ordering, page, page_size; unknown keys refused. */
export function listQuerySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ...ListPageQuerySchema.shape };
  for (const [name, fdef] of Object.entries(def.filters)) Object.assign(shape, filterParamShape(name, fdef));
  const allowed = new Set(def.ordering.flatMap((o) => [o, `-${o}`]));
  shape.ordering = z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
      z.array(z.string()).superRefine((list, ctx) => {
        for (const o of list) if (!allowed.has(o)) ctx.addIssue({ code: 'custom', message: MSG.ordering(o) });
      }),
    )
    .optional();
  return z.strictObject(shape);
}

/** Parsed list parameters. */
export interface ListQuery {
  page?: number;
  page_size?: number;
  ordering?: string[];
  [filter: string]: unknown;
}

/** Schema of a list answer: `{count, next, previous, <aggregates>, results}`. */
export function listResponseSchema<F extends Record<string, FieldDef>>(def: ResourceDef<F>) {
  const extra: Record<string, z.ZodType> = {};
  for (const k of Object.keys(def.aggregates ?? {})) extra[k] = z.number();
  return pageSchema(entitySchema(def).partial(), extra);
}
