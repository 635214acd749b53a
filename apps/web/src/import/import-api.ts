/**
 * Calls of the system import (spec 03 §7 "Import"; contract routes/import.ts): the uploaded
 * files (paged), one file, upload (multipart: `template_type` first, then `file`, so the server
 * suggests a matching at once), field matching (PATCH), process, cancel, delete, the template
 * types and their target fields, and the authenticated downloads (original, errors, template).
 */
import {
  importCancelRoute, importDeleteRoute, importRollbackRoute, importFileRoute, importFilesRoute, importLabelsRoute, importMatchingRoute, importProcessRoute,
  importTemplatesRoute, importUploadRoute, type ImportFile, type ImportFilePageSchema, type ImportLabels, type ImportMatching,
  type ImportTemplateInfo,
} from '@tko/contract';
import type { z } from 'zod';
import { callRoute } from '../api/client';
import { downloadFile } from '../api/file-download';

export const IMPORT_FILES_PATH = '/api/import/files/';
export const IMPORT_PAGE_SIZE = 20;
const filePath = (id: number, rest = '') => `${IMPORT_FILES_PATH}${id}/${rest}`;

export type ImportFilePage = z.infer<typeof ImportFilePageSchema>;

export function fetchImportFiles(page: number, signal?: AbortSignal): Promise<ImportFilePage> {
  return callRoute(importFilesRoute, { query: { page, page_size: IMPORT_PAGE_SIZE } }, { signal });
}

export function fetchImportFile(id: number, signal?: AbortSignal): Promise<ImportFile> {
  return callRoute(importFileRoute, { params: { id } }, { signal });
}

export function uploadImportFile(file: File, templateType: string | null): Promise<ImportFile> {
  const form = new FormData();
  // Before the file: @fastify/multipart hands the handler the fields met before the file part.
  if (templateType) form.append('template_type', templateType);
  form.append('file', file, file.name);
  return callRoute(importUploadRoute, {}, { form });
}

export function saveImportMatching(id: number, body: ImportMatching): Promise<ImportFile> {
  return callRoute(importMatchingRoute, { params: { id }, body });
}

export function processImportFile(id: number): Promise<ImportFile> {
  return callRoute(importProcessRoute, { params: { id } });
}

export function cancelImportFile(id: number): Promise<ImportFile> {
  return callRoute(importCancelRoute, { params: { id } });
}

/** Deletes the file; with `rollback` the import is rolled back first (its records deleted / restored). */
export async function deleteImportFile(id: number, rollback = false): Promise<void> {
  await callRoute(importDeleteRoute, { params: { id }, query: rollback ? { rollback: 'true' } : {} });
}

/** «Откатить импорт»: what the file created is deleted, what it updated restored. */
export function rollbackImportFile(id: number): Promise<ImportFile> {
  return callRoute(importRollbackRoute, { params: { id } });
}

export function fetchImportTemplates(signal?: AbortSignal): Promise<ImportTemplateInfo[]> {
  return callRoute(importTemplatesRoute, {}, { signal });
}

export function fetchImportLabels(type: string, signal?: AbortSignal): Promise<ImportLabels> {
  return callRoute(importLabelsRoute, { params: { type } }, { signal });
}

export const downloadImportOriginal = (f: ImportFile) => downloadFile(f.download_url, f.name);
export function downloadImportErrors(f: ImportFile, format: 'xlsx' | 'csv' = 'xlsx') {
  const url = f.errors_url ?? filePath(f.id, 'errors/');
  return downloadFile(`${url}${url.includes('?') ? '&' : '?'}format=${format}`, `errors_${f.id}.${format}`);
}
export const downloadImportTemplate = (type: string) => downloadFile(`/api/import/templates/${type}/`, `import_${type}.xlsx`);
