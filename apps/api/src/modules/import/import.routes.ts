/**
 * Routes of the system import (spec 03 §7 "Import"; @tko/contract routes/import.ts lists them
 * with their shapes). Permission resource `import`: view (list, read, download, templates),
 * add (upload, match, process, cancel), delete; `import-all-files` for other users' files.
 * Multipart parsing (@fastify/multipart) is registered in this plugin's own encapsulated scope,
 * with the IMPORT_MAX_BYTES limit.
 * Errors: 400 per field (ImportInputError, zod), 401/403, 404, 409 (a run under way), 413 (too
 * large), 503 (no Redis for processing).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MSG, IMPORT_PERMISSION, ImportFileSchema, ImportLabelsSchema, ImportMatchingSchema, ImportTemplateInfoSchema,
  ImportTemplateType, PageQuerySchema, pageSchema,
} from '@tko/contract';
import { FieldValidationError } from '@tko/db';
import type { ImportFileStore } from '@tko/import';
import { errorsCsv, ImportInputError, importFileWire, publicTarget, templateInfos, templateOf, writeErrorsXlsx, writeTemplateXlsx } from '@tko/import';
import type { Pool } from 'pg';
import { PassThrough } from 'node:stream';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import type { ImportQueue } from './import-queue';
import { ImportService } from './import.service';

export interface ImportDeps {
  pool: Pool;
  guards: AuthGuards;
  store: ImportFileStore;
  queue: ImportQueue | null;
  /** Largest upload, bytes. */
  maxBytes: number;
}

