/**
 * A DaData-compatible address provider (https://dadata.ru/api/): suggestions through the
 * "Подсказки" API (POST {query, count} with `Authorization: Token <token>` → {suggestions:
 * [{value, unrestricted_value, data}]}) and cleaning through the "Стандартизация" API (POST
 * ["<address>"] with the token and `X-Secret: <secret>` → [{source, result, geo_lat, geo_lon,
 * qc_geo, …}]). DaData gives coordinates as strings; they are answered as numbers rounded to 6
 * decimals. Every call has a time-out (ADDRESS_TIMEOUT_MS); any failure is an
 * AddressServiceError. The HTTP client is @tko/geocoding's (the DaData geocoder uses it too). An address without coordinates (qc_geo 5) is "not found".
 */
import type { AddressSuggestion, CleanAddress } from '@tko/contract';
import { round6 } from '@tko/contract';
import { dadataPost } from '@tko/geocoding';
import type { DadataConfig } from '../../config';
import type { AddressProvider } from './address-provider';
import { AddressServiceError } from './address-provider';

/** A DaData coordinate ("52.5468417" or null) as a number with 6 decimals, or null. */
export function coordinate(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? round6(n) : null;
}

export class DadataProvider implements AddressProvider {
  readonly name = 'dadata' as const;

  constructor(private readonly cfg: DadataConfig) {}

  /** POST through the DaData client shared with the DaData geocoder (@tko/geocoding dadataPost). */
  private post(url: string, body: unknown, withSecret: boolean): Promise<unknown> {
    return dadataPost(this.cfg, url, body, withSecret);
  }

  async suggest(query: string, count: number): Promise<AddressSuggestion[]> {
    const out = (await this.post(this.cfg.suggestUrl, { query, count }, false)) as { suggestions?: unknown };
    if (!Array.isArray(out?.suggestions)) throw new AddressServiceError('address service answered without suggestions');
    return (out.suggestions as { value?: unknown; unrestricted_value?: unknown; data?: Record<string, unknown> | null }[])
      .filter((s) => typeof s?.value === 'string')
      .slice(0, count)
      .map((s) => ({
        value: s.value as string,
        unrestricted_value: typeof s.unrestricted_value === 'string' ? s.unrestricted_value : (s.value as string),
        data: { ...(s.data ?? {}), source: 'dadata', geo_lat: coordinate(s.data?.geo_lat), geo_lon: coordinate(s.data?.geo_lon) },
      }));
  }

  async clean(location: string): Promise<CleanAddress | null> {
    const out = await this.post(this.cfg.cleanUrl, [location], true);
    if (!Array.isArray(out)) throw new AddressServiceError('address service answered without a list');
    const first = out[0] as Record<string, unknown> | undefined;
    const lat = coordinate(first?.geo_lat);
    const lon = coordinate(first?.geo_lon);
    if (!first || lat === null || lon === null) return null;
    const qc = Number(first.qc_geo);
    return {
      ...first,
      source: typeof first.source === 'string' ? first.source : location,
      result: typeof first.result === 'string' ? first.result : location,
      geo_lat: lat,
      geo_lon: lon,
      qc_geo: Number.isInteger(qc) ? qc : null,
      provider: 'dadata',
      similarity: null,
      match: null,
    };
  }
}
