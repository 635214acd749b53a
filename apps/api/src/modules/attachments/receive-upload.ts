/**
 * Receives one uploaded file (issue 3 §5): streams the multipart part to a temporary file while
 * counting its bytes and computing its SHA-256, refuses it when it is larger than the limit or
 * when its bytes are not an accepted type, then moves it into the FileStore and records it.
 *
 * Refusals (FieldValidationError → 400 on `file`, Russian): no file, too large, type not
 * accepted (detected from the bytes, not the name).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ATTACHMENT_GROUP_LABELS } from '@tko/contract';
import { FieldValidationError } from '@tko/db';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository';
import { detectFileType } from './file-type-check';
import { cleanFileName } from './file-name';
import type { FileStore } from '@tko/db';

export interface UploadDeps {
  store: FileStore;
  repo: AttachmentsRepository;
  /** Where partial uploads wait for the type check (a local directory). */
  tmpDir: string;
  /** Largest file, bytes. */
  maxBytes: number;
}

const refuse = (message: string) => FieldValidationError.of('file', message);

/** A size for a message: «200 МБ», «64 КБ», «512 байт». */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.floor(n / (1024 * 1024))} МБ`;
  if (n >= 1024) return `${Math.floor(n / 1024)} КБ`;
  return `${n} байт`;
}


/** Stores `part` and returns its row; the temporary file is always removed. */
export async function receiveUpload(part: MultipartFile, userId: number, deps: UploadDeps): Promise<AttachmentRow> {
  await mkdir(deps.tmpDir, { recursive: true });
  const tmp = path.join(deps.tmpDir, `${randomUUID()}.upload`);
  try {
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    await pipeline(part.file, measure, createWriteStream(tmp));
    if (part.file.truncated) throw refuse(`Файл слишком большой: не более ${formatBytes(deps.maxBytes)}.`);
    if (size === 0) throw refuse('Файл пуст.');
    const type = await detectFileType(tmp);
    if (!type.allowed) throw refuse(`Тип файла не поддерживается${type.mime ? ` (${type.mime})` : ''}. Допустимы: ${ATTACHMENT_GROUP_LABELS.any}.`);
    const now = new Date();
    const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
    await deps.store.put(key, createReadStream(tmp), { contentType: type.mime!, size });
    try {
      return await deps.repo.insert({ name: cleanFileName(part.filename), content_type: type.mime!, size, sha256: hash.digest('hex'), storage_key: key, created_by: userId });
    } catch (e) {
      await deps.store.delete(key).catch(() => undefined);
      throw e;
    }
  } finally {
    await rm(tmp, { force: true });
  }
}
