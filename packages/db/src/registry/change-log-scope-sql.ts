/**
 * The row scope of the change history (spec 03 "System logs"; the rule is in @tko/contract
 * common/row-scope.ts, its SQL in row-scope-sql.ts): a restricted user sees an entry of
 * `change_log` only when the registry row it is about is a row they can read now — the row
 * exists and passes its registry's {@link rowScopeSql}. Entries of `shared` registries are
 * visible (deleted rows' too); entries of `internal` registries are hidden from users acting for organisations;
 * entries of deleted rows and of resources that are no registry (users, roles, settings…) are
 * hidden from every restricted user (unknown is not access). An unrestricted user (staff without
 * bindings) gets no predicate: the whole log.
 */
import type { UserScope } from '@tko/contract';
import { isUnrestricted } from '@tko/contract';
import type { StoredResourceDef } from '../tables/types';
import type { Params } from './params';
import { ident } from './params';
import { rowScopeSql } from './row-scope-sql';

/**
 * Predicate over the `change_log` row aliased `alias` (columns `resource`, `object_id`), or null
 * when `scope` restricts nothing. `defs`: the registries whose entries may be shown (those with
 * no row-scope declaration are hidden from restricted users). Throws like {@link rowScopeSql}.
 */
export function changeLogScopeSql(defs: readonly StoredResourceDef[], scope: UserScope | null | undefined, p: Params, alias = 'l'): string | null {
  if (isUnrestricted(scope)) return null;
  const shared: string[] = [];
  const parts: string[] = [];
  for (const def of defs) {
    if (!def.rowScope) continue;
    const pred = rowScopeSql(def, scope, p);
    if (pred === 'FALSE') continue;
    if (pred === null && def.rowScope.shared) {
      shared.push(def.name);
      continue;
    }
    // Every parameter added is used (an unused one has no type: PostgreSQL refuses the statement).
    const kind = def.scope ? ` AND t.${ident(def.scope.column)} = ${p.add(def.scope.value)}` : '';
    parts.push(`(${alias}.resource = ${p.add(def.name)} AND EXISTS (SELECT 1 FROM ${ident(def.table)} t WHERE t.id = ${alias}.object_id${kind}${pred ? ` AND ${pred}` : ''}))`);
  }
  if (shared.length) parts.unshift(`${alias}.resource = ANY(${p.add(shared)}::text[])`);
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}
