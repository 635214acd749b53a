/**
 * «Откатить импорт» (issue 9 §1): in ONE transaction of the WritePipeline, every record an import
 * file's runs created is deleted and every record they updated gets back the values it had
 * before (import_record.old_values); history is written by the registry repository like any
 * write, and the changes are announced after COMMIT. The file becomes ROLLED_BACK and its
 * import_record rows are removed. A record already deleted by someone is passed over; a record
 * that cannot be deleted (dependants: ConflictError) or restored (FieldValidationError) makes the
 * whole rollback fail — nothing is changed then, and the error is rethrown for a 409 / 400.
 */
import { resources, updateSchema } from '@tko/contract';
import type { Writer, WritePipeline } from '@tko/db';
import type { PoolClient } from 'pg';
import { changedValues } from './compare';
import type { Body } from './templates/types';

export interface RollbackOutcome {
  deleted: number;
  restored: number;
  /** Records already gone (deleted by someone after the import). */
  missing: number;
}

/** Rolls back every run of file `fileId`; throws ConflictError / FieldValidationError (nothing changed). */
export async function rollbackImport(pipeline: WritePipeline, fileId: number, writer: Writer, onDone?: (db: PoolClient) => Promise<void>): Promise<RollbackOutcome> {
  const unit = await pipeline.begin();
  const out: RollbackOutcome = { deleted: 0, restored: 0, missing: 0 };
  try {
    const db = unit.db;
    await db.query('SELECT id FROM import_file WHERE id = $1 FOR UPDATE', [fileId]);
    // Newest first: a record updated by two runs gets the values before the first.
    const { rows } = await db.query<{ registry: string; record_id: number; action: 'create' | 'update'; old_values: Body | null }>(
      'SELECT registry, record_id, action, old_values FROM import_record WHERE import_file_id = $1 ORDER BY id DESC',
      [fileId],
    );
    for (const r of rows) {
      const def = pipeline.def(r.registry) ?? resources.find((d) => d.name === r.registry);
      if (!def) continue;
      if (r.action === 'create') {
        if (await unit.delete(def, r.record_id, writer)) out.deleted++;
        else out.missing++;
        continue;
      }
      const current = await pipeline.repo(def).get(r.record_id, {}, db);
      if (!current) {
        out.missing++;
        continue;
      }
      const parsed = updateSchema(def, true).safeParse(r.old_values ?? {});
      const old = parsed.success ? (parsed.data as Body) : (r.old_values ?? {});
      const values = changedValues(def, current, old);
      if (Object.keys(values).length === 0) continue;
      await unit.update(def, r.record_id, values, writer);
      out.restored++;
    }
    await db.query('DELETE FROM import_record WHERE import_file_id = $1', [fileId]);
    await db.query(`UPDATE import_file SET status = 'ROLLED_BACK', updated_at = now() WHERE id = $1`, [fileId]);
    if (onDone) await onDone(db);
    await unit.commit();
    return out;
  } finally {
    await unit.rollback().catch(() => undefined);
  }
}
