/**
 * The row scope as SQL (issue 7 §3; the rule is in @tko/contract common/row-scope.ts): one
 * predicate over the row aliased `t`, added to every WHERE a list, count, search, xlsx stream,
 * card or tile builds, so that no read path shows a row another would hide.
 *
 * The user's scope travels with the list query under the symbol {@link ROW_SCOPE} (`withScope`),
 * so every builder that already reads the query's filters applies it too; cards pass it in
 * ReadOptions. No scope (or an unrestricted one) adds nothing.
 */
import type { ListQuery, RowScopeDef, UserScope } from '@tko/contract';
import { actsForOrganizations, isUnrestricted, moduleResources, resources } from '@tko/contract';
import { storedResource } from '../tables/index';
import type { Params } from './params';
import { ident } from './params';

/** Key of the user's scope inside a ListQuery (a symbol: never a wire parameter). */
export const ROW_SCOPE: unique symbol = Symbol('rowScope');

/** A list query carrying the signed-in user's scope. */
export type ScopedQuery = ListQuery & { [ROW_SCOPE]?: UserScope | null };

/** `q` with the user's scope attached (a copy). */
export function withScope<Q extends ListQuery>(q: Q, scope: UserScope | null | undefined): Q & ScopedQuery {
  return { ...q, [ROW_SCOPE]: scope ?? null };
}

/** The storage facts the predicate needs (a StoredResourceDef has them). */
interface ScopedDef {
  name: string;
  rowScope?: RowScopeDef;
  fields: Record<string, { kind: string; column: string | null; join?: { table: string; ownKey: string; targetKey: string } }>;
}

/**
 * The predicate of `scope` over `t`, or null when it restricts nothing (no row scope declared,
 * a shared registry, or a staff member without bindings). A restricted user (bound, or a
 * declarant) and a registry that ties rows to none of the user's kinds of binding (an internal
 * registry for a user acting for organisations; a declarant bound to no organisation) give `FALSE`.
 * Throws (a programming error) when a scope field is not a stored ref/refs/text field.
 */
export function rowScopeSql(def: ScopedDef, scope: UserScope | null | undefined, p: Params): string | null {
  const rs = def.rowScope;
  if (!rs || rs.shared || isUnrestricted(scope)) return null;
  if (rs.internal) return actsForOrganizations(scope) ? 'FALSE' : null;
  if (rs.describes) return describedRowsSql(def, rs.describes, scope!, p);
  const parts: string[] = [];
  if (scope!.organizations.length && rs.organization?.length) {
    const ids = p.add(scope!.organizations);
    for (const k of rs.organization) {
      const fd = def.fields[k];
      if (fd?.kind === 'ref' && fd.column) parts.push(`t.${ident(fd.column)} = ANY(${ids}::int[])`);
      else if (fd?.kind === 'refs' && fd.join) {
        const j = fd.join;
        parts.push(`EXISTS (SELECT 1 FROM ${ident(j.table)} rs WHERE rs.${ident(j.ownKey)} = t.id AND rs.${ident(j.targetKey)} = ANY(${ids}::int[]))`);
      } else throw new Error(`${def.name}: row scope field ${k} is not a stored ref or refs field`);
    }
  }
  if (scope!.oktmo.length && rs.oktmo) {
    const fd = def.fields[rs.oktmo];
    if (!fd?.column) throw new Error(`${def.name}: row scope field ${rs.oktmo} has no column`);
    // ОКТМО codes are digits only (contract validateOktmo), so a prefix pattern needs no escaping.
    const patterns = scope!.oktmo.filter((c) => /^\d+$/.test(c)).map((c) => `${c}%`);
    if (patterns.length) parts.push(`t.${ident(fd.column)} LIKE ANY(${p.add(patterns)}::text[])`);
  }
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

/**
 * The scope of rows that describe rows of other registries (`describes`: the change history,
 * spec 03 "System logs"): a row is visible when the row it names — registry `resource`, id
 * `object` — exists and passes its registry's predicate. Rows of `shared` registries are visible
 * (deleted rows' too); `internal` registries' rows are hidden from users acting for organisations;
 * rows about deleted rows and about resources that are no registry (users, roles, settings…) are
 * hidden from every restricted user (unknown is not access).
 */
function describedRowsSql(def: ScopedDef, d: NonNullable<RowScopeDef['describes']>, scope: UserScope, p: Params): string {
  const col = (k: string) => {
    const c = def.fields[k]?.column;
    if (!c) throw new Error(`${def.name}: row scope field ${k} has no column`);
    return `t.${ident(c)}`;
  };
  const resource = col(d.resource);
  const object = col(d.object);
  const shared: string[] = [];
  const parts: string[] = [];
  for (const target of [...resources, ...moduleResources].filter((r) => r.rowScope && !r.rowScope.describes).map(storedResource)) {
    const pred = rowScopeSql(target, scope, p);
    if (pred === 'FALSE') continue;
    if (pred === null && target.rowScope!.shared) {
      shared.push(target.name);
      continue;
    }
    // Every parameter added is used (an unused one has no type: PostgreSQL refuses the statement).
    // `IN (SELECT t.id …)`: the left side reads the outer row, the sub-select's `t` is the described
    // registry's row, over which its predicate is written.
    const where = [target.scope ? `t.${ident(target.scope.column)} = ${p.add(target.scope.value)}` : null, pred].filter(Boolean);
    parts.push(`(${resource} = ${p.add(target.name)} AND ${object} IN (SELECT t.id FROM ${ident(target.table)} t${where.length ? ` WHERE ${where.join(' AND ')}` : ''}))`);
  }
  if (shared.length) parts.unshift(`${resource} = ANY(${p.add(shared)}::text[])`);
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

/** The scope attached to a list query, if any. */
export function scopeOf(q: ListQuery): UserScope | null | undefined {
  return (q as ScopedQuery)[ROW_SCOPE];
}
