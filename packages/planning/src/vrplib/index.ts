/** VRPLIB instances and solutions (read.ts, to-problem.ts, solution.ts); the command is cli.ts. */
export { parseVrplib, type VrplibFile } from './read';
export { toProblem, type VrplibInstance } from './to-problem';
export { formatCost, formatSolution, parseSolution } from './solution';
