/**
 * @tko/geocoding (issue 9 §2): pluggable geocoders — the offline one over the OSM address index
 * (osm.ts), DaData (dadata.ts), any Nominatim-compatible URL (nominatim.ts) — chosen by
 * GEOCODER (create.ts), and Russian address normalisation (normalize.ts).
 */
export type { GeocodeQuality, GeocodeResult, Geocoder } from './types';
export { createGeocoder } from './create';
export { normalizeAddress } from './normalize';
