/**
 * Ordered crossover OX (Oliver, Smith & Holland 1987; HGS-CVRP `crossoverOX`) on giant tours:
 * the child keeps parent A's circular run [start…end] in place and takes the other clients in
 * parent B's order, starting after `end`.
 */
import type { Rng } from './rng';

/** `a`, `b`: permutations of the same clients. Returns a new permutation. */
export function orderCrossover(a: Int32Array, b: Int32Array, rng: Rng, maxLocation: number): Int32Array {
  const n = a.length;
  const child = new Int32Array(n);
  if (n < 2) {
    child.set(a);
    return child;
  }
  const start = rng.int(n);
  let end = rng.int(n);
  while (end === start) end = rng.int(n);
  const taken = new Uint8Array(maxLocation);
  for (let i = start; ; i = (i + 1) % n) {
    child[i] = a[i]!;
    taken[a[i]!] = 1;
    if (i === end) break;
  }
  let j = (end + 1) % n;
  for (let k = 1; k <= n; k++) {
    const c = b[(end + k) % n]!;
    if (taken[c]) continue;
    child[j] = c;
    j = (j + 1) % n;
  }
  return child;
}
