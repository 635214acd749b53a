/**
 * Routes of the system import (spec 03 §7 "Import"; @tko/contract routes/import.ts lists them
 * with their shapes). Permission resource `import`: view (list, read, download, templates),
 * add (upload, match, process, cancel), delete; `import-all-files` for other users' files.
 * Every call is a defineRoute description (registerRoute: permission before validation); the
 * upload (multipart) and the file downloads are read / written by their handlers. Multipart
 * parsing (@fastify/multipart) is registered in this plugin's own encapsulated scope, with the
 * IMPORT_MAX_BYTES limit.
 * Errors: 400 per field (ImportInputError, zod), 401/403, 404, 409 (a run under way), 413 (too
 * large), 503 (no Redis for processing).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  IMPORT_MSG, importCancelRoute, importDeleteRoute, importDownloadRoute, importErrorsRoute, importFileRoute, importFilesRoute,
  importLabelsRoute, importMatchingRoute, importProcessRoute, importTemplateFileRoute, importTemplatesRoute, ImportTemplateType,
  importUploadRoute, importDuplicatesRoute, importRollbackRoute,
} from '@tko/contract';
import type { WritePipeline } from '@tko/db';
import { FieldValidationError } from '@tko/db';
import type { ImportFileStore, InspectLimits } from '@tko/import';
import type { ImportFileRow } from '@tko/import';
import { createInspector, errorsCsv, ImportInputError, importFileWire as fileWire, publicTarget, templateInfos, templateOf, writeErrorsXlsx, writeTemplateXlsx } from '@tko/import';
import type { Pool } from 'pg';
import { PassThrough } from 'node:stream';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { MIME_TYPES, sendFile, XLSX_TYPE } from '../../http/file-reply';
import type { AuthUser } from '../../plugins/auth';
import type { ImportQueue } from './import-queue';
import { cleanFileName } from '../attachments/file-name';
import { ImportService } from './import.service';

export interface ImportDeps {
  pool: Pool;
  guards: AuthGuards;
  store: ImportFileStore;
  queue: ImportQueue | null;
  /** Largest upload, bytes. */
  maxBytes: number;
  /** Bounds of the upload's inspection thread. */
  inspectLimits?: InspectLimits;
  /** The write pipeline (the rollback writes through it). */
  pipeline: WritePipeline;
}

