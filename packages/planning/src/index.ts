/**
 * @tko/planning — daily collection routes of a regional operator: which sites are due, the travel
 * matrix, the model a depot's dispatcher checks (working time of Приказ Минтранса № 424, bodies,
 * mass and volume, windows), the solver (giant tour + split + local search) with unloading trips
 * and breaks, the independent checker (check/), the reference plans of the benchmark, and totals.
 */
export * from './types';
export * from './due';
export * from './matrix';
export * from './rules';
export * from './bodies';
export * from './timeline';
export * from './cost';
export * from './solve';
export * from './baselines';
export * from './totals';
export * from './violations';
export * from './check/check-plan';
export { siteNeighbours } from './neighbours';
