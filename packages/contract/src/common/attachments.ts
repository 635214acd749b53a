/**
 * Attachments (issue 3 §5): the file types the product accepts, grouped by what a field may
 * hold, and the wire shape of one attachment. The type is what the bytes are (detected by the
 * API with `file-type`), never the name or the client's Content-Type.
 */
import { z } from 'zod';

/** Content types by group. Office: OOXML, OpenDocument and the old binary (CFB) formats. */
export const ATTACHMENT_TYPES = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  video: ['video/mp4', 'video/webm'],
  document: [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    // .doc / .xls / .ppt (Compound File Binary): file-type names the container, not the program.
    'application/x-cfb',
  ],
} as const;

export type AttachmentGroup = keyof typeof ATTACHMENT_TYPES;

/** What a `files` field accepts: one group, or any accepted type. */
export type AttachmentAccept = AttachmentGroup | 'any';

/** Every content type an upload may have. */
export const ALLOWED_ATTACHMENT_TYPES: readonly string[] = Object.values(ATTACHMENT_TYPES).flat();

/** Content types a field accepting `accept` takes. */
export function acceptedTypes(accept: AttachmentAccept): readonly string[] {
  return accept === 'any' ? ALLOWED_ATTACHMENT_TYPES : ATTACHMENT_TYPES[accept];
}

/** Russian names of the groups, for messages ("Файл «x» — не изображение."). */
export const ATTACHMENT_GROUP_LABELS: Record<AttachmentAccept, string> = {
  image: 'изображение (JPEG, PNG, WebP)',
  video: 'видео (MP4, WebM)',
  document: 'документ (PDF, Word, Excel, PowerPoint, OpenDocument)',
  any: 'изображение, видео, PDF или офисный документ',
};

/** The browser's `accept` attribute of a file input for a group. */
export const ATTACHMENT_INPUT_ACCEPT: Record<AttachmentAccept, string> = {
  image: 'image/jpeg,image/png,image/webp',
  video: 'video/mp4,video/webm',
  document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp',
  any: 'image/jpeg,image/png,image/webp,video/mp4,video/webm,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp',
};

/** Path of the upload call (spec 01 §7) and of one attachment's download. */
export const ATTACHMENT_UPLOAD_PATH = '/api/attachments/upload-file/';
export const attachmentUrl = (id: number) => `/api/attachments/${id}/download/`;

/**
 * One attachment as the API answers it (upload answer, items of a `files` field):
 * size in bytes, sha256 hex of the bytes, url = the authenticated download.
 */
export const AttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** The upload answer: an attachment with its checksum and time. */
export const UploadedAttachmentSchema = AttachmentSchema.extend({
  sha256: z.string(),
  created_at: z.string(),
});
export type UploadedAttachment = z.infer<typeof UploadedAttachmentSchema>;
