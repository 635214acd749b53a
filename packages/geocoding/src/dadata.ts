/**
 * DaData (https://dadata.ru/api/): the HTTP client shared by the API's address tools
 * (apps/api modules/address/dadata-provider.ts) and the DaData geocoder. Cleaning ("Стандартизация",
 * POST ["<address>"] with `Authorization: Token` and `X-Secret`) gives geo_lat/geo_lon and the
 * precision qc_geo: 0 exact house → house, 1 nearest house / 2 street → street, 3 settlement /
 * 4 city → settlement, 5 none → null. Every call has a time-out; any failure is an
 * AddressServiceError.
 */
import type { GeocodeResult, Geocoder } from './types';

/** The external service failed (network, time-out, non-2xx, malformed answer): the caller may fall back. */
export class AddressServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressServiceError';
  }
}

/** DaData connection settings (DADATA_TOKEN, DADATA_SECRET, DADATA_SUGGEST_URL, DADATA_CLEAN_URL, ADDRESS_TIMEOUT_MS). */
export interface DadataConfig {
  token: string;
  secret: string | null;
  suggestUrl: string;
  cleanUrl: string;
  timeoutMs: number;
}

/** The defaults of apps/api config.ts, for a geocoder built from the environment alone. */
export function dadataConfigFromEnv(env: NodeJS.ProcessEnv): DadataConfig | null {
  if (!env.DADATA_TOKEN) return null;
  return {
    token: env.DADATA_TOKEN,
    secret: env.DADATA_SECRET || null,
    suggestUrl: env.DADATA_SUGGEST_URL || 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address',
    cleanUrl: env.DADATA_CLEAN_URL || 'https://cleaner.dadata.ru/api/v1/clean/address',
    timeoutMs: Number(env.ADDRESS_TIMEOUT_MS) || 5000,
  };
}

/** POSTs JSON to a DaData endpoint with the token (and the secret when `withSecret`); the parsed answer. */
export async function dadataPost(cfg: DadataConfig, url: string, body: unknown, withSecret: boolean, signal?: AbortSignal): Promise<unknown> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    Authorization: `Token ${cfg.token}`,
  };
  if (withSecret) {
    if (!cfg.secret) throw new AddressServiceError('DADATA_SECRET is not set: cleaning needs it');
    headers['X-Secret'] = cfg.secret;
  }
  const timeout = AbortSignal.timeout(cfg.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (e) {
    throw new AddressServiceError(`address service unreachable: ${(e as Error).message}`);
  }
  if (!res.ok) throw new AddressServiceError(`address service answered ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new AddressServiceError('address service answered malformed JSON');
  }
}

/** A DaData qc_geo code as a quality; null for 5 (no coordinates) or unknown codes. */
export function qcGeoQuality(qc: unknown): GeocodeResult['quality'] | null {
  switch (Number(qc)) {
    case 0: return 'house';
    case 1: case 2: return 'street';
    case 3: case 4: return 'settlement';
    default: return null;
  }
}

export class DadataGeocoder implements Geocoder {
  constructor(private readonly cfg: DadataConfig) {}

  async geocode(address: string, opts?: { city?: string; signal?: AbortSignal }): Promise<GeocodeResult | null> {
    const text = opts?.city && !address.toLowerCase().includes(opts.city.toLowerCase()) ? `${opts.city}, ${address}` : address;
    const out = await dadataPost(this.cfg, this.cfg.cleanUrl, [text], true, opts?.signal);
    if (!Array.isArray(out)) throw new AddressServiceError('address service answered without a list');
    const first = out[0] as Record<string, unknown> | undefined;
    const lat = Number(first?.geo_lat);
    const lng = Number(first?.geo_lon);
    const quality = qcGeoQuality(first?.qc_geo);
    if (!first || first.geo_lat == null || first.geo_lon == null || !Number.isFinite(lat) || !Number.isFinite(lng) || !quality) return null;
    return { lat, lng, quality, label: typeof first.result === 'string' ? first.result : text, provider: 'dadata' };
  }
}
