/**
 * Any Nominatim-compatible geocoder (NOMINATIM_URL: a self-hosted Nominatim, Photon's Nominatim
 * API, a commercial clone): GET <url>/search?q=…&format=jsonv2&limit=1&addressdetails=1 →
 * [{lat, lon, display_name, address: {house_number?, road?, …}}]. Quality: house when the answer
 * has a house_number, street when it has a road (or is a highway), settlement otherwise. A
 * time-out (NOMINATIM_TIMEOUT_MS, default 5 s) and a failure are AddressServiceError.
 * Nominatim's usage policy asks for an identifying User-Agent: sent.
 */
import { AddressServiceError } from './dadata';
import type { GeocodeResult, Geocoder } from './types';

interface NominatimPlace {
  lat?: string; lon?: string; display_name?: string; category?: string; class?: string; type?: string;
  address?: Record<string, string>;
}

export class NominatimGeocoder implements Geocoder {
  constructor(private readonly baseUrl: string, private readonly timeoutMs = 5000) {}

  async geocode(address: string, opts?: { city?: string; signal?: AbortSignal }): Promise<GeocodeResult | null> {
    const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    const q = opts?.city && !address.toLowerCase().includes(opts.city.toLowerCase()) ? `${address}, ${opts.city}` : address;
    url.search = new URLSearchParams({ q, format: 'jsonv2', limit: '1', addressdetails: '1', 'accept-language': 'ru' }).toString();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { headers: { Accept: 'application/json', 'User-Agent': 'tko-registry geocoder' }, signal: opts?.signal ? AbortSignal.any([opts.signal, timeout]) : timeout });
    } catch (e) {
      throw new AddressServiceError(`geocoder unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) throw new AddressServiceError(`geocoder answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new AddressServiceError('geocoder answered malformed JSON');
    }
    if (!Array.isArray(body)) throw new AddressServiceError('geocoder answered without a list');
    const p = body[0] as NominatimPlace | undefined;
    const lat = Number(p?.lat);
    const lng = Number(p?.lon);
    if (!p || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    const a = p.address ?? {};
    const quality: GeocodeResult['quality'] = a.house_number ? 'house'
      : a.road || a.pedestrian || (p.category ?? p.class) === 'highway' ? 'street' : 'settlement';
    return { lat, lng, quality, label: p.display_name ?? q, provider: 'nominatim' };
  }
}
