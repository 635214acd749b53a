/**
 * Rows that look like the same object (issue 9 §1): the same normalised address, or points within
 * a few metres of each other (DUPLICATE_METRES). Found before processing and shown to the user as
 * groups to resolve — keep apart (the default), merge, or skip — never merged silently.
 *
 * Groups are the connected components of "same address or near point" (union–find); points are
 * bucketed in a grid of cells about `metres` wide so each row is compared with its neighbours
 * only (O(n) for a registry file). A group's id is «L» + its first line: stable for a file and
 * its matching, the key of options.groups.
 */
import type { GroupResolution, ImportOptions, Point } from '@tko/contract';
import type { ConvertedRow } from './convert';
import type { ImportTemplate } from './templates/types';
import { pointKeyText } from './templates/point-key';

/** Two points closer than this (metres) look like one site. */
export const DUPLICATE_METRES = 5;

export interface DuplicateGroup {
  id: string;
  reason: string;
  /** The file line of its first row. */
  line: number;
  /** Indexes into the rows, in file order (at least two). */
  members: number[];
}

const EARTH_M_PER_DEG = 111_320;

/**
 * An address folded for comparison: lower case, ё → е, common element types in one short form
 * (улица → ул, дом → д, проспект → пр-т, микрорайон → мкр, квартал → кв-л, корпус → к,
 * строение → стр), punctuation and blanks dropped.
 */
