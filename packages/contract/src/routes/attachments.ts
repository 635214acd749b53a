/**
 * Attachment calls (spec 01 §7 `POST /api/attachments/upload-file/`, issue 3 §5); shapes in
 * common/attachments.ts. Signed-in users; the finer rules are the API's (issue 8 §6,
 * apps/api modules/attachments/attachment-access.ts): upload needs add or change on a registry
 * with a files field and stays within the per-user quota; a file is read through the cards that
 * hold it (that registry's view) or, held by none, by its uploader. Deleting is for the uploader
 * while no card uses it (409 otherwise). Downloads answer the bytes with the file's own type.
 */
const DOWNLOAD_RULE = 'Файл из карточки — с правом просмотра её реестра; ещё не прикреплённый — только загрузившему; иначе 404.';
import { z } from 'zod';
import { ATTACHMENT_UPLOAD_PATH, UploadedAttachmentSchema } from '../common/attachments';
import { defineRoute } from '../common/route';

const AttachmentIdParams = z.object({ id: z.string() });

/** multipart, one file (any field name). */
export const attachmentUploadRoute = defineRoute({
  method: 'POST', path: ATTACHMENT_UPLOAD_PATH, permission: 'user', tags: ['attachments'], summary: 'Загрузить файл (multipart/form-data)',
  description: 'Нужно право создания или изменения в реестре с файлами (иначе 403). Квоты на пользователя: объём за 24 часа (429) и объём неприкреплённых файлов (413).',
  consumes: 'multipart/form-data', response: { 201: UploadedAttachmentSchema },
});
export const attachmentFileRoute = defineRoute({
  method: 'GET', path: '/api/attachments/:id/', permission: 'user', tags: ['attachments'], summary: 'Скачать файл', description: DOWNLOAD_RULE,
  params: AttachmentIdParams, produces: 'application/octet-stream',
});
export const attachmentDownloadRoute = defineRoute({
  method: 'GET', path: '/api/attachments/:id/download/', permission: 'user', tags: ['attachments'], summary: 'Скачать файл', description: DOWNLOAD_RULE,
  params: AttachmentIdParams, produces: 'application/octet-stream',
});
/** Answers 204. */
export const attachmentDeleteRoute = defineRoute({
  method: 'DELETE', path: '/api/attachments/:id/', permission: 'user', tags: ['attachments'], summary: 'Удалить файл (загрузившим его, если он нигде не используется)',
  params: AttachmentIdParams,
});
