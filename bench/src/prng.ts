/**
 * A small seeded pseudo-random generator (mulberry32) with the helpers the seed needs:
 * uniform, weighted choice, normal deviates. The same seed gives the same database.
 */

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of `items`, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Standard normal deviate (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

/** Picks from a fixed weighted mix: `[[value, weight], …]` (weights need not sum to 1). */
export function weighted<T>(rng: Rng, mix: readonly (readonly [T, number])[]): T {
  const total = mix.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [v, w] of mix) {
    r -= w;
    if (r < 0) return v;
  }
  return mix[mix.length - 1]![0];
}
