/**
 * Receives uploaded files (issue 3 §5): streams a multipart part to a temporary file while
 * counting its bytes and computing its SHA-256 (`spoolPart`), refuses it when it is larger than
 * the limit, empty, or its bytes are not an accepted type (detected from the bytes, not the name),
 * then moves it into the FileStore (`storeSpooled`) and records it (`receiveUpload`, the upload
 * call). The public appeal form spools several photos first and stores them only when the whole
 * filing is valid (modules/appeals/public-appeal-photos.ts).
 *
 * Refusals: FieldValidationError → 400 on the given field (default `file`), Russian.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ATTACHMENT_GROUP_LABELS, acceptedTypes } from '@tko/contract';
import type { AttachmentAccept } from '@tko/contract';
import { FieldValidationError } from '@tko/db';
import type { FileStore } from '@tko/db';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository';
import { detectFileType } from './file-type-check';
import { cleanFileName } from './file-name';

export interface UploadDeps {
  store: FileStore;
  repo: AttachmentsRepository;
  /** Where partial uploads wait for the type check (a local directory). */
  tmpDir: string;
  /** Largest file, bytes. */
  maxBytes: number;
}

/** A received file waiting in `tmp` (the caller removes it: {@link dropSpooled}). */
export interface SpooledFile {
  tmp: string;
  /** The cleaned client name. */
  name: string;
  size: number;
  sha256: string;
  /** The type its bytes are. */
  mime: string;
}

/** A size for a message: «200 МБ», «64 КБ», «512 байт». */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.floor(n / (1024 * 1024))} МБ`;
  if (n >= 1024) return `${Math.floor(n / 1024)} КБ`;
  return `${n} байт`;
}

/**
 * Streams `part` into a temporary file of `tmpDir` and checks it: at most `maxBytes` (the part
 * must come from a multipart parser limited to that size), not empty, of a type `accept` takes.
 * Throws FieldValidationError on `field` (the temporary file is then already removed).
 */
export async function spoolPart(part: MultipartFile, o: { tmpDir: string; maxBytes: number; accept?: AttachmentAccept; field?: string }): Promise<SpooledFile> {
  const field = o.field ?? 'file';
  const accept = o.accept ?? 'any';
  const name = cleanFileName(part.filename);
  await mkdir(o.tmpDir, { recursive: true });
  const tmp = path.join(o.tmpDir, `${randomUUID()}.upload`);
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
    const refuse = (m: string) => FieldValidationError.of(field, accept === 'any' ? m : `Файл «${name}»: ${m.charAt(0).toLowerCase()}${m.slice(1)}`);
    if (part.file.truncated) throw refuse(`Файл слишком большой: не более ${formatBytes(o.maxBytes)}.`);
    if (size === 0) throw refuse('Файл пуст.');
    const type = await detectFileType(tmp);
    if (!type.mime || !acceptedTypes(accept).includes(type.mime)) {
      throw refuse(`Тип файла не поддерживается${type.mime ? ` (${type.mime})` : ''}. Допустимы: ${ATTACHMENT_GROUP_LABELS[accept]}.`);
    }
    return { tmp, name, size, sha256: hash.digest('hex'), mime: type.mime };
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** Removes a spooled file's temporary copy (never throws). */
export async function dropSpooled(f: SpooledFile): Promise<void> {
  await rm(f.tmp, { force: true }).catch(() => undefined);
}

/** Puts a spooled file into the store under a new key `YYYY/MM/<uuid>`; returns the key. */
export async function storeSpooled(store: FileStore, f: SpooledFile, now = new Date()): Promise<string> {
  const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  await store.put(key, createReadStream(f.tmp), { contentType: f.mime, size: f.size });
  return key;
}

/** Stores `part` (the upload call) and returns its row; the temporary file is always removed. */
export async function receiveUpload(part: MultipartFile, userId: number, deps: UploadDeps): Promise<AttachmentRow> {
  const f = await spoolPart(part, { tmpDir: deps.tmpDir, maxBytes: deps.maxBytes });
  try {
    const key = await storeSpooled(deps.store, f);
    try {
      return await deps.repo.insert({ name: f.name, content_type: f.mime, size: f.size, sha256: f.sha256, storage_key: key, created_by: userId });
    } catch (e) {
      await deps.store.delete(key).catch(() => undefined);
      throw e;
    }
  } finally {
    await dropSpooled(f);
  }
}
