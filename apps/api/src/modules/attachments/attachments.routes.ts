/**
 * Attachments (spec 01 §7 `POST /api/attachments/upload-file/`, issue 3 §5):
 *   POST   /api/attachments/upload-file/   multipart, one file (any field name) → 201
 *          {id, name, content_type, size, url, sha256, created_at}; needs add or change on a
 *          registry with a files field, within the per-user quota (attachment-access.ts)
 *   GET    /api/attachments/{id}/           the file, through the records that hold it:
 *                                           that registry's view + row scope; a file held by
 *                                           none, its uploader only; 404 otherwise
 *   GET    /api/attachments/{id}/download/  the same
 *   DELETE /api/attachments/{id}/           by its uploader, while no registry row uses it
 *                                           (409 otherwise) → 204
 * Images, videos and PDF are answered `inline` (a card can show them), other types as
 * `attachment`; the headers come from http/file-reply.ts (`filename*`, RFC 5987).
 *
 * Multipart parsing (@fastify/multipart) is registered in this plugin's own encapsulated
 * context, so other modules may register their own without a clash.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { attachmentDeleteRoute, attachmentDownloadRoute, attachmentFileRoute, attachmentUploadRoute } from '@tko/contract';
import { ConflictError, FieldValidationError, translatePgError } from '@tko/db';
import type { AuthGuards, AuthUser } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/http-errors';
import { parseId } from '../../crud/paging';
import type { AttachmentAccess } from './attachment-access';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository';
import { toUploaded } from './attachments.repository';
import type { FileStore } from '@tko/db';
import { receiveUpload } from './receive-upload';
import { registerRoute } from '../../routing/register-route';
import { sendFile } from '../../http/file-reply';

export interface AttachmentDeps {
  repo: AttachmentsRepository;
  store: FileStore;
  guards: AuthGuards;
  /** Read and upload rules, quota (issue 8 §6). */
  access: AttachmentAccess;
  /** Local directory for partial uploads. */
  tmpDir: string;
  maxBytes: number;
}

const INLINE = /^(image|video)\/|^application\/pdf$/;


export async function registerAttachmentRoutes(app: FastifyInstance, deps: AttachmentDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: deps.maxBytes, files: 1, fields: 10, parts: 20 } });
    // Upload: add or change on a registry with a files field, checked before the body is read
    // (the route's own guard, any signed-in user, gives 401 first: scope hooks run before it).
    scope.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== attachmentUploadRoute.path || request.method !== 'POST') return;
      await (deps.guards.requireUser as unknown as (q: typeof request, r: typeof reply) => Promise<void>)(request, reply);
      if (!deps.access.canUpload(deps.guards.user(request))) throw forbidden();
      await deps.access.checkQuota(deps.guards.user(request).id, 'before');
    });
    // Multipart body: read by the handler; the description gives the permission and OpenAPI.
    registerRoute(scope, attachmentUploadRoute, async ({ request, user }) => {
      if (!request.isMultipart()) throw FieldValidationError.of('file', 'Отправьте файл как multipart/form-data.');
      const part = await request.file();
      if (!part) throw FieldValidationError.of('file', 'Обязательное поле.');
      const row = await receiveUpload(part, user.id, { store: deps.store, repo: deps.repo, tmpDir: deps.tmpDir, maxBytes: deps.maxBytes });
      try {
        await deps.access.checkQuota(user.id, 'after');
      } catch (e) {
        await deps.repo.delete(row.id);
        await deps.store.delete(row.storage_key).catch(() => undefined);
        throw e;
      }
      return toUploaded(row);
    }, deps);

    async function found(params: { id: string }): Promise<AttachmentRow> {
      const id = parseId(params.id);
      const row = id === null ? null : await deps.repo.get(id);
      if (!row) throw notFound();
      return row;
    }

    // Files: streamed with their own type (no JSON schema).
    const download = async ({ params, reply, user }: { params: { id: string }; reply: FastifyReply; user: AuthUser }) => {
      const row = await found(params);
      if (!(await deps.access.canRead(user, row.id, row.created_by))) throw notFound();
      const body = await deps.store.stream(row.storage_key);
      if (!body) throw notFound();
      return sendFile(reply.header('X-Content-Type-Options', 'nosniff'), {
        name: row.name, body, type: row.content_type, size: row.size, inline: INLINE.test(row.content_type), cacheControl: 'private, max-age=3600',
      });
    };
    registerRoute(scope, attachmentFileRoute, download, deps);
    registerRoute(scope, attachmentDownloadRoute, download, deps);

    registerRoute(scope, attachmentDeleteRoute, async ({ params, user, reply }) => {
      const row = await found(params);
      if (row.created_by !== user.id) throw forbidden();
      try {
        await deps.repo.delete(row.id);
      } catch (e) {
        const err = translatePgError({}, e);
        if (err instanceof ConflictError) throw new ConflictError('Файл используется в карточке реестра: сначала уберите его оттуда.');
        throw err;
      }
      await deps.store.delete(row.storage_key);
      return reply.status(204).send();
    }, deps);
  });
}

/** Partial uploads live beside the store's files (same disk: the move is cheap). */
export const uploadTmpDir = (attachmentsDir: string) => path.join(attachmentsDir, '.tmp');
