/**
 * Row scope (issue 7 §3): which rows of a registry a signed-in user sees, from the user's
 * bindings — the organisations (legal entities) a declarant belongs to and the municipal
 * formations (ОКТМО units) a staff member works for. A registry declares how its rows tie to
 * those bindings; packages/db turns it into ONE SQL predicate applied to lists, cards, search,
 * counts, xlsx and tiles, and the STOMP registry topics check the same rule on the changed
 * row's keys (rowVisible below), so no path shows a row the list would hide.
 *
 * Rule: a user without any binding (regional operator staff, administrators) sees every row.
 * A bound user sees a row of a scoped registry when one of the row's organisation fields holds
 * one of the user's organisations, or the row's ОКТМО code starts with the code of one of the
 * user's units. A bound user sees no row of a scoped registry that names neither. Registries
 * without a row scope are shared (dictionaries, the territorial scheme's public data).
 */

export interface RowScopeDef {
  /** ref / refs fields to legal entities that tie a row to organisations. */
  organization?: readonly string[];
  /** text field holding the row's ОКТМО code (8 or 11 digits). */
  oktmo?: string;
}

/** The bindings of a user. Both empty: unrestricted. */
export interface UserScope {
  /** legal_entity ids. */
  organizations: number[];
  /** ОКТМО codes of the user's units (prefixes: a municipal district covers its settlements). */
  oktmo: string[];
}

/** A row's keys as the scope sees them (sent with live registry changes). */
export interface RowScopeKeys {
  organizations: number[];
  oktmo: string | null;
}

export const UNRESTRICTED: UserScope = { organizations: [], oktmo: [] };

/** True when the user has no bindings (sees every row). */
export function isUnrestricted(scope: UserScope | null | undefined): boolean {
  return !scope || (scope.organizations.length === 0 && scope.oktmo.length === 0);
}

/** The scope keys of a row in its wire shape (ref `{id}`, refs `[{id}]`, text). */
export function rowScopeKeys(def: RowScopeDef, row: Record<string, unknown>): RowScopeKeys {
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
  if (keys.organizations.some((id) => scope!.organizations.includes(id))) return true;
  return keys.oktmo !== null && scope!.oktmo.some((c) => keys.oktmo!.startsWith(c));
}
