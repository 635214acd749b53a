/**
 * The route-search engine of @tko/planning: Hybrid Genetic Search with SWAP* (Vidal 2022) over a
 * PyVRP-like model (problem.ts), and a Clarke–Wright savings + local search baseline. Pure: no
 * database, no I/O. Why this design: docs/DECISIONS.md «Route search engine».
 */
export { makeProblem, numClients, type ProblemData, type ProblemInput, type VehicleType, type NormalisedType } from './problem';
export { hgsSearch, solveHgs, type HgsOptions, type HgsProgress, type HgsResult } from './solve';
export { Individual, measureRoute } from './individual';
export { Rng } from './rng';
export { granularNeighbours } from './neighbours';
export { initialPenalties, type Penalties } from './penalties';
export { savingsBaseline, savingsRoutes, savingsSlots, type BaselineResult, type SavingsShape } from './savings';
export { split } from './split';
export { LocalSearch } from './search/local-search';
export { RouteRemoval } from './route-min';
