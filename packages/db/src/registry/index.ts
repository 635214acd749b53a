/** Generic registry database access driven by @tko/contract resource descriptions. */
export * from './errors';
export * from './repository';
export { ChangeLogError, diffRows, recordedFields, writeChangeLog } from './change-log';
export type { ChangeAction, ChangeRecord } from './change-log';
export { Params, ident } from './params';
export * from './write-pipeline';
export { ROW_SCOPE, rowScopeSql, withScope, scopeOf } from './row-scope-sql';
export type { ScopedQuery } from './row-scope-sql';
