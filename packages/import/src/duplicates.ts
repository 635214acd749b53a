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

/** Two points closer than this (metres) look like one site. */
export const DUPLICATE_METRES = 5;

export interface DuplicateGroup {
  id: string;
  reason: string;
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

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
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
 * chunks with progress between them; `groups()` answers them once every row was added.
 */
export class DuplicateFinder {
  private readonly uf: UnionFind;
  private readonly why = new Map<number, Set<'address' | 'point'>>();
  private readonly byAddress = new Map<string, number>();
  private readonly cells = new Map<number, number[]>();
  private readonly cellDeg: number;

  constructor(
    private readonly template: ImportTemplate,
    private readonly rows: ConvertedRow[],
    private readonly metres = DUPLICATE_METRES,
  ) {
    this.uf = new UnionFind(rows.length);
    this.cellDeg = metres / EARTH_M_PER_DEG;
  }

  private mark(a: number, b: number, reason: 'address' | 'point'): void {
    this.uf.union(a, b);
    for (const i of [a, b]) this.why.set(i, (this.why.get(i) ?? new Set()).add(reason));
  }

  /** Compares row `i` with the rows added before it. */
  add(i: number): void {
    const { template, rows } = this;
    const r = rows[i]!;
    if (!r.body) return;
    const address = template.addressField ? r.body[template.addressField] : undefined;
    if (typeof address === 'string' && address.trim()) {
      const k = foldAddress(address);
      const first = this.byAddress.get(k);
      if (first === undefined) this.byAddress.set(k, i);
      else this.mark(first, i, 'address');
    }
    const p = template.pointField ? (r.body[template.pointField] as Point | null | undefined) : undefined;
    if (!p || typeof p.lat !== 'number') return;
    const cx = Math.floor(p.lng / this.cellDeg);
    const cy = Math.floor(p.lat / this.cellDeg);
    // Longitude cells are narrower than `metres` away from the equator: look far enough east and west.
    const span = Math.ceil(1 / Math.max(Math.cos((p.lat * Math.PI) / 180), 0.05));
    for (let dx = -span; dx <= span; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of this.cells.get(cellKey(cx + dx, cy + dy)) ?? []) {
          if (metresBetween(p, rows[j]!.body![template.pointField!] as Point) <= this.metres) this.mark(j, i, 'point');
        }
      }
    }
    const key = cellKey(cx, cy);
    const list = this.cells.get(key);
    if (list) list.push(i);
    else this.cells.set(key, [i]);
  }

  /** The groups (at least two rows each) among the rows added. */
  groups(): DuplicateGroup[] {
    const { rows, why, uf, metres } = this;
    const groups = new Map<number, number[]>();
    rows.forEach((r, i) => {
      if (!r.body || !why.has(i)) return;
      const root = uf.find(i);
      const list = groups.get(root);
      if (list) list.push(i);
      else groups.set(root, [i]);
    });
    return [...groups.values()]
      .filter((m) => m.length > 1)
      .map((members) => {
        const reasons = new Set(members.flatMap((i) => [...(why.get(i) ?? [])]));
        const reason = [reasons.has('address') ? 'один адрес' : null, reasons.has('point') ? `точки не дальше ${metres} м друг от друга` : null].filter(Boolean).join('; ');
        return { id: `L${rows[members[0]!]!.line}`, reason: reason.charAt(0).toUpperCase() + reason.slice(1), members };
      });
  }
}

/** The groups of look-alike rows among the rows that have a body. */
export function findDuplicateGroups(template: ImportTemplate, rows: ConvertedRow[], metres = DUPLICATE_METRES): DuplicateGroup[] {
  const finder = new DuplicateFinder(template, rows, metres);
  for (let i = 0; i < rows.length; i++) finder.add(i);
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