/** The file as answered, its records link pointing at its template's registry list. */
const importFileWire = (f: ImportFileRow) => fileWire(f, templateOf(f.template_type)?.def.webPath);


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
  // The upload's inspection runs in threads with a heap limit: a file too complex ends its
  // thread, never the API process (issue 22 §3; @tko/import inspect-isolated.ts).
  const inspector = createInspector(deps.inspectLimits);
  app.addHook('onClose', () => inspector.close());
  const service = new ImportService(deps.pool, deps.store, deps.queue, deps.pipeline, inspector);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1000 } });
    const fileOf = (ctx: { params: { id: string }; user: AuthUser }, action: 'view' | 'change' | 'delete' = 'view') =>
      service.access(ctx.user, parseId(ctx.params.id), action);

    registerRoute(scope, importFilesRoute, async (ctx) => {
      const page = await pageAnswer(ctx.request, ctx.query, (p) => service.list(ctx.user, p));
      return { ...page, results: page.results.map(importFileWire) };
    }, deps);

    registerRoute(scope, importUploadRoute, async (ctx) => {
      if (!ctx.request.isMultipart()) throw FieldValidationError.of('file', IMPORT_MSG.noFile);
      const part = await ctx.request.file();
      if (!part) throw FieldValidationError.of('file', IMPORT_MSG.noFile);
      const name = cleanFileName(part.filename, 'file');
      const tooLarge = () => new HttpError(413, IMPORT_MSG.tooLarge(deps.maxBytes), 'too_large');
      let stored;
      try {
        stored = await service.store.put(part.file, /\.xlsx$/i.test(name) ? 'xlsx' : /\.(geo)?json$/i.test(name) ? 'json' : 'csv');
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
      const file = await input(() => service.register(ctx.user, name, stored, type));
      return importFileWire(file);
    }, deps);

    registerRoute(scope, importFileRoute, async (ctx) => importFileWire(await fileOf(ctx)), deps);

    registerRoute(scope, importMatchingRoute, async (ctx) => {
      const file = await fileOf(ctx, 'change');
      return importFileWire(await input(() => service.match(ctx.user, file, ctx.body)));
    }, deps);

    registerRoute(scope, importDeleteRoute, async (ctx) => {
      await input(async () => service.delete(ctx.user, await fileOf(ctx, 'delete'), ctx.query.rollback === 'true'));
      return ctx.reply.status(204).send();
    }, deps);

    registerRoute(scope, importDuplicatesRoute, async (ctx) => input(async () => service.duplicates(await fileOf(ctx))), deps);

    registerRoute(scope, importRollbackRoute, async (ctx) => {
      const file = await fileOf(ctx, 'delete');
      return importFileWire(await input(() => service.rollback(ctx.user, file)));
    }, deps);

    registerRoute(scope, importProcessRoute, async (ctx) => {
      const file = await fileOf(ctx, 'change');
      const queued = await input(() => service.process(ctx.user, file));
      return importFileWire(queued);
    }, deps);

    registerRoute(scope, importCancelRoute, async (ctx) => {
      const file = await fileOf(ctx, 'change');
      const out = await input(() => service.cancel(file));
      ctx.reply.code(out.done ? 200 : 202);
      return importFileWire(out.file);
    }, deps);

    registerRoute(scope, importDownloadRoute, async (ctx) => {
      const file = await fileOf(ctx);
      if (!(await service.store.exists(file.storage_key))) throw notFound();
      // The original bytes in their own encoding (a CSV may be Windows-1251).
      const type = file.file_type === 'XLSX' ? XLSX_TYPE : file.file_type === 'JSON' ? MIME_TYPES.json : `text/csv; charset=${file.encoding ?? 'utf-8'}`;
      return sendFile(ctx.reply, { name: file.name, type, body: service.store.open(file.storage_key) });
    }, deps);

    registerRoute(scope, importErrorsRoute, async (ctx) => {
      const file = await fileOf(ctx);
      const failed = await service.files.errors(file.id);
      if (failed.length === 0) throw new HttpError(404, IMPORT_MSG.noErrors, 'not_found');
      const base = `errors_${file.id}_${file.name.replace(/\.(csv|xlsx)$/i, '')}`;
      if (ctx.query.format === 'csv') {
        return sendFile(ctx.reply, { name: `${base}.csv`, body: errorsCsv(file.columns, failed, file.delimiter ?? ';') });
      }
      const out = new PassThrough();
      writeErrorsXlsx(file.columns, failed, out).catch((err: unknown) => out.destroy(err as Error));
      return sendFile(ctx.reply, { name: `${base}.xlsx`, body: out });
    }, deps);

    registerRoute(scope, importTemplatesRoute, () => templateInfos(), deps);

    registerRoute(scope, importTemplateFileRoute, async (ctx) => {
      const template = templateOr404(ctx.params.type);
      const out = new PassThrough();
      writeTemplateXlsx(template, out).catch((err: unknown) => out.destroy(err as Error));
      return sendFile(ctx.reply, { name: `import_${template.type}.xlsx`, body: out });
    }, deps);

    registerRoute(scope, importLabelsRoute, async (ctx) => {
      const t = templateOr404(ctx.params.type);
      const keys = Object.values(t.keys ?? {}).map((k) => k.label);
      const key = t.key?.label ?? (keys.length ? `${keys.join(', ')} — по ключу, выбранному при сопоставлении` : null);
      return { type: t.type, label: ImportTemplateType.label(t.type), resource: t.def.name, key, fields: t.targets.map(publicTarget) };
    }, deps);
  });
}
