/**
 * The turn rule of the road graph, in one place for the component search (scc.ts) and the turn
 * graph (road-graph.ts): no U-turn but at a dead end, no turn an OSM restriction relation forbids
 * (osm.turn_restrictions; docs/DECISIONS.md «Road-graph travel times at city scale»).
 */
import type { RoadGraph } from './road-graph';

/** True when arc b may follow arc a (tail(b) = head(a)): no U-turn but at a dead end, no forbidden turn. */
export function turnAllowed(g: RoadGraph, a: number, b: number): boolean {
  if ((a ^ 1) === b && g.degree[g.head[a]!]! > 1) return false;
  return !(g.restrictedFrom[a] && g.forbidden.has(a * g.arcCount + b));
}
