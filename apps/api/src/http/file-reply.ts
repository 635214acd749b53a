/**
 * Every file the API answers with goes out through `sendFile` (exports, job files, import
 * originals and error files, attachments, zips, the contract's docx, the way-bill's form): one
 * place for the headers a download needs.
 *
 * - `Content-Type`: the MIME type of the file's extension (`MIME_TYPES`), or the given one (an
 *   attachment's stored type);
 * - `Content-Disposition` (RFC 6266): `attachment` (or `inline`), an ASCII `filename` fallback
 *   (non-ASCII letters and unsafe characters → `_`) and the real name in `filename*=UTF-8''…`
 *   (RFC 5987 percent-encoding; a Russian name arrives as it is in every current browser);
 * - `Cache-Control: private, no-store` unless told otherwise (files are per-user);
 * - the body: a Buffer, a string or a stream (errors of a stream cut the response: its status
 *   has gone).
 *
 * `sendZip` streams a zip of files through @tko/xlsx's one zip writer (archiver).
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ZipEntry } from '@tko/xlsx';
import { zipStream } from '@tko/xlsx';

/** MIME types by extension of the files the product sends. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  geojson: 'application/geo+json',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};
export const XLSX_TYPE = MIME_TYPES.xlsx!;
const OCTET = 'application/octet-stream';

/** The MIME type of `name` by its extension; `application/octet-stream` when unknown. */
export function mimeTypeOf(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (ext && MIME_TYPES[ext]) || OCTET;
}

/** RFC 5987 value-chars: what encodeURIComponent leaves but the attr-char grammar excludes is encoded too. */
function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with an ASCII fallback, RFC 5987).
 * `fallback`: the ASCII name for old clients (default: `name` with other characters as `_`).
 */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment', fallback?: string): string {
  // Control characters, path separators and quotes never reach a header or a saved file's name.
  const clean = name.replace(/[\p{Cc}/\\]/gu, '_').trim() || 'file';
  const ascii = (fallback ?? clean).replace(/[^\x20-\x7e]|["%;\\/]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(clean)}`;
}

export interface FileReply {
  /** The name the user saves (Russian welcome); its extension gives the MIME type. */
  name: string;
  body: Buffer | string | Readable;
  /** The MIME type when the extension does not tell it (an attachment's stored type). */
  type?: string;
  /** The ASCII `filename` for old clients (default: `name` with its other characters as `_`). */
  asciiName?: string;
  /** Shown in the browser (images, PDF) instead of saved. */
  inline?: boolean;
  /** Bytes, when known. */
  size?: number;
  cacheControl?: string;
}

/** Sends a file with its type, disposition and cache headers. */
export function sendFile(reply: FastifyReply, file: FileReply): FastifyReply {
  reply
    .header('Content-Type', file.type ?? mimeTypeOf(file.name))
    .header('Content-Disposition', contentDisposition(file.name, file.inline ? 'inline' : 'attachment', file.asciiName))
    .header('Cache-Control', file.cacheControl ?? 'private, no-store');
  if (file.size !== undefined) reply.header('Content-Length', String(file.size));
  return reply.send(file.body);
}

/** Streams a zip of `entries` (each opened when its turn comes) as `name`. */
export function sendZip(reply: FastifyReply, name: string, entries: readonly ZipEntry[]): FastifyReply {
  return sendFile(reply, { name, body: zipStream(entries) });
}

/** `<base>_<YYYY-MM-DD>.<ext>`: the dated name of an export. */
export function datedName(base: string, ext: string, now = new Date()): string {
  return `${base}_${now.toISOString().slice(0, 10)}.${ext}`;
}
