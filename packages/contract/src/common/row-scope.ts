/**
 * Row scope (issue 7 §3): which rows of a registry a signed-in user sees, from the user's
 * bindings — the organisations (legal entities) a declarant belongs to and the municipal
 * formations (ОКТМО units) a staff member works for. A registry declares how its rows tie to
 * those bindings; packages/db turns it into ONE SQL predicate applied to lists, cards, search,
 * counts, xlsx and tiles, and the STOMP registry topics check the same rule on the changed
 * row's keys (rowVisible below), so no path shows a row the list would hide.
 *
 * Rule: a staff member without any binding (regional operator staff, administrators) sees every
 * row. A restricted user — one bound to organisations or units, and every declarant, bound or
 * not — sees a row of a scoped registry when one of the row's organisation fields holds one of
 * the user's organisations, or the row's ОКТМО code starts with the code of one of the user's
 * units; no other row. So a declarant bound to no organisation sees no row of a scoped registry
 * (no binding is no access, never all). Every registry declares its scope (a test enumerates
 * them): organisation / ОКТМО fields, `shared` (every holder of the permission reads every row:
 * dictionaries, public registers — with the reason) or `internal` (the regional operator's own
 * records, tied to no organisation: users acting for organisations — declarants and users bound
 * to organisations — read none; staff bound to units read all — with the reason).
 */

export interface RowScopeDef {
  /** ref / refs fields to legal entities that tie a row to organisations. */
  organization?: readonly string[];
  /** text field holding the row's ОКТМО code (8 or 11 digits). */
  oktmo?: string;
  /** Shared rows: every user holding the view permission reads every row. The reason. */
  shared?: string;
  /** The regional operator's own records: users acting for organisations read none. The reason. */
  internal?: string;
  /**
   * Rows that describe rows of other registries (the change history): field `resource` names the
   * registry, field `object` the row's id. A restricted user sees such a row when the row it
   * describes is one they can read now (entries of deleted rows and of no registry: none).
   */
  describes?: { resource: string; object: string };
}

/** The bindings of a user. Both empty: unrestricted. */
export interface UserScope {
  /** legal_entity ids. */
  organizations: number[];
  /** ОКТМО codes of the user's units (prefixes: a municipal district covers its settlements). */
  oktmo: string[];
  /** A declarant (app_user.is_declarant): restricted even without bindings (then sees no scoped row). */
  declarant?: boolean;
}

/** A row's keys as the scope sees them (sent with live registry changes). */
export interface RowScopeKeys {
  organizations: number[];
  oktmo: string | null;
  /** A row of an `internal` registry (no organisation, no unit). */
  internal?: boolean;
}

export const UNRESTRICTED: UserScope = { organizations: [], oktmo: [] };

/** True when the user is a staff member without bindings (sees every row). */
export function isUnrestricted(scope: UserScope | null | undefined): boolean {
  return !scope || (!scope.declarant && scope.organizations.length === 0 && scope.oktmo.length === 0);
}

/** True when the user acts for organisations: a declarant, or a user bound to organisations. */
export function actsForOrganizations(scope: UserScope | null | undefined): boolean {
  return Boolean(scope && (scope.declarant || scope.organizations.length > 0));
}

/** True when registry scope `def` hides some rows from `scope` (declared, not shared, user restricted). */
export function scopeRestricts(def: RowScopeDef | undefined, scope: UserScope | null | undefined): boolean {
  if (!def || def.shared || isUnrestricted(scope)) return false;
  return def.internal ? actsForOrganizations(scope) : true;
}

/** True when the registry's rows carry scope keys (organisation / ОКТМО fields, or internal). */
export function hasRowKeys(def: RowScopeDef | undefined): def is RowScopeDef {
  return Boolean(def) && !def!.shared;
}

/** The scope keys of a row in its wire shape (ref `{id}`, refs `[{id}]`, text). */
export function rowScopeKeys(def: RowScopeDef, row: Record<string, unknown>): RowScopeKeys {
  if (def.internal || def.describes) return { organizations: [], oktmo: null, internal: true };
  const orgs = new Set<number>();
  for (const k of def.organization ?? []) {
    const v = row[k];
    for (const item of Array.isArray(v) ? v : [v]) {
      const id = item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item;
      if (typeof id === 'number') orgs.add(id);
    }
  }
  const code = def.oktmo ? row[def.oktmo] : null;
  return { organizations: [...orgs], oktmo: typeof code === 'string' && code ? code : null };
}

/** The rule above over a row's keys: the live-topic side of the SQL predicate. */
export function rowVisible(scope: UserScope | null | undefined, keys: RowScopeKeys | null | undefined): boolean {
  if (isUnrestricted(scope) || !keys) return true;
  if (keys.internal) return !actsForOrganizations(scope);
  if (keys.organizations.some((id) => scope!.organizations.includes(id))) return true;
  return keys.oktmo !== null && scope!.oktmo.some((c) => keys.oktmo!.startsWith(c));
}

/**
 * A new row of a user acting for exactly one organisation that names none of the registry's
 * organisation fields takes that organisation in the first of them (a `ref`: its id, a `refs`:
 * `[id]`): otherwise it would be refused as outside their scope, although there is only one
 * organisation it can belong to (spec 03 §7 report sets: a declarant's `{name, status,
 * is_signed}` is answered 201). `values` are in the write shape (ids); a value the body gives is
 * never replaced; staff, users of several organisations or of units only get `values` unchanged.
 */
export function withOwnOrganization(
  def: RowScopeDef | undefined,
  kinds: Record<string, { kind: string } | undefined>,
  values: Record<string, unknown>,
  scope: UserScope | null | undefined,
): Record<string, unknown> {
  const fields = def && hasRowKeys(def) && !def.internal && !def.describes ? def.organization ?? [] : [];
  if (!fields.length || scope?.organizations.length !== 1) return values;
  const blank = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);
  if (!fields.every((k) => blank(values[k]))) return values;
  const first = fields[0]!;
  const id = scope.organizations[0]!;
  const kind = kinds[first]?.kind;
  if (kind !== 'ref' && kind !== 'refs') return values;
  return { ...values, [first]: kind === 'refs' ? [id] : id };
}
