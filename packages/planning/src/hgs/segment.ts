/**
 * Route-segment timing data and its O(1) concatenation — the time-warp framework of Vidal et al.
 * (2013, "A hybrid genetic algorithm with adaptive diversity management for a large class of
 * vehicle routing problems with time-windows", §4) as PyVRP's `DurationSegment::merge`.
 *
 * A segment (a sequence of visits) is summarised by: `dur`, its minimum duration (travel +
 * service + waiting); `warp`, the minimum time warp (lateness "paid back" to meet the windows);
 * `early` / `late`, the earliest and latest start of its first service that achieve them.
 * A visit alone is (service, 0, twEarly, twLate). Lateness is allowed and penalised, never
 * forbidden (the search's penalty management, Vidal 2022 §3).
 */
export class TimeSeg {
  dur = 0;
  warp = 0;
  early = 0;
  late = 0;
  /** Location of the first and the last visit. */
  first = 0;
  last = 0;

  set(dur: number, warp: number, early: number, late: number, first: number, last: number): this {
    this.dur = dur;
    this.warp = warp;
    this.early = early;
    this.late = late;
    this.first = first;
    this.last = last;
    return this;
  }

  copy(o: TimeSeg): this {
    return this.set(o.dur, o.warp, o.early, o.late, o.first, o.last);
  }

  /**
   * Appends the segment (dur2, warp2, early2, late2) from `first2` to `last2` after this one;
   * `travel` is the duration of the edge this.last → first2.
   */
  append(travel: number, dur2: number, warp2: number, early2: number, late2: number, first2: number, last2: number): this {
    const atSecond = this.dur - this.warp + travel;
    const wait = early2 - atSecond > this.late ? early2 - atSecond - this.late : 0;
    const tw = this.early + atSecond > late2 ? this.early + atSecond - late2 : 0;
    const early = Math.max(early2 - atSecond, this.early) - wait;
    const late = Math.min(late2 - atSecond, this.late) + tw;
    this.dur = this.dur + dur2 + travel + wait;
    this.warp = this.warp + warp2 + tw;
    this.early = early;
    this.late = late;
    this.last = last2;
    return this;
  }

  /** Time warp of a whole route: the segment's own plus the duration beyond `maxDuration`. */
  routeWarp(maxDuration: number): number {
    return this.warp + (this.dur > maxDuration ? this.dur - maxDuration : 0);
  }
}
