/** Generic registry database access driven by @tko/contract resource descriptions. */
export * from './errors';
export * from './repository';
export { ChangeLogError, diffRows, recordedFields, writeChangeLog } from './change-log';
export type { ChangeAction, ChangeRecord } from './change-log';
export { Params, ident } from './params';
