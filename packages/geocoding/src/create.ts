/**
 * Chooses the geocoder from the environment (issue 9 §2; docs/CONFIGURATION.md):
 * GEOCODER=osm (default: the offline index of the loaded region) | dadata (DADATA_TOKEN,
 * DADATA_SECRET, DADATA_CLEAN_URL, ADDRESS_TIMEOUT_MS — as the address tools) | nominatim
 * (NOMINATIM_URL, NOMINATIM_TIMEOUT_MS). Throws on an unknown GEOCODER or a provider without its
 * settings (a configuration error shown at start, never a silent fallback).
 */
import type { Pool } from 'pg';
import { DadataGeocoder, dadataConfigFromEnv } from './dadata';
import { NominatimGeocoder } from './nominatim';
import { OsmGeocoder } from './osm';
import type { Geocoder } from './types';

/** The geocoder configured by `env`; `pool` is the product's database (the OSM index). */
export function createGeocoder(env: NodeJS.ProcessEnv, pool: Pool): Geocoder {
  const kind = (env.GEOCODER || 'osm').toLowerCase();
  switch (kind) {
    case 'osm':
      return new OsmGeocoder(pool);
    case 'dadata': {
      const cfg = dadataConfigFromEnv(env);
      if (!cfg) throw new Error('GEOCODER=dadata needs DADATA_TOKEN (and DADATA_SECRET for cleaning)');
      return new DadataGeocoder(cfg);
    }
    case 'nominatim':
      if (!env.NOMINATIM_URL) throw new Error('GEOCODER=nominatim needs NOMINATIM_URL');
      return new NominatimGeocoder(env.NOMINATIM_URL, Number(env.NOMINATIM_TIMEOUT_MS) || 5000);
    default:
      throw new Error(`GEOCODER=${kind}: expected osm, dadata or nominatim`);
  }
}
