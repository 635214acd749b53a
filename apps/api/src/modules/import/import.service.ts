/**
 * The system import's API side (spec 03 "Import"; contract routes/import.ts): upload (store,
 * detect, read the header and a preview, suggest a matching), matching, starting and cancelling
 * runs, deleting. The run itself is the worker's (@tko/import process-job.ts).
 *
 * Access: a user sees and works on their own files; `import-all-files` view/change/delete
 * extends that to everyone's. Processing also needs add (and, when existing objects are updated,
 * change) on the template's registry: an import never writes what its user could not.
 * Errors: HttpError 404 (no such file, or another user's), 409 (a run under way), 503 (no Redis);
 * ImportInputError → 400 on its field.
 */
import type { ImportDuplicates, ImportMatching, Me, UserScope } from '@tko/contract';
import { DEFAULT_IMPORT_OPTIONS, fitImportOptions, IMPORT_ALL_FILES_PERMISSION, IMPORT_MSG, ImportOptionsSchema, ImportTemplateType, MSG } from '@tko/contract';
import type { ImportFileRow, ImportFileStore, ImportTemplate, Inspector, StoredObject } from '@tko/import';
import {
  applicableOptions, checkMapping, convertChunk, DUPLICATE_METRES, ImportFilesRepository, ImportInputError, inspectStoredFile, missingTargets,
  openStoredSource, resolutionOf, rollbackImport, scanSource, showValue, suggestMapping, templateOf,
} from '@tko/import';
import type { WritePipeline } from '@tko/db';
import { ConflictError, JobPayloadError, writerFor } from '@tko/db';
import type { Pool } from 'pg';
import { HttpError, forbidden, notFound, unavailable } from '../../plugins/http-errors';
import type { ImportQueue } from './import-queue';

export const IMPORT_QUEUE_DOWN = 'Фоновые задачи временно недоступны (нет связи с Redis): импорт можно будет запустить позже.';
const PREVIEW_ROWS = 5;
/** Rows the suggestion looks at. */
const SAMPLE_ROWS = 200;
/** How long the cancel call waits for the run to stop before answering 202. */
const CANCEL_WAIT_MS = 10_000;

const may = (user: Me, action: 'view' | 'change' | 'delete') => Boolean(user.permissions[IMPORT_ALL_FILES_PERMISSION]?.[action]);
const busy = () => new HttpError(409, IMPORT_MSG.busy, 'busy');
/** Groups listed by the duplicates call (the count gives them all). */
const MAX_GROUPS_LISTED = 500;
/** The target a match key needs mapped. */
const KEY_TARGET = { identifier: 'identifier', registry_number: 'registry_number', id: 'record_id' } as const;

export class ImportService {
  readonly files: ImportFilesRepository;

  constructor(
    private readonly pool: Pool,
    readonly store: ImportFileStore,
    private readonly queue: ImportQueue | null,
    private readonly pipeline: WritePipeline,
    /** Where files are inspected (inspect-isolated.ts); in-process when not given. */
    private readonly inspector: Pick<Inspector, 'inspect'> = { inspect: inspectStoredFile },
  ) {
    this.files = new ImportFilesRepository(pool);
  }

  /** The file if `user` may act on it with `action` (own files: always); else 404. */
  async access(user: Me, id: number | null, action: 'view' | 'change' | 'delete' = 'view'): Promise<ImportFileRow> {
    const file = id === null ? null : await this.files.get(id);
    if (!file || (file.user_id !== user.id && !may(user, 'view'))) throw notFound();
    if (file.user_id !== user.id && action !== 'view' && !may(user, action)) throw forbidden();
    return file;
  }

  /** Every user's files with import-all-files:view, else the user's own. */
  list(user: Me, paging: { limit: number; offset: number }) {
    return this.files.list(may(user, 'view') ? null : user.id, paging);
  }

  /**
   * Reads a stored upload and records it with a suggested matching (when the template type is
   * known). Refuses an empty, unreadable or unsupported file, or an unknown template type; the
   * stored bytes are removed then.
   */
  async register(user: Me, name: string, stored: StoredObject, templateType: string | undefined): Promise<ImportFileRow> {
    const type = templateType || 'NONE';
    try {
      if (!(ImportTemplateType.values as readonly string[]).includes(type)) throw new ImportInputError(MSG.choice(type), 'template_type');
      const info = await this.inspector.inspect(this.store, stored.key);
      const sample = info.sample.slice(0, SAMPLE_ROWS);
      const template = templateOf(type);
      return await this.files.insert({
        userId: user.id,
        name,
        storageKey: stored.key,
        fileType: info.fileType,
        size: stored.size,
        sha256: stored.sha256,
        encoding: info.encoding,
        delimiter: info.delimiter,
        columns: info.columns,
        preview: sample.slice(0, PREVIEW_ROWS),
        rowCount: info.rowCount,
        templateType: type,
        columnMapping: template ? await this.suggest(user, template, info.columns, sample) : Object.fromEntries(info.columns.map((c) => [c, null])),
      });
    } catch (e) {
      await this.store.delete(stored.key);
      throw e;
    }
  }

