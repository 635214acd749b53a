/**
 * What a run of an import takes and gives (run-import.ts runImport, a template's own run such as
 * templates/angarsk-plan-run.ts), and the small rules both share.
 */
import type { FieldDef, ImportOptions, ImportReport, RefValue } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import type { WritePipeline, Writer } from '@tko/db';
import type { ColumnMapping } from './matching';
import type { TableSource } from './source';
import { nearKey } from './templates/keys';
import type { Body, ImportKey, ImportTemplate } from './templates/types';

/** A row of the errors file: failed (messages) or imported with warnings (messages empty). */
export interface FailedRow {
  line: number;
  cells: string[];
  messages: string[];
  warnings: string[];
}

/** One record the run created or updated (the import_record table: filter by import, rollback). */
export interface ImportedRecord {
  registry: string;
  recordId: number;
  action: 'create' | 'update';
  /** update: the changed fields' values before, in the update-body shape. */
  oldValues: Body | null;
  line: number;
}

export interface RunOutcome {
  report: ImportReport;
  /** Failed rows and rows with warnings, by line. */
  failed: FailedRow[];
  /** import_record rows the caller still writes before COMMIT (runImport writes its own as it goes: none). */
  records: ImportedRecord[];
}

export interface RunContext {
  pool: Pool;
  /** The write pipeline: one unit for the run, each object in a savepoint, announced after COMMIT. */
  pipeline: WritePipeline;
  template: ImportTemplate;
  /** The file, streamed (source.ts); runImport reads it twice. */
  source: TableSource;
  mapping: ColumnMapping;
  options: ImportOptions;
  file: { id: number; name: string };
  /** Who writes (history, last_update_person) and within which row scope (domain writerFor). */
  writer: Writer;
  /** Reports progress 0–100 (the caller throttles). */
  progress(percent: number): Promise<void>;
  /** True once the user asked to cancel (the caller may cache between calls). */
  cancelled(): Promise<boolean>;
  /** Runs in the transaction just before COMMIT (the final status, the failed rows, outcome.records). */
  beforeCommit(db: PoolClient, outcome: RunOutcome): Promise<void>;
}

/** At most this many warnings are kept in the report. */
export const MAX_WARNINGS = 200;

/** The report's warnings: the first MAX_WARNINGS − 1 of `list`, then a count of the rest (`total` of them in all). */
export function shownWarnings(list: string[], total = list.length): string[] {
  if (total <= MAX_WARNINGS) return list;
  return [...list.slice(0, MAX_WARNINGS - 1), `… и ещё ${total - MAX_WARNINGS + 1} предупреждений.`];
}
/** At most this many updates are listed in the report (all are in import_record). */
export const MAX_UPDATES_LISTED = 1000;

/** The key the user chose (options.match_key), or match on coordinates within options.match_distance; null: every row creates. */
export function matchKeyOf(template: ImportTemplate, options: ImportOptions): ImportKey | null {
  if (options.match_key !== 'none') return template.keys?.[options.match_key] ?? null;
  if (options.match_distance !== null && template.pointField) return nearKey(template.def, template.pointField, options.match_distance);
  return template.key ?? null;
}

/** A record's field value as an update body gives it: ref → id, refs → ids, children without ids. */
export function inputValue(fd: FieldDef, v: unknown): unknown {
  if (v === undefined) return null;
  switch (fd.kind) {
    case 'ref': return (v as RefValue | null)?.id ?? null;
    case 'refs': return ((v as RefValue[] | null) ?? []).map((r) => r.id);
    case 'children':
      return ((v as Body[] | null) ?? []).map((c) => Object.fromEntries(Object.keys(fd.children!.fields).filter((k) => c[k] !== undefined).map((k) => [k, inputValue(fd.children!.fields[k]!, c[k])])));
    default: return v;
  }
}
