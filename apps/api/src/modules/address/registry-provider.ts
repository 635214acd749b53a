/**
 * The built-in offline address provider (issue 3 §6): a self-hosted install without internet
 * still suggests and cleans addresses, from what it already knows — the `location` of every
 * registry row that has coordinates (waste areas of all kinds, waste sources, facilities,
 * dumps: every ResourceDef with a `location` column and a `geometryField`) and the names of
 * the administrative units (ОКТМО; no coordinates).
 *
 * Matching is pg_trgm, walking GiST trigram indexes in distance order (KNN; migration
 * 20261122100300) so a 300 000-row registry answers in milliseconds:
 * - suggest: word similarity of the typed text inside a known address (`<%` with threshold
 *   {@link SUGGEST_MIN}, ordered by `<->>`), best first, distinct addresses, shorter first
 *   among equals;
 * Only the registries the caller views are searched (`readable`; issue 8 §6); administrative
 * units (public ОКТМО names) always are.
 * - clean: similarity of the whole address (`%` with threshold {@link CLEAN_MIN}, ordered by
 *   `<->`); the best match's coordinates (the registry point, 6 decimals) — null below the
 *   threshold (→ 404).
 */
import type { Pool, PoolClient } from 'pg';
import type { AddressSuggestion, CleanAddress, ResourceDef } from '@tko/contract';
import { resources, round6 } from '@tko/contract';
import { ident, storedResource } from '@tko/db';
import type { AddressProvider } from './address-provider';
import { normaliseAddress } from './address-text';

/** Least pg_trgm similarity (0–1) for a cleaned address to count as the same place. */
export const CLEAN_MIN = 0.5;
/** Least word similarity (0–1) of the typed text within a suggested address. */
export const SUGGEST_MIN = 0.45;

interface AddressTable {
  table: string;
  location: string;
  point: string;
  /** The registries stored in the table, with the row scope of each in a shared table (waste_area.kind). */
  registries: { name: string; scope?: { column: string; value: string } }[];
}

/**
 * The rows of `t` the caller may see addresses of (issue 8 §6): null = none (skip the table),
 * '' = all, else an SQL condition on the scope column. `readable` = the registries the caller
 * views; undefined = every registry.
 */
export function readableRows(t: AddressTable, readable: ReadonlySet<string> | undefined): string | null {
  if (!readable) return '';
  const seen = t.registries.filter((r) => readable.has(r.name));
  if (seen.length === 0) return null;
  if (seen.length === t.registries.length || seen.some((r) => !r.scope)) return '';
  const column = seen[0]!.scope!.column;
  return ` AND t.${ident(column)} IN (${seen.map((r) => `'${r.scope!.value.replace(/'/g, "''")}'`).join(', ')})`;
}

/** Registry tables with an address and a point (one entry per table: the waste-area kinds share one). */
export function addressTables(defs: readonly ResourceDef[] = resources): AddressTable[] {
  const out = new Map<string, AddressTable>();
  for (const d of defs.map(storedResource)) {
    const location = d.fields.location?.column;
    const point = d.geometryField ? d.fields[d.geometryField]?.column : undefined;
    if (d.fields.location?.kind !== 'text' || !location || !point) continue;
    const entry = out.get(d.table) ?? { table: d.table, location, point, registries: [] };
    entry.registries.push({ name: d.name, ...(d.scope ? { scope: d.scope } : {}) });
    out.set(d.table, entry);
  }
  return [...out.values()];
}

interface Hit {
  value: string;
  unrestricted: string;
  score: number;
  data: Record<string, unknown> & { source: string; geo_lat: number | null; geo_lon: number | null };
}

export class RegistryAddressProvider implements AddressProvider {
  readonly name = 'registry' as const;
  private readonly tables: AddressTable[];

  constructor(private readonly pool: Pool, defs: readonly ResourceDef[] = resources) {
    this.tables = addressTables(defs);
  }

