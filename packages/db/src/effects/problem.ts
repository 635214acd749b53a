/**
 * The problems' effects (contract PROBLEM_WORKFLOW; issue 12 §1), in the write's transaction,
 * before its history row:
 * - «Устранена» (solve) and «Отклонить» (reject) close the problem: closed_at = now(); a REJECTED
 *   automatic problem is never opened again by the detector;
 * - every action writes an event «<action>: <comment>.» with who did it;
 * - a problem created through the pipeline (REST create, batch transaction, import) gets a CREATED
 *   event «Добавлена вручную.»; the detector writes its own rows and DETECTED events in SQL;
 * - a problem written by hand (create, or an update of its type) gets the kind its type is declared
 *   with (PROBLEM_TYPES: VIOLATION, or DATA_GAP for «неполные сведения», P000) — a finding typed by
 *   hand as «неполные сведения» is kept as one, never counted among the violations (issue 27 §1;
 *   docs/DECISIONS.md «Analytics: problems»). `kind` is read-only on the wire, so this is its one writer besides the detector.
 */
import { PROBLEM_WORKFLOW, problemResource, problemTypeInfo } from '@tko/contract';
import type { PoolClient } from 'pg';
import type { RegistryEffect } from './types';

/** Records an event of problem `problemId` on the write's connection `db`. */
export async function addProblemEvent(db: PoolClient, e: { problemId: number; kind: 'CREATED' | 'ACTION'; text: string; userId: number | null; userName: string }): Promise<void> {
  await db.query(`INSERT INTO problem_event (problem_id, kind, text, user_id, user_name) VALUES ($1, $2, $3, $4, $5)`,
    [e.problemId, e.kind, e.text, e.userId, e.userName]);
}

const CLOSING = new Set(['solve', 'reject']);

/** Sets the problem's kind from its type's declaration (on the write's connection, before its history row). */
async function kindFromType(db: PoolClient, id: number, type: unknown): Promise<void> {
  const info = typeof type === 'string' ? problemTypeInfo(type) : undefined;
  if (info) await db.query(`UPDATE problem SET kind = $2 WHERE id = $1 AND kind IS DISTINCT FROM $2`, [id, info.kind]);
}

export const problemEffects: RegistryEffect[] = [
  {
    kind: 'afterWrite', resource: problemResource.name, on: 'create',
    hook: async ({ db, id, values, writer }) => {
      await kindFromType(db, id, values.type);
      await addProblemEvent(db, { problemId: id, kind: 'CREATED', text: 'Добавлена вручную.', userId: writer.userId ?? null, userName: writer.userName });
    },
  },
  {
    kind: 'afterWrite', resource: problemResource.name, on: 'update',
    hook: async ({ db, id, values }) => { if (values.type !== undefined) await kindFromType(db, id, values.type); },
  },
  ...Object.entries(PROBLEM_WORKFLOW.actions).map(([key, action]): RegistryEffect => ({
    kind: 'action', resource: problemResource.name, action: key, hook: async ({ db, id, input, ctx }) => {
      if (CLOSING.has(key)) await db.query(`UPDATE problem SET closed_at = now() WHERE id = $1`, [id]);
      const comment = typeof input.comment === 'string' && input.comment.trim() ? `: ${input.comment.trim()}` : '';
      await addProblemEvent(db, { problemId: id, kind: 'ACTION', text: `${action.label}${comment}.`, userId: ctx.userId ?? null, userName: ctx.userName ?? '' });
    },
  })),
];
