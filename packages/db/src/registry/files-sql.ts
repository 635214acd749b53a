/**
 * Writing a `files` field (an ordered attachment list, @tko/contract common/fields.ts): every
 * id must be an uploaded attachment of the field's `accept` group (images, videos, documents),
 * else a 400 on the field naming the file; then the join table is replaced, `position` = the
 * index in the list.
 */
import type { StoredFieldDef } from '../tables/types';
import { acceptedTypes, ATTACHMENT_GROUP_LABELS } from '@tko/contract';
import type { PoolClient } from 'pg';
import { FieldValidationError } from './errors';
import { ident } from './params';

/** Replaces the attachments of row `rowId` in field `key` with `ids`, in that order. */
export async function writeFiles(db: PoolClient, key: string, fd: StoredFieldDef, rowId: number, ids: number[]): Promise<void> {
  const j = fd.join!;
  if (ids.length) {
    const { rows } = await db.query<{ id: number; name: string; content_type: string }>(
      'SELECT id, name, content_type FROM attachment WHERE id = ANY($1::int[])', [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const allowed = acceptedTypes(fd.accept ?? 'any');
    const errors: string[] = [];
    for (const id of ids) {
      const a = byId.get(id);
      if (!a) errors.push(`Вложения с идентификатором ${id} нет.`);
      else if (!allowed.includes(a.content_type)) errors.push(`Файл «${a.name}» не подходит: нужно ${ATTACHMENT_GROUP_LABELS[fd.accept ?? 'any']}.`);
    }
    if (errors.length) throw new FieldValidationError({ [key]: errors });
  }
  await db.query(`DELETE FROM ${ident(j.table)} WHERE ${ident(j.ownKey)} = $1`, [rowId]);
  if (ids.length) {
    await db.query(
      `INSERT INTO ${ident(j.table)} (${ident(j.ownKey)}, ${ident(j.targetKey)}, position)
       SELECT $1, a.id, a.ord - 1 FROM unnest($2::int[]) WITH ORDINALITY AS a(id, ord)`,
      [rowId, ids],
    );
  }
}
