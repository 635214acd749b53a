/** Generic registry database access driven by @tko/contract resource descriptions. */
export * from './errors';
export * from './repository';
export { ChangeLogError, diffRows, recordedFields, writeChangeLog } from './change-log';
export type { ChangeAction, ChangeRecord } from './change-log';
export { Params, ident } from './params';
export { BAD_CURSOR, decodeCursor, encodeCursor } from './page-sql';
export type { Cursor } from './page-sql';
export { DEFAULT_EXACT_COUNT_THRESHOLD, estimateRows, exactCountThreshold } from './list-count';
export * from './write-pipeline';
export { ROW_SCOPE, rowScopeSql, withScope, scopeOf } from './row-scope-sql';
export type { ScopedQuery } from './row-scope-sql';
export { deleteReferences, deleteRefusal, assertDeletable } from './delete-references';
export type { DeleteReference } from './delete-references';
export { ReferenceAccess, referenceTargetDef, tableRegistry } from './reference-access';
export type { ReferenceWriter, ReferencedRow } from './reference-access';
export { checkScopeChange } from './scope-change';
