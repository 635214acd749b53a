/**
 * The geocoder's interface (issue 9 §2), shared by the import's geocoding job (H9a) and the
 * address tools: an address text → a WGS 84 point (degrees) with the quality of the match.
 */

/** How exactly the answer places the address: the house itself, only its street, or only the settlement. */
export type GeocodeQuality = 'house' | 'street' | 'settlement';

/** One geocoding answer: degrees WGS 84, the quality, the address as the provider spells it, who answered. */
export interface GeocodeResult {
  lat: number;
  lng: number;
  quality: GeocodeQuality;
  label: string;
  provider: 'osm' | 'dadata' | 'nominatim';
}

/** A geocoder; null when the address cannot be placed at all (the row stays flagged). */
export interface Geocoder {
  geocode(address: string, opts?: { city?: string; signal?: AbortSignal }): Promise<GeocodeResult | null>;
}
