/**
 * The VRPLIB solution format (`.sol`, as CVRPLIB's best-known solutions): one line
 * `Route #k: c1 c2 …` per used vehicle, customers numbered as in the `.sol` files (file node
 * number − 1: the depot, node 1, is 0 and never listed), then `Cost <total>`.
 */

/** Formats routes of locations (0 = depot) and a cost already in the file's unit. */
export function formatSolution(routes: ArrayLike<number>[], cost: string): string {
  const lines: string[] = [];
  let k = 0;
  for (const r of routes) {
    if (r.length === 0) continue;
    lines.push(`Route #${++k}: ${Array.from(r).join(' ')}`);
  }
  lines.push(`Cost ${cost}`);
  return lines.join('\n') + '\n';
}

/** Parses a `.sol` text: the routes (location numbers) and the stated cost (null when absent). */
export function parseSolution(text: string): { routes: number[][]; cost: number | null } {
  const routes: number[][] = [];
  let cost: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const route = /^Route\s*#\d+\s*:(.*)$/i.exec(line);
    if (route) {
      routes.push(route[1]!.trim().split(/\s+/).filter(Boolean).map(Number));
      continue;
    }
    const c = /^Cost\s+([-\d.eE+]+)/i.exec(line);
    if (c) cost = Number(c[1]);
  }
  return { routes, cost };
}

/** A cost in objective units written in the file's unit (tenths → one decimal). */
export function formatCost(cost: number, scale: number): string {
  return scale === 1 ? String(cost) : (cost / scale).toFixed(Math.round(Math.log10(scale)));
}
