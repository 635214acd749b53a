/**
 * Hand-built GPS tracks for the trip and visit tests (issue 23 §2, §6): positions are laid out in
 * metres east (x) and north (y) of a point in Angarsk and turned into degrees by hand — 1° of
 * latitude = π·R/180 = 111 195 m (R = 6 371 008.8 m), 1° of longitude at 52.54° N = 111 195 ×
 * cos 52.54° = 111 195 × 0.60842 = 67 653 m — so the expected answers do not come from the code
 * under test. Times in ms since the epoch, speeds in km/h (null: the tracker sent none).
 */
export const ORIGIN = { lat: 52.54, lng: 103.88 };
export const M_PER_DEG_LAT = 111_195;
export const M_PER_DEG_LNG = 67_653;

export interface HandPoint { t: number; lat: number; lng: number; speed: number | null }

/** Degrees of the point x m east, y m north of ORIGIN. */
export function at(x: number, y: number): { lat: number; lng: number } {
  return { lat: ORIGIN.lat + y / M_PER_DEG_LAT, lng: ORIGIN.lng + x / M_PER_DEG_LNG };
}

/** A track written leg by leg; `t` is the time of the last point, `x`/`y` where the truck is. */
export class Track {
  readonly points: HandPoint[] = [];
  constructor(public t: number, public x = 0, public y = 0, private readonly withSpeed = true) {
    this.push(0);
  }

  private push(speed: number, dx = 0, dy = 0): void {
    const p = at(this.x + dx, this.y + dy);
    this.points.push({ t: this.t, lat: p.lat, lng: p.lng, speed: this.withSpeed ? speed : null });
  }

  /** Drives in a straight line to (x, y) at `kmh`, a fix every `stepS` s (the last one on the target). */
  drive(x: number, y: number, kmh: number, stepS = 10): this {
    const len = Math.hypot(x - this.x, y - this.y);
    const steps = Math.max(1, Math.round(len / ((kmh / 3.6) * stepS)));
    const [x0, y0] = [this.x, this.y];
    for (let k = 1; k <= steps; k++) {
      this.t += (len / steps / (kmh / 3.6)) * 1000;
      this.x = x0 + ((x - x0) * k) / steps;
      this.y = y0 + ((y - y0) * k) / steps;
      this.push(kmh);
    }
    return this;
  }

  /** Stands for `seconds`, a fix every `stepS` s; `jitter(k)` = the k-th fix's GPS error in metres [dx, dy]. */
  stand(seconds: number, stepS = 10, jitter?: (k: number) => [number, number]): this {
    for (let k = 1; k * stepS <= seconds; k++) {
      this.t += stepS * 1000;
      const [dx, dy] = jitter ? jitter(k) : [0, 0];
      this.push(0, dx, dy);
    }
    return this;
  }

  /** Sends nothing for `seconds`, then one fix at (x, y) standing. */
  silence(seconds: number, x = this.x, y = this.y): this {
    this.t += seconds * 1000;
    this.x = x;
    this.y = y;
    this.push(0);
    return this;
  }
}

/**
 * GPS noise of up to ±12 m on each axis, fixed so the test is the same on every run: a cycle of
 * 8 offsets with both signs and full amplitude (the largest jump between two fixes is 24 m).
 */
export const JITTER_12: [number, number][] = [[12, 0], [-12, 6], [0, -12], [9, 9], [-9, -12], [12, 12], [-12, -3], [4, 12]];
export const jitter12 = (k: number): [number, number] => JITTER_12[k % JITTER_12.length]!;
