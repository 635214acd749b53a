/**
 * The parent of a sub-list or a particular call on one row (a site's containers, a contract's
 * waste areas, a report's comments…) is read under the same row scope as its card
 * (contract common/row-scope.ts): such a call answers 404 exactly when the card does.
 */
import type { RowScopeDef, UserScope } from '@tko/contract';
import { resourceByName, scopeRestricts } from '@tko/contract';
import type { RegistryRepository } from '@tko/db';
import { notFound } from '../plugins/http-errors';

/** The repository of registry `name` among `registries`; throws at start-up when absent. */
export function registryRepo(registries: { def: { name: string }; repo: RegistryRepository }[], name: string): RegistryRepository {
  const hit = registries.find((r) => r.def.name === name);
  if (!hit) throw new Error(`no registry ${name}${resourceByName(name) ? '' : ' (not in the contract)'}`);
  return hit.repo;
}

/**
 * Throws 404 unless row `id` of `repo`'s registry exists and is in `scope`; returns the id.
 * `id` null (an unparsable path id) is 404 too.
 */
export async function requireVisible(repo: RegistryRepository, id: number | null, scope: UserScope | null | undefined): Promise<number> {
  if (id === null || !(await repo.visible(id, scope))) throw notFound();
  return id;
}

/**
 * Throws 404 when every row of registry `def` is hidden from `scope` — an `internal` registry
 * (the operator's own records) for a user acting for organisations — without a query: the
 * particular calls on such a registry's rows (a schedule's plan, a way-bill's tasks…) answer as
 * its cards do.
 */
export function requireInternalVisible(def: { rowScope?: RowScopeDef }, scope: UserScope | null | undefined): void {
  if (def.rowScope?.internal && scopeRestricts(def.rowScope, scope)) throw notFound();
}
