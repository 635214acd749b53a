/**
 * An indexed 4-ary min-heap of integer items 0 … capacity−1 with float keys, in typed arrays:
 * each item at most once, decrease-key by `push` again with a smaller key. For the hierarchy's
 * build and queries (hierarchy.ts, many-to-many.ts) and the arc search (search.ts).
 */
export class IndexedHeap {
  private readonly key: Float64Array;
  private readonly item: Int32Array;
  /** Position of an item in the heap, −1 when absent (valid only while `stamp` = gen). */
  private readonly pos: Int32Array;
  private readonly stamp: Int32Array;
  private gen = 1;
  size = 0;

  constructor(capacity: number) {
    this.key = new Float64Array(capacity);
    this.item = new Int32Array(capacity);
    this.pos = new Int32Array(capacity);
    this.stamp = new Int32Array(capacity);
  }

  /** Empties the heap (O(1)). */
  clear(): void {
    this.size = 0;
    this.gen++;
  }

  /** The least key (heap not empty). */
  minKey(): number {
    return this.key[0]!;
  }

  /** Inserts `x` with `k`, or lowers its key to `k` when it is in the heap with a larger one. */
  push(x: number, k: number): void {
    let i: number;
    if (this.stamp[x] === this.gen && this.pos[x]! >= 0) {
      i = this.pos[x]!;
      if (this.key[i]! <= k) return;
    } else {
      this.stamp[x] = this.gen;
      i = this.size++;
    }
    const key = this.key;
    const item = this.item;
    const pos = this.pos;
    while (i > 0) {
      const p = (i - 1) >> 2;
      if (key[p]! <= k) break;
      key[i] = key[p]!; item[i] = item[p]!; pos[item[i]!] = i;
      i = p;
    }
    key[i] = k; item[i] = x; pos[x] = i;
  }

  /** Removes and returns the item with the least key (heap not empty). */
  pop(): number {
    const key = this.key;
    const item = this.item;
    const pos = this.pos;
    const top = item[0]!;
    pos[top] = -1;
    const n = --this.size;
    if (n === 0) return top;
    const k = key[n]!;
    const x = item[n]!;
    let i = 0;
    for (;;) {
      const c0 = 4 * i + 1;
      if (c0 >= n) break;
      let c = c0;
      let ck = key[c0]!;
      const end = c0 + 4 < n ? c0 + 4 : n;
      for (let j = c0 + 1; j < end; j++) if (key[j]! < ck) { ck = key[j]!; c = j; }
      if (ck >= k) break;
      key[i] = ck; item[i] = item[c]!; pos[item[i]!] = i;
      i = c;
    }
    key[i] = k; item[i] = x; pos[x] = i;
    return top;
  }
}
