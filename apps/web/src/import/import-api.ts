/**
 * Calls of the system import (spec 03 §7 "Import"; contract routes/import.ts): the uploaded
 * files (paged), one file, upload (multipart: `template_type` first, then `file`, so the server
 * suggests a matching at once), field matching (PATCH), process, cancel, delete, the template
 * types and their target fields, and the authenticated downloads (original, errors, template).
 */
import {
  ImportFileSchema, ImportLabelsSchema, ImportTemplateInfoSchema, pageSchema,
  type ImportFile, type ImportLabels, type ImportMatching, type ImportTemplateInfo,
} from '@tko/contract';
import { z } from 'zod';
import { http } from '../api/client';
import { downloadFile } from '../api/file-download';

export const IMPORT_FILES_PATH = '/api/import/files/';
export const IMPORT_PAGE_SIZE = 20;
const filePath = (id: number, rest = '') => `${IMPORT_FILES_PATH}${id}/${rest}`;

const FilePageSchema = pageSchema(ImportFileSchema);
export type ImportFilePage = z.infer<typeof FilePageSchema>;

export async function fetchImportFiles(page: number, signal?: AbortSignal): Promise<ImportFilePage> {
  return FilePageSchema.parse(await http.json<unknown>(IMPORT_FILES_PATH, { query: { page, page_size: IMPORT_PAGE_SIZE }, signal }));
}

export async function fetchImportFile(id: number, signal?: AbortSignal): Promise<ImportFile> {
  return ImportFileSchema.parse(await http.json<unknown>(filePath(id), { signal }));
}

export async function uploadImportFile(file: File, templateType: string | null): Promise<ImportFile> {
  const form = new FormData();
  // Before the file: @fastify/multipart hands the handler the fields met before the file part.
  if (templateType) form.append('template_type', templateType);
  form.append('file', file, file.name);
  return ImportFileSchema.parse(await http.json<unknown>(`${IMPORT_FILES_PATH}upload/`, { method: 'POST', form }));
}

export async function saveImportMatching(id: number, body: ImportMatching): Promise<ImportFile> {
  return ImportFileSchema.parse(await http.json<unknown>(filePath(id), { method: 'PATCH', json: body }));
}

export async function processImportFile(id: number): Promise<ImportFile> {
  return ImportFileSchema.parse(await http.json<unknown>(filePath(id, 'process/'), { method: 'POST' }));
}

export async function cancelImportFile(id: number): Promise<ImportFile> {
  return ImportFileSchema.parse(await http.json<unknown>(filePath(id, 'cancel/'), { method: 'POST' }));
}

export async function deleteImportFile(id: number): Promise<void> {
  await http.raw(filePath(id), { method: 'DELETE' });
}

export async function fetchImportTemplates(signal?: AbortSignal): Promise<ImportTemplateInfo[]> {
  return z.array(ImportTemplateInfoSchema).parse(await http.json<unknown>('/api/import/templates/', { signal }));
}

export async function fetchImportLabels(type: string, signal?: AbortSignal): Promise<ImportLabels> {
  return ImportLabelsSchema.parse(await http.json<unknown>(`/api/import/templates/${type}/labels/`, { signal }));
}

export const downloadImportOriginal = (f: ImportFile) => downloadFile(f.download_url, f.name);
export function downloadImportErrors(f: ImportFile, format: 'xlsx' | 'csv' = 'xlsx') {
  const url = f.errors_url ?? filePath(f.id, 'errors/');
  return downloadFile(`${url}${url.includes('?') ? '&' : '?'}format=${format}`, `errors_${f.id}.${format}`);
}
export const downloadImportTemplate = (type: string) => downloadFile(`/api/import/templates/${type}/`, `import_${type}.xlsx`);
