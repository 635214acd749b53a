/**
 * Who writes (issue 21 §1): the one place a writer — the name recorded in the history and in
 * `last_update_person`, the user id, and the user's row scope — is made from a user, in every
 * process (API routes, the batch transaction, the import and recount jobs).
 *
 * Name format: «Фамилия Имя» (the Russian convention of documents and of the spec's history
 * screens: «Тестов Алла»); the e-mail when both are empty. The scope is the user's bindings
 * (contract common/row-scope.ts) and is never left out: a writer without one can only be the
 * system's ({@link systemWriter}).
 */
import type { Pool } from 'pg';
import type { UserScope } from '@tko/contract';
import type { Writer } from '../registry/write-pipeline';

/** The parts of a user a writer is made from (the API's AuthUser has them all). */
export interface WriterUser {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  /** The user's row-scope bindings; both lists empty = unrestricted. */
  scope: UserScope;
}

/** «Фамилия Имя», or the e-mail when the user has neither (or '' with no e-mail either). */
export function writerName(u: Pick<WriterUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [u.last_name, u.first_name].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  return name || (u.email ?? '').trim();
}

/** The writer of `user`: id, «Фамилия Имя» and the user's row scope (always carried). */
export function writerFor(user: WriterUser): Writer {
  return { userId: user.id, userName: writerName(user), scope: user.scope };
}

/** A write by the product itself (no user, no scope): commands, the detector, the demo imports. */
export function systemWriter(userName = 'Система'): Writer {
  return { userId: null, userName, scope: null };
}

/**
 * The SQL of the name rule above, for reads that show a user's name next to rows (`u` = the
 * app_user alias): «Фамилия Имя», else the e-mail.
 */
export const writerNameSql = (u: string): string =>
  `coalesce(nullif(trim(concat_ws(' ', nullif(trim(${u}.last_name), ''), nullif(trim(${u}.first_name), ''))), ''), ${u}.email)`;

/**
 * Loads user `userId` (active or not: a queued job still belongs to its starter) with the
 * bindings of their row scope, for processes that have only the id (the worker's jobs); null
 * when there is no such user. The bindings are read as the API's user store reads them.
 */
export async function loadWriterUser(pool: Pool, userId: number): Promise<WriterUser | null> {
  const { rows } = await pool.query<{ id: number; first_name: string; last_name: string; email: string; organizations: number[]; oktmo: string[]; is_declarant: boolean }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.is_declarant,
            coalesce((SELECT array_agg(o.legal_entity_id ORDER BY o.legal_entity_id) FROM user_organization o WHERE o.user_id = u.id), '{}') AS organizations,
            coalesce((SELECT array_agg(a.code ORDER BY a.code) FROM user_administrative_unit ua JOIN administrative_unit a ON a.id = ua.administrative_unit_id
                       WHERE ua.user_id = u.id AND a.code IS NOT NULL), '{}') AS oktmo
       FROM app_user u WHERE u.id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, first_name: r.first_name, last_name: r.last_name, email: r.email, scope: { organizations: r.organizations, oktmo: r.oktmo, ...(r.is_declarant ? { declarant: true } : {}) } };
}
