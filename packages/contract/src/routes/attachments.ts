/**
 * Attachment calls (spec 01 §7 `POST /api/attachments/upload-file/`, issue 3 §5); shapes in
 * common/attachments.ts. Any signed-in user; deleting is for the uploader while no card uses it
 * (409 otherwise). Downloads answer the bytes with the file's own type.
 */
import { z } from 'zod';
import { ATTACHMENT_UPLOAD_PATH, UploadedAttachmentSchema } from '../common/attachments';
import { defineRoute } from '../common/route';

const AttachmentIdParams = z.object({ id: z.string() });

/** multipart, one file (any field name). */
export const attachmentUploadRoute = defineRoute({
  method: 'POST', path: ATTACHMENT_UPLOAD_PATH, permission: 'user', tags: ['attachments'], summary: 'Загрузить файл (multipart/form-data)',
  consumes: 'multipart/form-data', response: { 201: UploadedAttachmentSchema },
});
export const attachmentFileRoute = defineRoute({
  method: 'GET', path: '/api/attachments/:id/', permission: 'user', tags: ['attachments'], summary: 'Скачать файл',
  params: AttachmentIdParams, produces: 'application/octet-stream',
});
export const attachmentDownloadRoute = defineRoute({
  method: 'GET', path: '/api/attachments/:id/download/', permission: 'user', tags: ['attachments'], summary: 'Скачать файл',
  params: AttachmentIdParams, produces: 'application/octet-stream',
});
/** Answers 204. */
export const attachmentDeleteRoute = defineRoute({
  method: 'DELETE', path: '/api/attachments/:id/', permission: 'user', tags: ['attachments'], summary: 'Удалить файл (загрузившим его, если он нигде не используется)',
  params: AttachmentIdParams,
});
