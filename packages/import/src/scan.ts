/**
 * The first pass of a run over a streamed file (issue 9 §1, §4): every row is converted
 * (convert.ts convertChunk) and given to the look-alike search, and then dropped — what stays
 * is only what DuplicateFinder keeps per row (its line, point and folded address). Answers
 * the number of data rows and the groups the second pass (run-import.ts) resolves:
 * look-alike rows (duplicates.ts), or with options.duplicates = same_point the rows with the
 * very same point (6 decimals), which always merge.
 */
import type { ImportOptions, Point } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import { convertChunk } from './convert';
import type { PlannedGroup } from './duplicates';
import { DuplicateFinder, SamePoint } from './duplicates';
import type { ColumnMapping } from './matching';
import type { TableSource } from './source';
import type { ImportTemplate } from './templates/types';
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';

export interface ScanResult {
  /** Data rows of the file. */
  total: number;
  groups: PlannedGroup[];
}

/**
 * Reads `source` once; `onChunk(fraction)` after each chunk (0–1 of the file read).
 * Errors: ImportInputError for a file without data rows (and the source's own).
 */
export async function scanSource(template: ImportTemplate, source: TableSource, mapping: ColumnMapping, options: ImportOptions, db: Pool | PoolClient, onChunk: (fraction: number) => Promise<void>): Promise<ScanResult> {
  const samePoint = options.duplicates === 'same_point' && template.pointField ? new SamePoint() : null;
  const finder = samePoint ? null : new DuplicateFinder();
  const { columns, chunks } = await source.open();
  let total = 0;
  for await (const chunk of chunks) {
    const rows = await convertChunk(template, columns, mapping, db, chunk);
    for (const r of rows) {
      const i = total++;
      if (!r.body) continue;
      const point = template.pointField ? (r.body[template.pointField] as Point | null | undefined) : undefined;
      if (samePoint) samePoint.add(i, r.line, point);
      else finder!.add(i, r.line, template.addressField ? r.body[template.addressField] : undefined, point);
    }
    await onChunk(source.fraction());
  }
  if (total === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
  return { total, groups: samePoint ? samePoint.groups() : finder!.groups().map((g) => ({ ...g, samePoint: false })) };
}
