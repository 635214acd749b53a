/**
 * Lock-out guard for user administration (spec 03 §7 «Пользователи и роли»; a product decision,
 * docs/DECISIONS.md «No self lock-out»): an edit of one's own card (its roles) or of a role one holds
 * (its permissions, its deletion) must not take from the editor the rights to change users and
 * roles they held before it — otherwise nobody may be left to undo it. Checked inside the edit's
 * transaction, after the change, so the refusal rolls it back whole.
 */
import type { PoolClient } from 'pg';
import { ROLES_PERMISSION, USERS_PERMISSION } from '@tko/contract';
import { FieldValidationError } from '@tko/db';

/** The rights no one may take from themselves: `resource:action`. */
const KEPT = [`${USERS_PERMISSION}:change`, `${ROLES_PERMISSION}:change`];

export const SELF_LOCKOUT_MESSAGE = 'Нельзя лишить себя права изменять пользователей и роли: это может сделать другой администратор.';

/** Which of the kept rights user `userId` holds now (through their roles), as seen inside `db`'s transaction. */
export async function keptRightsOf(db: PoolClient, userId: number): Promise<Set<string>> {
  const { rows } = await db.query<{ right: string }>(
    `SELECT DISTINCT p.resource || ':' || p.action AS right FROM user_role ur JOIN role_permission p ON p.role_id = ur.role_id
      WHERE ur.user_id = $1 AND p.resource || ':' || p.action = ANY($2::text[])`,
    [userId, KEPT],
  );
  return new Set(rows.map((r) => r.right));
}

/**
 * Throws a 400 FieldValidationError on `field` when user `userId` held one of the kept rights
 * before the change (`before`, from keptRightsOf) and holds it no more.
 */
export async function refuseSelfLockout(db: PoolClient, userId: number, before: Set<string>, field: string): Promise<void> {
  if (!before.size) return;
  const after = await keptRightsOf(db, userId);
  if ([...before].some((r) => !after.has(r))) throw FieldValidationError.of(field, SELF_LOCKOUT_MESSAGE);
}
