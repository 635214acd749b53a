/**
 * The offline geocoder over the region's OSM address index (osm.address / osm.street /
 * osm.place, built by region/load.ts; issue 9 §2). The address is split by parseAddress
 * (normalize.ts) and matched with pg_trgm on the street name without its type:
 * - house: the same canonical house number on a street whose name has similarity ≥
 *   {@link HOUSE_MIN} (the street type, when both are known, breaks ties; the requested city
 *   first); the point is the building's centroid or the address node;
 * - street: the most similar named street (GiST trigram index, `%`), similarity ≥ {@link STREET_MIN};
 * - settlement: a place (place=* or an addr:city of the extract) by name, similarity ≥ {@link PLACE_MIN}.
 * Answers null when the index is empty or missing (no region loaded) or nothing is close enough.
 */
import type { Pool } from 'pg';
import { parseAddress } from './normalize';
import type { GeocodeResult, Geocoder } from './types';

/** Least pg_trgm similarity (0–1) of street names for a house-quality answer. */
export const HOUSE_MIN = 0.5;
/** Least similarity of street names for a street-quality answer. */
export const STREET_MIN = 0.55;
/** Least similarity of settlement names. */
export const PLACE_MIN = 0.6;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

interface Row { label: string; lat: number; lng: number; score: number }

export class OsmGeocoder implements Geocoder {
  constructor(private readonly pool: Pool) {}

  private async one(sql: string, params: unknown[]): Promise<Row | null> {
    try {
      return (await this.pool.query<Row>(sql, params)).rows[0] ?? null;
    } catch (e) {
      // 42P01: no region loaded yet (osm.* tables missing) — nothing can be placed.
      if ((e as { code?: string }).code === '42P01' || (e as { code?: string }).code === '3F000') return null;
      throw e;
    }
  }

  async geocode(address: string, opts?: { city?: string; signal?: AbortSignal }): Promise<GeocodeResult | null> {
    const p = parseAddress(address);
    const city = p.settlement ?? (opts?.city ? parseAddress(`г. ${opts.city}`).settlement : null);
    const answer = (r: Row, quality: GeocodeResult['quality']): GeocodeResult =>
      ({ lat: round6(r.lat), lng: round6(r.lng), quality, label: r.label, provider: 'osm' });
    // Without commas the settlement may lead the street («Санкт-Петербург Невский пр-т, 52»): the
    // name is also tried without its first words, and the dropped words then name the settlement.
    const words = p.street?.split(' ') ?? [];
    const names = words.map((_, k) => ({ street: words.slice(k).join(' '), dropped: words.slice(0, k).join(' ') }));
    if (p.street && p.house) {
      for (const { street, dropped } of names) {
        const r = await this.houseMatch(street, p.house, p.streetType, city ?? (dropped || null));
        if (r) return answer(r, 'house');
      }
    }
    if (p.street) {
      for (const { street, dropped } of names) {
        const r = await this.streetMatch(street, p.streetType, city ?? (dropped || null));
        if (r) return answer(r, 'street');
      }
    }
    // «Санкт-Петербург» alone parses as a street name: try it as a settlement too.
    const place = city ?? (p.house ? null : p.street);
    if (place) {
      const r = await this.one(
        `SELECT name AS label, ST_Y(geom) AS lat, ST_X(geom) AS lng, similarity(name_norm, $1) AS score
           FROM osm.place WHERE name_norm % $1 AND similarity(name_norm, $1) >= $2 ORDER BY similarity(name_norm, $1) DESC, id LIMIT 1`,
        [place, PLACE_MIN],
      );
      if (r) return answer(r, 'settlement');
    }
    return null;
  }

  private houseMatch(street: string, house: string, streetType: string | null, city: string | null): Promise<Row | null> {
    return this.one(
        `SELECT label, ST_Y(geom) AS lat, ST_X(geom) AS lng, similarity(street_name, $1) AS score
           FROM osm.address WHERE house = $2 AND similarity(street_name, $1) >= $5
          ORDER BY (city_name IS NOT DISTINCT FROM $4) DESC,
                   similarity(street_name, $1) + CASE WHEN $3::text IS NULL OR street_type IS NULL THEN 0
                                                       WHEN street_type = $3 THEN 0.1 ELSE -0.1 END DESC, id
          LIMIT 1`,
        [street, house, streetType, city, HOUSE_MIN],
      );
  }

  private streetMatch(street: string, streetType: string | null, city: string | null): Promise<Row | null> {
    return this.one(
        `SELECT label, ST_Y(geom) AS lat, ST_X(geom) AS lng, similarity(street_name, $1) AS score
           FROM osm.street WHERE street_name % $1 AND similarity(street_name, $1) >= $4
          ORDER BY (city_name IS NOT DISTINCT FROM $3) DESC,
                   similarity(street_name, $1) + CASE WHEN $2::text IS NULL OR street_type IS NULL THEN 0
                                                       WHEN street_type = $2 THEN 0.1 ELSE -0.1 END DESC, id
          LIMIT 1`,
        [street, streetType, city, STREET_MIN],
      );
  }
}
