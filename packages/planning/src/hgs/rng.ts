/**
 * The search's own seeded pseudo-random generator (xoshiro128**, Blackman & Vigna 2018, seeded
 * through splitmix32): the same seed gives the same sequence on every platform, so a solve is
 * reproducible for a seed (Math.random is never used).
 */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let z = seed >>> 0;
    const next = (): number => {
      z = (z + 0x9e3779b9) >>> 0;
      let t = z ^ (z >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t ^= t >>> 15;
      t = Math.imul(t, 0x735a2d97);
      return (t ^ (t >>> 15)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** A uniform integer in [0, n) (n ≥ 1). */
  int(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Fisher–Yates shuffle in place of a[from…to). */
  shuffle(a: Int32Array | number[], from = 0, to = a.length): void {
    for (let i = to - 1; i > from; i--) {
      const j = from + this.int(i - from + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
