/**
 * @tko/import: the system import (spec 03 "Import"; docs/DECISIONS.md "Import"). Reading CSV and
 * XLSX files (encoding and delimiter detected), templates (registry + targets + key + row
 * transform), field matching, the import run (one transaction, row-by-row errors report), the
 * worker's job, the files' table, the template and errors files, and the file store.
 */
export * from './errors';
export * from './storage';
export * from './detect';
export * from './table';
export { readCsv, parseCsv, decodeText, guessDelimiter, DELIMITERS, MAX_CSV_RECORD_CHARS } from './read-csv';
export { readXlsx, cellText } from './read-xlsx';
export * from './read-table';
export * from './parse-cell';
export * from './targets';
export * from './matching';
export type { ImportTemplate, ImportKey, Body } from './templates/types';
export { IMPORT_TEMPLATES, templateOf, templateInfos } from './templates/index';
export { applicableOptions } from './templates/options';
export { cwaBundleTemplate, restoreAddressCommas, parseCount, STANDARD_VOLUME } from './templates/cwa-bundle';
export { pointKey, pointKeyText } from './templates/point-key';
export { angarskPlanTemplate, ANGARSK_PLAN_TARGETS, parsePlanDegrees, parsePlanDaysCell } from './templates/angarsk-plan';
export { runAngarskPlan } from './templates/angarsk-plan-run';
export { fieldKey, idKey, nearKey, RECORD_ID } from './templates/keys';
export * from './read-json';
export * from './json-source';
export * from './duplicates';
export * from './geocode-import';
export * from './rollback';
export * from './convert';
export * from './group';
export * from './compare';
export * from './run-import';
export * from './source';
export * from './scan';
export { GroupAssembler, groupRows } from './row-groups';
export type { GroupResult } from './row-groups';
export { GroupWriter } from './write-groups';
export * from './files-repository';
export * from './errors-file';
export * from './template-file';
export * from './process-job';
export * from './inspect-isolated';
