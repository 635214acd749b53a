/**
 * Chooses the geocoder from the environment: GEOCODER=osm (default) | dadata | nominatim.
 */
import type { Pool } from 'pg';
import type { Geocoder } from './types';

/** The geocoder configured by `env` (GEOCODER, NOMINATIM_URL, DADATA_TOKEN/DADATA_SECRET/DADATA_CLEAN_URL). */
export function createGeocoder(env: NodeJS.ProcessEnv, pool: Pool): Geocoder {
  void env;
  void pool;
  throw new Error('not implemented yet');
}