  /**
   * The user's remembered matching for this template and header set (issue 9 §1) when it still
   * fits the template, else the suggestion.
   */
  private async suggest(user: Me, template: ImportTemplate, columns: string[], sample: string[][]): Promise<Record<string, string | null>> {
    const remembered = await this.files.rememberedMapping(user.id, template.type, columns);
    if (remembered) {
      try {
        return checkMapping(template, columns, Object.fromEntries(Object.entries(remembered).filter(([c]) => columns.includes(c))));
      } catch {
        // The template changed since: suggest afresh.
      }
    }
    return suggestMapping(template, columns, sample);
  }

  /**
   * Saves the matching. A new template type without a mapping gets the suggested one; a mapping
   * is checked against the file's columns and the template's targets.
   */
  async match(user: Me, file: ImportFileRow, body: ImportMatching): Promise<ImportFileRow> {
    if (file.status === 'QUEUED' || file.status === 'PROCESSING') throw busy();
    const type = body.template_type ?? file.template_type;
    const template = templateOf(type);
    let mapping = file.column_mapping;
    if (body.column_mapping) {
      if (!template) throw new ImportInputError(type === 'NONE' ? IMPORT_MSG.templateMissing : IMPORT_MSG.templateUnavailable(ImportTemplateType.label(type)), 'template_type');
      mapping = checkMapping(template, file.columns, body.column_mapping);
      await this.files.rememberMapping(user.id, type, file.columns, mapping);
    } else if (type !== file.template_type) {
      const sample = (await this.sampleRows(file)) ?? file.preview;
      mapping = template ? await this.suggest(user, template, file.columns, sample) : Object.fromEntries(file.columns.map((c) => [c, null]));
    }
    let options = ImportOptionsSchema.parse({ ...DEFAULT_IMPORT_OPTIONS, ...file.options, ...body.options });
    // Another template: the options it does not honour back at their defaults (issue 10 §6).
    if (template && type !== file.template_type) options = fitImportOptions(options, applicableOptions(template));
    const saved = await this.files.saveMatching(file.id, type, mapping, options);
    if (!saved) throw busy();
    return saved;
  }

  /** The first rows of the stored file for a suggestion (null when it cannot be read any more). */
  private async sampleRows(file: ImportFileRow): Promise<string[][] | null> {
    try {
      return (await this.inspector.inspect(this.store, file.storage_key)).sample.slice(0, SAMPLE_ROWS);
    } catch {
      return null;
    }
  }

  /** Checks the file can run and queues run n + 1; returns the file (QUEUED). */
  async process(user: Me, file: ImportFileRow): Promise<ImportFileRow> {
    const template = templateOf(file.template_type);
    if (!template) {
      throw new ImportInputError(file.template_type === 'NONE' ? IMPORT_MSG.templateMissing : IMPORT_MSG.templateUnavailable(ImportTemplateType.label(file.template_type)), 'template_type');
    }
    const o = file.options;
    if (o.match_key !== 'none') {
      const key = template.keys?.[o.match_key];
      const target = template.targets.find((t) => t.field === KEY_TARGET[o.match_key as keyof typeof KEY_TARGET]);
      if (!key || !target) throw new ImportInputError(MSG.choice(o.match_key), 'options.match_key');
      if (!Object.values(file.column_mapping).includes(target.field)) throw new ImportInputError(IMPORT_MSG.matchKeyUnmapped(target.label), 'options.match_key');
    }
    const updates = o.existing === 'update' && (o.match_key !== 'none' || o.match_distance !== null || Boolean(template.key));
    const need: ('add' | 'change')[] = updates ? ['add', 'change'] : ['add'];
    for (const def of [template.def, ...(template.alsoWrites ?? [])]) {
      if (!need.every((a) => user.permissions[def.name]?.[a])) throw new HttpError(403, IMPORT_MSG.registryPermission(def.label), 'permission_denied');
    }
    const missing = missingTargets(template, file.column_mapping);
    if (missing.length) throw new ImportInputError(IMPORT_MSG.unmapped(missing), 'column_mapping');
    if (file.status === 'DONE') throw new ImportInputError(IMPORT_MSG.alreadyDone);
    if (file.status === 'QUEUED' || file.status === 'PROCESSING') throw busy();
    if (!this.queue?.ready()) throw unavailable(IMPORT_QUEUE_DOWN);
    const run = await this.files.startRun(file.id);
    if (!run) throw busy();
    try {
      await this.queue.add(run.jobId, { file_id: file.id, user_id: user.id, run: run.run });
    } catch (e) {
      await this.files.finish(this.pool, file.id, run.run, { status: 'FAILED', report: null, error: IMPORT_QUEUE_DOWN, failed: [] }).catch(() => undefined);
      if (e instanceof JobPayloadError) throw e; // the server built a wrong payload: not Redis's fault
      throw unavailable(IMPORT_QUEUE_DOWN);
    }
    return (await this.files.get(file.id))!;
  }

