/** Latency samples: timing one call and nearest-rank percentiles in milliseconds. */

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentile (0 < p ≤ 100) of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function summarize(samples: number[]): Summary {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    max: Math.max(...samples),
  };
}

/** Milliseconds taken by `fn`. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * Runs each of `sides` `warmup` times, then `n` rounds in which every side runs once (so the
 * sides see the same cache and load), and returns the timings of each side.
 */
export async function interleaved(sides: Record<string, (i: number) => Promise<unknown>>, n: number, warmup: number): Promise<Record<string, number[]>> {
  const names = Object.keys(sides);
  for (let i = 0; i < warmup; i++) for (const k of names) await sides[k]!(i);
  const out: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
  for (let i = 0; i < n; i++) for (const k of names) out[k]!.push(await timed(() => sides[k]!(i)));
  return out;
}
