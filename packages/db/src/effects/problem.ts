/**
 * The problems' effects (contract PROBLEM_WORKFLOW; issue 12 §1), in the write's transaction,
 * before its history row:
 * - «Устранена» (solve) and «Отклонить» (reject) close the problem: closed_at = now(); a REJECTED
 *   automatic problem is never opened again by the detector;
 * - every action writes an event «<action>: <comment>.» with who did it;
 * - a problem created through the pipeline (REST create, batch transaction, import) gets a CREATED
 *   event «Добавлена вручную.»; the detector writes its own rows and DETECTED events in SQL.
 */
import { PROBLEM_WORKFLOW, problemResource } from '@tko/contract';
import type { PoolClient } from 'pg';
import type { RegistryEffect } from './types';

/** Records an event of problem `problemId` on the write's connection `db`. */
export async function addProblemEvent(db: PoolClient, e: { problemId: number; kind: 'CREATED' | 'ACTION'; text: string; userId: number | null; userName: string }): Promise<void> {
  await db.query(`INSERT INTO problem_event (problem_id, kind, text, user_id, user_name) VALUES ($1, $2, $3, $4, $5)`,
    [e.problemId, e.kind, e.text, e.userId, e.userName]);
}

const CLOSING = new Set(['solve', 'reject']);

export const problemEffects: RegistryEffect[] = [
  {
    kind: 'afterWrite', resource: problemResource.name, on: 'create',
    hook: ({ db, id, writer }) => addProblemEvent(db, { problemId: id, kind: 'CREATED', text: 'Добавлена вручную.', userId: writer.userId ?? null, userName: writer.userName }),
  },
  ...Object.entries(PROBLEM_WORKFLOW.actions).map(([key, action]): RegistryEffect => ({
    kind: 'action', resource: problemResource.name, action: key, hook: async ({ db, id, input, ctx }) => {
      if (CLOSING.has(key)) await db.query(`UPDATE problem SET closed_at = now() WHERE id = $1`, [id]);
      const comment = typeof input.comment === 'string' && input.comment.trim() ? `: ${input.comment.trim()}` : '';
      await addProblemEvent(db, { problemId: id, kind: 'ACTION', text: `${action.label}${comment}.`, userId: ctx.userId ?? null, userName: ctx.userName ?? '' });
    },
  })),
];