  /**
   * Asks the run to stop: a job still waiting is removed at once; a running one rolls back at
   * its next check. Waits up to 10 s for the run to end; `done` false when it has not yet.
   */
  async cancel(file: ImportFileRow): Promise<{ file: ImportFileRow; done: boolean }> {
    const was = await this.files.requestCancel(file.id);
    if (!was) throw new ImportInputError(IMPORT_MSG.notRunning);
    if (was === 'QUEUED' && file.job_id && this.queue?.ready() && (await this.queue.removeWaiting(file.job_id).catch(() => false))) {
      await this.files.finish(this.pool, file.id, file.run, { status: 'CANCELLED', report: null, error: IMPORT_MSG.cancelled, failed: [] });
    }
    const deadline = Date.now() + CANCEL_WAIT_MS;
    for (;;) {
      const now = (await this.files.get(file.id))!;
      if (now.status !== 'QUEUED' && now.status !== 'PROCESSING') return { file: now, done: true };
      if (Date.now() > deadline) return { file: now, done: false };
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * The groups of look-alike rows of the file under its saved matching (issue 9 §1): the same
   * normalised address or points within DUPLICATE_METRES, each with the resolution in force.
   * The file is streamed twice (issue 9 §4: memory flat in file size): the run's first pass
   * (scanSource, look-alike groups whatever options.duplicates says) finds the groups; a second
   * reading converts only the chunks holding a listed group's rows, for their lines, locations
   * and coordinates.
   */
  async duplicates(file: ImportFileRow): Promise<ImportDuplicates> {
    const template = templateOf(file.template_type);
    if (!template) throw new ImportInputError(IMPORT_MSG.mappingNeeded, 'template_type');
    const source = await openStoredSource(this.store, file.storage_key, { fileType: file.file_type, encoding: file.encoding as never, delimiter: file.delimiter });
    const { groups } = await scanSource(template, source, file.column_mapping, { ...file.options, duplicates: 'separate' }, this.pool, async () => undefined);
    const listed = groups.slice(0, MAX_GROUPS_LISTED);
    const text = (v: unknown) => (v === undefined || v === null ? null : showValue(v));
    const wanted = [...new Set(listed.flatMap((g) => g.members))].sort((a, b) => a - b);
    const shown = new Map<number, { line: number; location: string | null; coordinates: string | null }>();
    const { columns, chunks } = await source.open();
    let first = 0;
    let next = 0;
    // Read through to the end (no early stop: a source is not closed half-read).
    for await (const chunk of chunks) {
      const end = first + chunk.length;
      if (next < wanted.length && wanted[next]! < end) {
        const rows = await convertChunk(template, columns, file.column_mapping, this.pool, chunk);
        for (; next < wanted.length && wanted[next]! < end; next++) {
          const r = rows[wanted[next]! - first]!;
          shown.set(wanted[next]!, {
            line: r.line,
            location: text(template.addressField ? r.body?.[template.addressField] : null),
            coordinates: text(template.pointField ? r.body?.[template.pointField] : null),
          });
        }
      }
      first = end;
    }
    return {
      count: groups.length,
      distance: DUPLICATE_METRES,
      groups: listed.map((g) => {
        const how = resolutionOf(file.options, g.id);
        return { id: g.id, reason: g.reason, resolution: how === 'error' ? 'apart' : how, rows: g.members.map((i) => shown.get(i)!) };
      }),
    };
  }

  /**
   * «Откатить импорт» (issue 9 §1): deletes what the file's runs created and restores what they
   * updated, in one transaction; 400 unless the file is DONE; 409 (nothing changed) when a record
   * cannot be deleted or restored.
   */
  async rollback(user: Me & { scope: UserScope }, file: ImportFileRow): Promise<ImportFileRow> {
    if (file.status !== 'DONE') throw new ImportInputError(IMPORT_MSG.notDone);
    try {
      await rollbackImport(this.pipeline, file.id, writerFor(user));
    } catch (e) {
      if (e instanceof ConflictError) throw new HttpError(409, IMPORT_MSG.rollbackRefused(e.detail), 'conflict');
      throw e;
    }
    return (await this.files.get(file.id))!;
  }

  /** Deletes the file and its report (with `rollback`, the import is rolled back first); 409 during a run. */
  async delete(user: Me & { scope: UserScope }, file: ImportFileRow, rollback = false): Promise<void> {
    if (rollback && file.status === 'DONE') await this.rollback(user, file);
    if (!(await this.files.delete(file.id))) throw new HttpError(409, IMPORT_MSG.deleteRunning, 'busy');
    await this.store.delete(file.storage_key);
  }
}
