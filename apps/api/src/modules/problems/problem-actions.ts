/**
 * Server effects of the problems' workflow actions (contract PROBLEM_WORKFLOW), hung on the one
 * write pipeline (WritePipeline.onAction), in the action's transaction:
 * - «Устранена» (solve) and «Отклонить» (reject) close the problem: closed_at = now() (the
 *   answer carries it); a REJECTED automatic problem is never opened again by the detector;
 * - every action writes an event «<action>: <comment>» with who did it.
 * A problem created by hand (REST create, batch transaction) gets a CREATED event after its
 * unit committed (the pipeline's after-commit hook; the detector writes its own DETECTED events).
 */
import type { WriteEvent, WritePipeline } from '@tko/db';
import { PROBLEM_WORKFLOW, problemResource } from '@tko/contract';
import { addProblemEvent } from './problems.repository';

/** The event of a problem created by hand, on the pool (after the commit). */
async function createdEvents(pipeline: WritePipeline, events: readonly WriteEvent[]): Promise<void> {
  for (const e of events) {
    // The detector announces its own opens without a row: they have their DETECTED event.
    if (e.resource !== problemResource.name || e.action !== 'create' || !e.row) continue;
    await pipeline.pool.query(
      `INSERT INTO problem_event (problem_id, kind, text, user_id, user_name)
       SELECT $1, 'CREATED', 'Добавлена вручную.', $2, coalesce((SELECT l.user_name FROM change_log l WHERE l.resource = 'problems' AND l.object_id = $1 AND l.action = 'create' ORDER BY l.id LIMIT 1), '')
        WHERE EXISTS (SELECT 1 FROM problem WHERE id = $1)`, [e.id, e.userId]);
  }
}

const CLOSING = new Set(['solve', 'reject']);

export function registerProblemActions(pipeline: WritePipeline): void {
  pipeline.afterCommit((events) => createdEvents(pipeline, events));
  for (const [key, action] of Object.entries(PROBLEM_WORKFLOW.actions)) {
    pipeline.onAction(problemResource.name, key, async ({ db, id, input, ctx }) => {
      if (CLOSING.has(key)) await db.query(`UPDATE problem SET closed_at = now() WHERE id = $1`, [id]);
      const comment = typeof input.comment === 'string' && input.comment.trim() ? `: ${input.comment.trim()}` : '';
      await addProblemEvent(db, { problemId: id, kind: 'ACTION', text: `${action.label}${comment}.`, userId: ctx.userId ?? null, userName: ctx.userName ?? '' });
    });
  }
}
