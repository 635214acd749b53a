/**
 * Address tools over the region's OSM address index (issue 9 §2; osm.address / osm.street built
 * by `pnpm region:load`), so a new region finds its own addresses before its registry has any.
 * OpenStreetMap data is public: searched for every caller the address routes admit (their
 * permission rules stay in address.routes.ts); answers carry no registry data.
 * - suggest: word similarity (pg_trgm `<%`, threshold SUGGEST_MIN of the registry provider) of
 *   the normalised query (@tko/geocoding normalizeAddress) inside the normalised «город, улица,
 *   дом» of each address and street, nearest first through the GiST trigram indexes;
 * - clean: the OSM geocoder; qc_geo in DaData's codes (house 0, street 2, settlement 3).
 * An install without a loaded region answers nothing (the tables are missing: 42P01).
 */
import type { Pool } from 'pg';
import type { AddressSuggestion, CleanAddress } from '@tko/contract';
import type { GeocodeResult } from '@tko/geocoding';
import { normalizeAddress, OsmGeocoder } from '@tko/geocoding';
import { round6 } from '@tko/contract';
import type { AddressProvider } from './address-provider';
import { SUGGEST_MIN } from './registry-provider';

/** DaData's qc_geo code of a geocoding quality. */
export const QC_GEO: Record<GeocodeResult['quality'], number> = { house: 0, street: 2, settlement: 3 };

/** A scored suggestion (score: word similarity 0–1), for merging with the registry's. */
export interface ScoredSuggestion extends AddressSuggestion {
  score: number;
}

export class OsmAddressProvider implements AddressProvider {
  readonly name = 'osm' as const;
  private readonly geocoder: OsmGeocoder;

  constructor(private readonly pool: Pool) {
    this.geocoder = new OsmGeocoder(pool);
  }

  /** Suggestions with their scores, best first. */
  async scored(query: string, count: number): Promise<ScoredSuggestion[]> {
    const q = normalizeAddress(query);
    if (!q) return [];
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN READ ONLY');
      await db.query(`SET LOCAL pg_trgm.word_similarity_threshold = ${SUGGEST_MIN}`);
      const { rows } = await db.query<{ label: string; lat: number; lng: number; score: number; kind: string }>(
        `(SELECT label, ST_Y(geom) AS lat, ST_X(geom) AS lng, 1 - (search <->> $1) AS score, 'address' AS kind
            FROM osm.address WHERE $1 <% search ORDER BY search <->> $1, id LIMIT $2)
         UNION ALL
         (SELECT label, ST_Y(geom), ST_X(geom), 1 - (search <->> $1), 'street'
            FROM osm.street WHERE $1 <% search ORDER BY search <->> $1, id LIMIT $2)`,
        [q, count * 2],
      );
      await db.query('COMMIT');
      const seen = new Set<string>();
      return rows
        .sort((a, b) => b.score - a.score || a.label.length - b.label.length || a.label.localeCompare(b.label, 'ru'))
        .filter((r) => !seen.has(r.label.toLowerCase()) && seen.add(r.label.toLowerCase()))
        .slice(0, count)
        .map((r) => ({ value: r.label, unrestricted_value: r.label, score: r.score, data: { source: 'osm', kind: r.kind, geo_lat: round6(r.lat), geo_lon: round6(r.lng) } }));
    } catch (e) {
      await db.query('ROLLBACK').catch(() => undefined);
      if ((e as { code?: string }).code === '42P01' || (e as { code?: string }).code === '3F000') return [];
      throw e;
    } finally {
      db.release();
    }
  }

  async suggest(query: string, count: number): Promise<AddressSuggestion[]> {
    return (await this.scored(query, count)).map(({ score: _score, ...s }) => s);
  }

  /** The geocoder's answer (any quality), null when nothing matches. */
  async clean(location: string): Promise<CleanAddress | null> {
    const r = await this.geocoder.geocode(location);
    if (!r) return null;
    return { source: location, result: r.label, geo_lat: round6(r.lat), geo_lon: round6(r.lng), qc_geo: QC_GEO[r.quality], quality: r.quality, provider: 'osm', similarity: null, match: { table: 'osm' } };
  }
}
