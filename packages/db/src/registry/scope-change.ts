/**
 * Writes that would move a row across row scopes (contract common/row-scope.ts;
 * docs/ARCHITECTURE.md "Row scope"), checked on the row as written, inside the unit:
 *
 * - a restricted writer's new row must be one they can read (400 on the first scope field: the
 *   body names the organisation, «Объект должен относиться к вашей организации…»);
 * - an update or action after which the writer could no longer read the row is refused (403):
 *   the writer may move a row only where they still see it;
 * - a writer acting for organisations may not take a row away from an organisation they do not
 *   act for (403): removing another organisation from the row's scope fields (A adds B to a
 *   site's owners; B may not then set `owners: [B]`).
 *
 * Staff without bindings are not restricted. Errors: FieldValidationError (→ 400),
 * ScopeDeniedError (→ 403).
 */
import type { ResourceDef, UserScope } from '@tko/contract';
import { hasRowKeys, isUnrestricted, rowScopeKeys, rowVisible } from '@tko/contract';
import { FieldValidationError, ScopeDeniedError } from './errors';

type Row = Record<string, unknown>;

const NEW_ROW_OUT_OF_SCOPE = 'Объект должен относиться к вашей организации или муниципальному образованию: иначе он будет вам недоступен.';
const MOVED_OUT_OF_SCOPE = 'Изменение выведет объект из ваших организаций и муниципальных образований: после него объект будет вам недоступен.';
const TAKEN_AWAY = (ids: number[]) => `Нельзя исключить из объекта организацию, от имени которой вы не действуете (${ids.join(', ')}): объект перестанет быть ей доступен.`;

/** Throws when `writer` may not write `after` (the row as written) over `before` (null: a create). */
export function checkScopeChange(def: ResourceDef, before: Row | null, after: Row, scope: UserScope | null | undefined): void {
  const rs = def.rowScope;
  if (!hasRowKeys(rs) || isUnrestricted(scope)) return;
  const keys = rowScopeKeys(rs, after);
  if (!rowVisible(scope, keys)) {
    if (!before) throw FieldValidationError.of(rs.organization?.[0] ?? rs.oktmo ?? 'non_field_errors', NEW_ROW_OUT_OF_SCOPE);
    throw new ScopeDeniedError(MOVED_OUT_OF_SCOPE);
  }
  if (!before || !scope!.organizations.length) return;
  const kept = new Set(keys.organizations);
  const removed = rowScopeKeys(rs, before).organizations.filter((id) => !kept.has(id) && !scope!.organizations.includes(id));
  if (removed.length) throw new ScopeDeniedError(TAKEN_AWAY(removed));
}