export function foldAddress(text: string): string {
  return ` ${text.toLowerCase().replace(/ё/g, 'е')} `
    .replace(/[.,;:№"«»()]/g, ' ')
    .replace(/\s(улица|ул)\s/g, ' ул ')
    .replace(/\s(дом|д)\s/g, ' ')
    .replace(/\s(проспект|пр-кт|просп|пр-т)\s/g, ' пр-т ')
    .replace(/\s(микрорайон|мкрн|мкр|мкр-н)\s/g, ' мкр ')
    .replace(/\s(квартал|кв-л|квл|кварт)\s/g, ' кв-л ')
    .replace(/\s(корпус|корп|к)\s/g, ' к ')
    .replace(/\s(строение|стр)\s/g, ' стр ')
    .replace(/\s+/g, '');
}

/** Union–find over row indexes that grows as rows are added (a streamed file's length is unknown). */
class UnionFind {
  private parent = new Int32Array(1024);
  private size = 0;
  /** Makes sure indexes below `n` exist (each its own set). */
  grow(n: number): void {
    if (n > this.parent.length) {
      const next = new Int32Array(Math.max(n, this.parent.length * 2));
      next.set(this.parent);
      this.parent = next;
    }
    for (; this.size < n; this.size++) this.parent[this.size] = this.size;
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** `data`, or a copy at least twice as long when index `i` is beyond it (a streamed file's length is unknown). */
function room<T extends Float64Array | Uint8Array>(data: T, i: number, make: (n: number) => T): T {
  if (i < data.length) return data;
  const next = make(Math.max(i + 1, data.length * 2));
  next.set(data);
  return next;
}

/** A growable column of numbers (a row's latitude, longitude, line). */
class Column {
  data = new Float64Array(1024);
  set(i: number, v: number): void {
    this.data = room(this.data, i, (n) => new Float64Array(n));
    this.data[i] = v;
  }
}

/** Why a row looks like another: bit 1 the same address, bit 2 a near point (one byte per row). */
const BY_ADDRESS = 1;
const BY_POINT = 2;

class Reasons {
  data = new Uint8Array(1024);
  mark(i: number, bit: number): void {
    this.data = room(this.data, i, (n) => new Uint8Array(n));
    this.data[i]! |= bit;
  }
}

/** Metres between two points (equirectangular: exact enough below a kilometre). */
export function metresBetween(a: Point, b: Point): number {
  const x = (b.lng - a.lng) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  const y = b.lat - a.lat;
  return Math.sqrt(x * x + y * y) * EARTH_M_PER_DEG;
}

/**
 * A grid cell as one number — faster map keys than text. Unique while |cy| < 2²² (any latitude at 5 m
 * cells); a collision at smaller cells only adds candidates, each still checked by distance.
 */
const cellKey = (cx: number, cy: number) => cx * 8_388_608 + cy;

/**
 * Finds the groups of look-alike rows one row at a time (`add`), so a long file can be walked in
 * chunks with progress between them — and streamed: per row it keeps only its line, its point
 * (two numbers) and its folded address (a map entry), never the row (issue 9 §4, memory).
 * `groups()` answers them once every row was added.
 */
export class DuplicateFinder {
  private readonly uf = new UnionFind();
  private readonly why = new Reasons();
  private readonly byAddress = new Map<string, number>();
  /** Grid cell → the last row added in it; `chain` links each row to the one before it in its cell (−1: none). */
  private readonly cells = new Map<number, number>();
  private readonly chain = new Column();
  private readonly lat = new Column();
  private readonly lng = new Column();
  private readonly lines = new Column();
  private readonly cellDeg: number;
  private count = 0;

  constructor(private readonly metres = DUPLICATE_METRES) {
    this.cellDeg = metres / EARTH_M_PER_DEG;
  }

  private mark(a: number, b: number, reason: number): void {
    this.uf.union(a, b);
    this.why.mark(a, reason);
    this.why.mark(b, reason);
  }

  /**
   * Compares row `i` (file line `line`; indexes ascending, gaps allowed for failed rows) with the
   * rows added before it, by its address (any text) and point (EPSG:4326).
   */
  add(i: number, line: number, address: unknown, p: Point | null | undefined): void {
    this.count = Math.max(this.count, i + 1);
    this.uf.grow(this.count);
    this.lines.set(i, line);
    if (typeof address === 'string' && address.trim()) {
      const k = foldAddress(address);
      const first = this.byAddress.get(k);
      if (first === undefined) this.byAddress.set(k, i);
      else this.mark(first, i, BY_ADDRESS);
    }
    if (!p || typeof p.lat !== 'number') return;
    this.lat.set(i, p.lat);
    this.lng.set(i, p.lng);
    const cx = Math.floor(p.lng / this.cellDeg);
    const cy = Math.floor(p.lat / this.cellDeg);
    // Longitude cells are narrower than `metres` away from the equator: look far enough east and west.
    const span = Math.ceil(1 / Math.max(Math.cos((p.lat * Math.PI) / 180), 0.05));
    for (let dx = -span; dx <= span; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let j = this.cells.get(cellKey(cx + dx, cy + dy)) ?? -1; j >= 0; j = this.chain.data[j]!) {
          if (metresBetween(p, { lat: this.lat.data[j]!, lng: this.lng.data[j]! }) <= this.metres) this.mark(j, i, BY_POINT);
        }
      }
    }
    const key = cellKey(cx, cy);
    this.chain.set(i, this.cells.get(key) ?? -1);
    this.cells.set(key, i);
  }

  /** The groups (at least two rows each) among the rows added, members in file order. */
  groups(): DuplicateGroup[] {
    const { why, uf, metres } = this;
    const groups = new Map<number, number[]>();
    for (let i = 0; i < this.count; i++) {
      if (!why.data[i]) continue;
      const root = uf.find(i);
      const list = groups.get(root);
      if (list) list.push(i);
      else groups.set(root, [i]);
    }
    return [...groups.values()]
      .filter((m) => m.length > 1)
      .sort((a, b) => a[0]! - b[0]!)
      .map((members) => {
        const bits = members.reduce((b, i) => b | why.data[i]!, 0);
        const reason = [bits & BY_ADDRESS ? 'один адрес' : null, bits & BY_POINT ? `точки не дальше ${metres} м друг от друга` : null].filter(Boolean).join('; ');
        return { id: `L${this.lines.data[members[0]!]!}`, line: this.lines.data[members[0]!]!, reason: reason.charAt(0).toUpperCase() + reason.slice(1), members };
      });
  }
}

/** A group the second pass resolves; `samePoint`: rows of one point (options.duplicates = same_point). */
export interface PlannedGroup extends DuplicateGroup {
  samePoint: boolean;
}

/** Rows of one point, in file order (options.duplicates = same_point). */
export class SamePoint {
  private readonly byPoint = new Map<string, { line: number; members: number[] }>();
  add(i: number, line: number, p: Point | null | undefined): void {
    if (!p || typeof p.lat !== 'number') return;
    const k = pointKeyText(p);
    const g = this.byPoint.get(k);
    if (g) g.members.push(i);
    else this.byPoint.set(k, { line, members: [i] });
  }
  groups(): PlannedGroup[] {
    return [...this.byPoint.entries()]
      .filter(([, g]) => g.members.length > 1)
      .map(([k, g]) => ({ id: `P${g.line}`, line: g.line, reason: `Одна точка ${k.replace(',', ', ')}`, members: g.members, samePoint: true }));
  }
}

/** The groups of look-alike rows among the rows that have a body. */
export function findDuplicateGroups(template: ImportTemplate, rows: ConvertedRow[], metres = DUPLICATE_METRES): DuplicateGroup[] {
  const finder = new DuplicateFinder(metres);
  rows.forEach((r, i) => {
    if (!r.body) return;
    finder.add(i, r.line, template.addressField ? r.body[template.addressField] : undefined, template.pointField ? (r.body[template.pointField] as Point | null | undefined) : undefined);
  });
  return finder.groups();
}

/** The resolution of group `id`: the user's choice, else the run's default. `error`: repeats fail. */
export function resolutionOf(options: ImportOptions, id: string): GroupResolution | 'error' {
  const chosen = options.groups[id];
  if (chosen) return chosen;
  switch (options.duplicates) {
    case 'merge': return 'merge';
    case 'skip': return 'skip';
    case 'error': return 'error';
    default: return 'apart';
  }
}
