/**
 * GET /api/documents/{id}/get-zip (issue 11 §5; no trailing slash, as spec 03 §7 writes it): every
 * attachment of a document category, in its order, in one zip streamed by the one zip writer
 * (@tko/xlsx zip.ts, archiver; http/file-reply.ts sendZip). Permission documents:view (401 → 403 → 404 for a missing category). The
 * archive is named after the category: «<name>.zip».
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { documentCategoryResource, documentZipRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import type { FileStore } from '@tko/db';
import { requireInternalVisible } from '../../routing/visible-row';
import { sendZip } from '../../http/file-reply';

export function registerDocumentRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards; store: FileStore }): void {
  registerRoute(app, documentZipRoute, async ({ params, reply, user }) => {
    requireInternalVisible(documentCategoryResource, user.scope);
    const id = parseId(params.id);
    const cat = id === null ? null : (await deps.pool.query<{ name: string }>(`SELECT name FROM document_category WHERE id = $1`, [id])).rows[0];
    if (!cat) throw notFound();
    const { rows } = await deps.pool.query<{ name: string; storage_key: string }>(
      `SELECT a.name, a.storage_key FROM document_category_attachment j JOIN attachment a ON a.id = j.attachment_id
        WHERE j.document_category_id = $1 ORDER BY j.position, a.id`, [id]);
    return sendZip(reply, `${cat.name.slice(0, 200)}.zip`, rows.map((r) => ({ name: r.name, open: () => deps.store.stream(r.storage_key) })));
  }, deps);
}
