/**
 * The run of the CONTRACT_COMPLEX template (contract-complex.ts): rows grouped by the contract
 * number into ONE contract with several objects (issue 25 §1: two rows of «K-77» naming two sites
 * make one contract «K-77» with two waste areas).
 *
 *   convert every row (convert.ts: cells, references, the template's toBody; 10–40 %) → group the
 *   rows with a body by their number (trimmed; case kept) → each group's bodies merged as
 *   the generic run merges a look-alike group (group.ts mergeBodies: the most frequent value per
 *   field, a warning per field the rows disagree on) but with the objects (`waste_areas`)
 *   of every row in file order, a site named twice kept once (a warning) → each contract validated
 *   with the registry's create schema and written in its own savepoint of ONE unit of the write
 *   pipeline (history, announcement after COMMIT); a refused contract fails all its rows with the
 *   reasons; a number the regional operator already has is refused by the database's number check
 *   (migration 20261128171000) as «Номер договора: … уже существует» — a row never adds to an existing
 *   contract (that is a new revision, made in its card) → import_record rows → ctx.beforeCommit → COMMIT.
 *
 * Contract files are small (one row per object): the rows are held in memory.
 */
import { createSchema, IMPORT_MSG } from '@tko/contract';
import { ConflictError, FieldValidationError } from '@tko/db';
import type { ConvertedRow } from '../convert';
import { convertChunk } from '../convert';
import { ImportCancelled, ImportInputError } from '../errors';
import { mergeBodies, showLines } from '../group';
import type { ImportedRecord, RunContext, RunOutcome } from '../run-types';
import { shownWarnings } from '../run-types';
import { inRunUnit } from '../run-unit';
import { fieldErrorMessages, zodMessages } from '../write-groups';
import type { Body } from './types';

type Child = Record<string, unknown>;

/** Rows with a body grouped by contract number in file order; a row without a number stands alone. */
export function groupByNumber(rows: ConvertedRow[]): ConvertedRow[][] {
  const groups = new Map<string, ConvertedRow[]>();
  for (const r of rows) {
    if (!r.body) continue;
    const n = typeof r.body.number === 'string' ? r.body.number.trim() : '';
    const key = n ? `n|${n}` : `line|${r.line}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()];
}

/** Runs the import; throws ImportCancelled (nothing written) when cancelled. */
export async function runContractComplex(ctx: RunContext): Promise<RunOutcome> {
  const started = Date.now();
  const { template } = ctx;
  const def = template.def;
  await ctx.progress(10);
  const rows: ConvertedRow[] = [];
  const { columns, chunks } = await ctx.source.open();
  for await (const chunk of chunks) {
    rows.push(...(await convertChunk(template, columns, ctx.mapping, ctx.pool, chunk)));
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.progress(10 + Math.floor(ctx.source.fraction() * 30));
  }
  if (rows.length === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
  const warnings: string[] = [];
  const groups = groupByNumber(rows);
  const schema = createSchema(def);
  const records: ImportedRecord[] = [];
  let created = 0;

  const fail = (group: ConvertedRow[], messages: string[]) => {
    for (const r of group) {
      r.errors.push(...messages);
      r.body = null;
    }
  };

  return inRunUnit(ctx, async (unit) => {
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      const { body, conflicts } = mergeBodies(template, group.map(({ body: b }) => { const { waste_areas: _w, ...rest } = b!; return rest; }));
      for (const [field, values] of Object.entries(conflicts)) {
        const label = def.fields[field]?.label ?? field;
        warnings.push(`Строки ${showLines(group)} (договор № ${String(body.number)}): разные значения поля «${label}», взято «${String(values[0])}».`);
      }
      const areas: Child[] = [];
      const seen = new Set<unknown>();
      for (const r of group) {
        for (const a of (r.body!.waste_areas as Child[] | undefined) ?? []) {
          if (seen.has(a.waste_area)) {
            r.warnings.push(`Место накопления № ${String(a.waste_area)} уже названо в договоре № ${String(body.number)}: строка не добавила объект.`);
            continue;
          }
          seen.add(a.waste_area);
          areas.push(a);
        }
      }
      const check = schema.safeParse({ ...body, ...(areas.length ? { waste_areas: areas } : {}) } as Body);
      if (!check.success) {
        fail(group, zodMessages(template, check.error.issues));
        continue;
      }
      try {
        const row = await unit.savepoint(() => unit.create(def, check.data as Body, ctx.writer));
        records.push({ registry: def.name, recordId: Number(row.id), action: 'create', oldValues: null, line: group[0]!.line });
        created++;
      } catch (e) {
        if (e instanceof FieldValidationError) fail(group, fieldErrorMessages(template, e.fields));
        else if (e instanceof ConflictError) fail(group, [e.detail]);
        else throw e;
      }
      if (i % 50 === 49) {
        if (await ctx.cancelled()) throw new ImportCancelled();
        await ctx.progress(40 + Math.floor((i / groups.length) * 58));
      }
    }
    await ctx.progress(99);
    const flagged = rows.filter((r) => r.errors.length || r.warnings.length)
      .map((r) => ({ line: r.line, cells: r.cells, messages: [...new Set(r.errors)], warnings: [...new Set(r.warnings)] }));
    const failedRows = flagged.filter((f) => f.messages.length > 0).length;
    const outcome: RunOutcome = {
      failed: flagged,
      records,
      report: {
        rows: rows.length,
        objects: groups.length,
        created,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        merged_rows: groups.reduce((n, g) => n + g.length - 1, 0),
        failed_rows: failedRows,
        rolled_back: false,
        warnings: shownWarnings(warnings),
        seconds: Math.round((Date.now() - started) / 100) / 10,
        updates: [],
        skipped_rows: 0,
        warning_rows: flagged.length - failedRows,
        without_coordinates: 0,
      },
    };
    return outcome;
  });
}
