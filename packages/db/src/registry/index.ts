/** Generic registry database access driven by @tko/contract resource descriptions. */
export * from './errors';
export * from './repository';
export { Params, ident } from './params';
