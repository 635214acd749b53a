/**
 * @tko/planning — daily collection routes of a regional operator (issue 10 §4): which sites are
 * due, the travel matrix, the solver (giant tour + split + local search) with unloading trips,
 * lunch and the shift, the reference plans of the benchmark, and totals.
 */
export * from './types';
export * from './due';
export * from './matrix';
export * from './timeline';
export * from './solve';
export * from './baselines';
export * from './totals';
export { siteNeighbours } from './neighbours';
