/**
 * Read-only access to the region's base map, an MBTiles 1.3 file (SQLite; tilemaker writes it,
 * `pnpm region:load`): tiles by z/x/y (XYZ; MBTiles stores rows in TMS order, y flipped) and the
 * metadata (bounds, center, vector_layers). Uses Node's built-in node:sqlite. The file is
 * reopened when it changes (a new region load replaces it by rename), so no restart is needed.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The file the region load writes in BASEMAP_DIR (@tko/geocoding BASEMAP_FILE). */
export const BASEMAP_FILE = 'basemap.mbtiles';

export interface BasemapMeta {
  /** [west, south, east, north], degrees. */
  bounds: [number, number, number, number] | null;
  /** [lng, lat, zoom]. */
  center: [number, number, number] | null;
  minzoom: number;
  maxzoom: number;
  /** Whether the stored tiles are gzip-compressed (tilemaker: compress "gzip"). */
  gzip: boolean;
}

export class Basemap {
  private db: DatabaseSync | null = null;
  private mtime = 0;
  private meta: BasemapMeta | null = null;

  /** `dir`: BASEMAP_DIR (basemap.mbtiles and fonts/). */
  constructor(readonly dir: string) {}

  get file(): string {
    return join(this.dir, BASEMAP_FILE);
  }

  /** The open database, reopened when the file changed; null when no base map is loaded. */
  private open(): DatabaseSync | null {
    let m: number;
    try {
      m = statSync(this.file).mtimeMs;
    } catch {
      this.close();
      return null;
    }
    if (this.db && m === this.mtime) return this.db;
    this.close();
    this.db = new DatabaseSync(this.file, { readOnly: true });
    this.mtime = m;
    this.meta = this.readMeta(this.db);
    return this.db;
  }

  private readMeta(db: DatabaseSync): BasemapMeta {
    const rows = db.prepare('SELECT name, value FROM metadata').all() as { name: string; value: string }[];
    const get = (k: string) => rows.find((r) => r.name === k)?.value;
    const nums = (v: string | undefined) => (v ? v.split(',').map(Number) : null);
    const b = nums(get('bounds'));
    const c = nums(get('center'));
    const zooms = db.prepare('SELECT min(zoom_level) AS lo, max(zoom_level) AS hi FROM tiles').get() as { lo: number | null; hi: number | null };
    const first = db.prepare('SELECT tile_data FROM tiles LIMIT 1').get() as { tile_data: Uint8Array } | undefined;
    return {
      bounds: b && b.length === 4 && b.every(Number.isFinite) ? (b as [number, number, number, number]) : null,
      center: c && c.length === 3 && c.every(Number.isFinite) ? (c as [number, number, number]) : null,
      minzoom: zooms.lo ?? 0,
      maxzoom: zooms.hi ?? 14,
      gzip: !!first && first.tile_data[0] === 0x1f && first.tile_data[1] === 0x8b,
    };
  }

  /** True when a base map is loaded. */
  loaded(): boolean {
    return this.open() !== null;
  }

  /** The metadata, or null without a base map. */
  metadata(): BasemapMeta | null {
    return this.open() ? this.meta : null;
  }

  /** The stored bytes of tile z/x/y (XYZ), null when absent (outside the region or no base map). */
  tile(z: number, x: number, y: number): Buffer | null {
    const db = this.open();
    if (!db || x >= 2 ** z || y >= 2 ** z) return null;
    const row = db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?')
      .get(z, x, 2 ** z - 1 - y) as { tile_data: Uint8Array } | undefined;
    return row ? Buffer.from(row.tile_data) : null;
  }

  close(): void {
    this.db?.close();
    this.db = null;
    this.meta = null;
  }
}
