/**
 * Attachments of `files` fields (photos and videos of a site; spec 01 §7 upload call): upload
 * one file (multipart, the bearer token like every call) and download one through the
 * authenticated URL, saved by the browser under its own name.
 */
import { attachmentUploadRoute, type Attachment, type UploadedAttachment } from '@tko/contract';
import { callRoute, http } from './client';
import { saveBlob } from './download';

export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<UploadedAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callRoute(attachmentUploadRoute, {}, { form, signal });
}

export async function downloadAttachment(attachment: Attachment): Promise<void> {
  const res = await http.raw(attachment.url);
  saveBlob(await res.blob(), attachment.name);
}

/** `1 536 000` → «1,5 МБ». */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  const units = ['КБ', 'МБ', 'ГБ'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${(Math.round(v * 10) / 10).toString().replace('.', ',')} ${units[i]}`;
}
