/**
 * Reads a public filing with photos (docs/DECISIONS.md «Photos on the public form»;
 * contract publicAppealWithPhotosRoute):
 * multipart/form-data whose text parts are the JSON form's fields (`waste_area` as a number,
 * `coordinates` as JSON) and whose files, in `photos`, are spooled to temporary files and checked
 * by their bytes (attachments/receive-upload.ts spoolPart: image types only, size, not empty).
 * Nothing is stored here: the caller stores the photos only when the whole filing is valid and
 * removes the temporary files in every case ({@link dropSpooled}).
 *
 * Every problem is collected, not thrown at the first one, so the answer names each bad photo
 * (`photos.<n>`, counted from 0) and `photos` when more than PUBLIC_APPEAL_PHOTOS_MAX came.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { PUBLIC_APPEAL_PHOTOS_FIELD, PUBLIC_APPEAL_PHOTOS_MAX } from '@tko/contract';
import { FieldValidationError } from '@tko/db';
import type { SpooledFile } from '../attachments/receive-upload';
import { dropSpooled, spoolPart } from '../attachments/receive-upload';

export interface PhotoFiling {
  /** The text parts, `waste_area` and `coordinates` decoded when they parse. */
  fields: Record<string, unknown>;
  /** The accepted photos, in the order sent. */
  photos: SpooledFile[];
  /** Problems of the files, by field. */
  errors: Record<string, string[]>;
}

const discard = () => new Writable({ write: (_c, _e, cb) => cb() });

/** A text part's value as the JSON form would carry it. */
function decode(name: string, value: string): unknown {
  if (name === 'waste_area' && /^\d{1,10}$/.test(value.trim())) return Number(value.trim());
  if (name === 'coordinates') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * Reads every part of `request` (multipart; the parser's limits bound sizes and counts).
 * On an error of the stream the spooled photos are removed before it is thrown.
 */
export async function readPhotoFiling(request: FastifyRequest, o: { tmpDir: string; maxBytes: number }): Promise<PhotoFiling> {
  const out: PhotoFiling = { fields: {}, photos: [], errors: {} };
  const add = (field: string, message: string) => (out.errors[field] ??= []).push(message);
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') out.fields[part.fieldname] = decode(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== PUBLIC_APPEAL_PHOTOS_FIELD) {
        add(part.fieldname, `Файлы принимаются только в поле «${PUBLIC_APPEAL_PHOTOS_FIELD}».`);
        await pipeline(part.file, discard());
        continue;
      }
      const index = files++;
      if (index >= PUBLIC_APPEAL_PHOTOS_MAX) {
        if (index === PUBLIC_APPEAL_PHOTOS_MAX) add(PUBLIC_APPEAL_PHOTOS_FIELD, `Не более ${PUBLIC_APPEAL_PHOTOS_MAX} фотографий.`);
        await pipeline(part.file, discard());
        continue;
      }
      try {
        out.photos.push(await spoolPart(part, { tmpDir: o.tmpDir, maxBytes: o.maxBytes, accept: 'image', field: `${PUBLIC_APPEAL_PHOTOS_FIELD}.${index}` }));
      } catch (e) {
        if (!(e instanceof FieldValidationError)) throw e;
        for (const [k, ms] of Object.entries(e.fields)) for (const m of ms) add(k, m);
      }
    }
  } catch (e) {
    for (const p of out.photos) await dropSpooled(p);
    throw e;
  }
  return out;
}
