/**
 * @tko/geocoding (issue 9 §2): pluggable geocoders — the offline one over the OSM address index
 * (osm.ts), DaData (dadata.ts), any Nominatim-compatible URL (nominatim.ts) — chosen by
 * GEOCODER (create.ts); Russian address normalisation (normalize.ts); loading a region from an
 * OSM extract (region/load.ts: address index, road graph, base map).
 */
export type { GeocodeQuality, GeocodeResult, Geocoder } from './types';
export { createGeocoder } from './create';
export { normalizeAddress, normalizeHouse, parseAddress, parseStreet, ELEMENT_TYPES } from './normalize';
export type { ParsedAddress, ElementKind } from './normalize';
export { OsmGeocoder, HOUSE_MIN, STREET_MIN, PLACE_MIN } from './osm';
export { DadataGeocoder, AddressServiceError, dadataPost, dadataConfigFromEnv, qcGeoQuality } from './dadata';
export type { DadataConfig } from './dadata';
export { NominatimGeocoder } from './nominatim';
export { loadRegion, BASEMAP_FILE, TOOL_FILES } from './region/load';
export type { RegionLoadOptions, RegionLoadResult } from './region/load';
export { RegionLoadError } from './region/tools';
export { readRegionJob, readRegionRecord, regionUploadsDir, REGION_UPLOADS_DIR, writeRegionJob, writeRegionRecord } from './region/record';
export type { RegionJobRef, RegionRecord } from './region/record';