const IdParams = z.object({ id: z.string() });
const TypeParams = z.object({ type: z.string() });
const ErrorsQuery = z.object({ format: z.enum(['xlsx', 'csv']).optional() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` with an ASCII fallback and the real (UTF-8) name, RFC 6266. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\w.-]+/g, '_') || 'file';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Runs `fn`, turning ImportInputError into a 400 on its field. */
async function input<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ImportInputError) throw FieldValidationError.of(e.field, e.message);
    throw e;
  }
}

function templateOr404(type: string) {
  const template = templateOf(type);
  if (!template) {
    const known = (ImportTemplateType.values as readonly string[]).includes(type) && type !== 'NONE';
    throw new HttpError(404, known ? IMPORT_MSG.templateUnavailable(ImportTemplateType.label(type)) : 'Нет такого типа шаблона.', 'not_found');
  }
  return template;
}

export async function registerImportRoutes(app: FastifyInstance, deps: ImportDeps): Promise<void> {
  const service = new ImportService(deps.pool, deps.store, deps.queue);
  const { guards } = deps;
  const can = (action: 'view' | 'add' | 'delete') => guards.requirePermission(IMPORT_PERMISSION, action);
  const tags = ['import'];

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1000 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const fileOf = (request: { params: { id: string } }, action: 'view' | 'change' | 'delete' = 'view') =>
      service.access(guards.user(request as never), parseId(request.params.id), action);

    r.get('/api/import/files/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: загруженные файлы', querystring: PageQuerySchema, response: { 200: pageSchema(ImportFileSchema) } },
    }, async (request) => {
      const page = await pageAnswer(request, request.query, (p) => service.list(guards.user(request), p));
      return { ...page, results: page.results.map(importFileWire) };
    });

    r.post('/api/import/files/upload/', {
      preHandler: can('add'),
      schema: { tags, summary: 'Импорт: загрузить файл CSV или XLSX (multipart: file, template_type)', response: { 201: ImportFileSchema } },
    }, async (request, reply) => {
      if (!request.isMultipart()) throw FieldValidationError.of('file', IMPORT_MSG.noFile);
      const part = await request.file();
      if (!part) throw FieldValidationError.of('file', IMPORT_MSG.noFile);
      const name = (part.filename || 'file').split(/[\\/]/).pop()!.slice(0, 255);
      const tooLarge = () => new HttpError(413, IMPORT_MSG.tooLarge(deps.maxBytes), 'too_large');
      let stored;
      try {
        stored = await service.store.put(part.file, /\.xlsx$/i.test(name) ? 'xlsx' : 'csv');
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw e;
      }
      // A stream cut at the size limit ends normally, marked truncated (@fastify/multipart).
      if (part.file.truncated) {
        await service.store.delete(stored.key);
        throw tooLarge();
      }
      const field = part.fields.template_type as { value?: unknown } | undefined;
      const type = typeof field?.value === 'string' ? field.value.trim() : undefined;
      const file = await input(() => service.register(guards.user(request), name, stored, type));
      return reply.status(201).send(importFileWire(file));
    });

    r.get('/api/import/files/:id/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: файл (состояние и ход обработки)', params: IdParams, response: { 200: ImportFileSchema } },
    }, async (request) => importFileWire(await fileOf(request)));

    r.patch('/api/import/files/:id/', {
      preHandler: can('add'),
      schema: { tags, summary: 'Импорт: сопоставление полей', params: IdParams, body: ImportMatchingSchema, response: { 200: ImportFileSchema } },
    }, async (request) => {
      const file = await fileOf(request, 'change');
      return importFileWire(await input(() => service.match(file, request.body)));
    });

    r.delete('/api/import/files/:id/', {
      preHandler: can('delete'),
      schema: { tags, summary: 'Импорт: удалить файл (импортированные записи остаются)', params: IdParams },
    }, async (request, reply) => {
      await service.delete(await fileOf(request, 'delete'));
      return reply.status(204).send();
    });

    r.post('/api/import/files/:id/process/', {
      preHandler: can('add'),
      schema: { tags, summary: 'Импорт: запустить обработку (фоновая задача)', params: IdParams, response: { 202: ImportFileSchema } },
    }, async (request, reply) => {
      const file = await fileOf(request, 'change');
      const queued = await input(() => service.process(guards.user(request), file));
      return reply.status(202).send(importFileWire(queued));
    });

    r.post('/api/import/files/:id/cancel/', {
      preHandler: can('add'),
      schema: { tags, summary: 'Импорт: отменить обработку', params: IdParams, response: { 200: ImportFileSchema, 202: ImportFileSchema } },
    }, async (request, reply) => {
      const file = await fileOf(request, 'change');
      const out = await input(() => service.cancel(file));
      return reply.status(out.done ? 200 : 202).send(importFileWire(out.file));
    });

    r.get('/api/import/files/:id/download/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: исходный файл', params: IdParams },
    }, async (request, reply) => {
      const file = await fileOf(request);
      if (!(await service.store.exists(file.storage_key))) throw notFound();
      return reply
        .header('Content-Type', file.file_type === 'XLSX' ? XLSX : `text/csv; charset=${file.encoding ?? 'utf-8'}`)
        .header('Content-Disposition', attachment(file.name))
        .send(service.store.open(file.storage_key));
    });

    r.get('/api/import/files/:id/errors/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: строки с ошибками и причины (xlsx или csv)', params: IdParams, querystring: ErrorsQuery },
    }, async (request, reply) => {
      const file = await fileOf(request);
      const failed = await service.files.errors(file.id);
      if (failed.length === 0) throw new HttpError(404, IMPORT_MSG.noErrors, 'not_found');
      const base = `errors_${file.id}_${file.name.replace(/\.(csv|xlsx)$/i, '')}`;
      if (request.query.format === 'csv') {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachment(`${base}.csv`))
          .send(errorsCsv(file.columns, failed, file.delimiter ?? ';'));
      }
      const out = new PassThrough();
      writeErrorsXlsx(file.columns, failed, out).catch((err: unknown) => out.destroy(err as Error));
      return reply.header('Content-Type', XLSX).header('Content-Disposition', attachment(`${base}.xlsx`)).send(out);
    });

    r.get('/api/import/templates/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: типы шаблонов', response: { 200: z.array(ImportTemplateInfoSchema) } },
    }, async () => templateInfos());

    r.get('/api/import/templates/:type/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: файл шаблона для заполнения (xlsx)', params: TypeParams },
    }, async (request, reply) => {
      const template = templateOr404(request.params.type);
      const out = new PassThrough();
      writeTemplateXlsx(template, out).catch((err: unknown) => out.destroy(err as Error));
      return reply.header('Content-Type', XLSX).header('Content-Disposition', attachment(`import_${template.type}.xlsx`)).send(out);
    });

    r.get('/api/import/templates/:type/labels/', {
      preHandler: can('view'),
      schema: { tags, summary: 'Импорт: поля реестра, с которыми сопоставляются столбцы файла', params: TypeParams, response: { 200: ImportLabelsSchema } },
    }, async (request) => {
      const t = templateOr404(request.params.type);
      return { type: t.type, label: ImportTemplateType.label(t.type), resource: t.def.name, key: t.key?.label ?? null, fields: t.targets.map(publicTarget) };
    });
  });
}