  /** Runs `fn` in a read-only transaction with the trigram thresholds set for it. */
  private async withThresholds<T>(fn: (db: PoolClient) => Promise<T>): Promise<T> {
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN READ ONLY');
      await db.query(`SET LOCAL pg_trgm.similarity_threshold = ${CLEAN_MIN}`);
      await db.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${SUGGEST_MIN}`);
      const out = await fn(db);
      await db.query('COMMIT');
      return out;
    } catch (e) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      db.release();
    }
  }

  async suggest(query: string, count: number, readable?: ReadonlySet<string>): Promise<AddressSuggestion[]> {
    return (await this.scored(query, count, readable)).map(({ score: _score, ...s }) => s);
  }

  /** The suggestions with their word similarity (`score`, 0–1), best first (merged with the OSM index's). */
  async scored(query: string, count: number, readable?: ReadonlySet<string>): Promise<(AddressSuggestion & { score: number })[]> {
    const q = normaliseAddress(query);
    if (!q) return [];
    const hits = await this.withThresholds(async (db) => {
      const out: Hit[] = [];
      for (const t of this.tables) {
        const visible = readableRows(t, readable);
        if (visible === null) continue;
        const loc = `t.${ident(t.location)}`;
        // Nearest first through the GiST index; more than `count` rows, as several may share an address.
        const { rows } = await db.query<{ value: string; lat: number | null; lon: number | null; score: number }>(
          `SELECT ${loc} AS value, ST_Y(t.${ident(t.point)}) AS lat, ST_X(t.${ident(t.point)}) AS lon, 1 - (${loc} <->> $1) AS score
             FROM ${ident(t.table)} t WHERE $1 <% ${loc} AND t.${ident(t.point)} IS NOT NULL${visible}
            ORDER BY ${loc} <->> $1 LIMIT $2`,
          [q, count * 4],
        );
        for (const r of rows) {
          out.push({ value: r.value, unrestricted: r.value, score: r.score, data: { source: t.table, geo_lat: r.lat === null ? null : round6(r.lat), geo_lon: r.lon === null ? null : round6(r.lon) } });
        }
      }
      const units = await db.query<{ name: string; area: string | null; code: string | null; score: number }>(
        `SELECT u.name, u.area, u.code, word_similarity($1, u.name) AS score
           FROM administrative_unit u WHERE $1 <% u.name
          ORDER BY score DESC, length(u.name), u.name LIMIT $2`,
        [q, count],
      );
      for (const u of units.rows) {
        const full = u.area && u.area !== u.name ? `${u.name}, ${u.area}` : u.name;
        out.push({ value: u.name, unrestricted: full, score: u.score, data: { source: 'administrative_unit', oktmo: u.code, area: u.area, geo_lat: null, geo_lon: null } });
      }
      return out;
    });
    const seen = new Set<string>();
    return hits
      .sort((a, b) => b.score - a.score || a.value.length - b.value.length || a.value.localeCompare(b.value, 'ru'))
      .filter((h) => {
        const key = h.unrestricted.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, count)
      .map((h) => ({ value: h.value, unrestricted_value: h.unrestricted, data: h.data, score: h.score }));
  }

  async clean(location: string, readable?: ReadonlySet<string>): Promise<CleanAddress | null> {
    const q = normaliseAddress(location);
    const tables = this.tables.map((t) => ({ t, rows: readableRows(t, readable) })).filter((x) => x.rows !== null);
    if (!q || !tables.length) return null;
    const best = await this.withThresholds(async (db) => {
      const parts = tables.map(({ t, rows }) => {
        const loc = `t.${ident(t.location)}`;
        return `(SELECT '${t.table}' AS source_table, t.id, ${loc} AS result, ST_Y(t.${ident(t.point)}) AS lat, ST_X(t.${ident(t.point)}) AS lon, similarity(${loc}, $1) AS score
                   FROM ${ident(t.table)} t WHERE ${loc} % $1 AND t.${ident(t.point)} IS NOT NULL${rows}
                  ORDER BY ${loc} <-> $1 LIMIT 1)`;
      });
      const { rows } = await db.query<{ source_table: string; id: number; result: string; lat: number; lon: number; score: number }>(
        `SELECT * FROM (${parts.join(' UNION ALL ')}) m ORDER BY score DESC, id LIMIT 1`, [q],
      );
      return rows[0];
    });
    if (!best) return null;
    return {
      source: location,
      result: best.result,
      geo_lat: round6(best.lat),
      geo_lon: round6(best.lon),
      qc_geo: null,
      provider: 'registry',
      similarity: Math.round(best.score * 1000) / 1000,
      match: { table: best.source_table },
    };
  }
}
