/**
 * One interface for address suggestions and cleaning (issue 3 §6): a DaData-compatible
 * service when a token is configured (dadata-provider.ts), the built-in offline provider over
 * the registry's own addresses otherwise (registry-provider.ts). Coordinates are degrees
 * (WGS 84) rounded to 6 decimals (spec 01 §5).
 */
import type { AddressSuggestion, CleanAddress } from '@tko/contract';

export interface AddressProvider {
  readonly name: 'dadata' | 'registry' | 'osm';
  /**
   * Up to `count` suggestions for the typed `query` (already trimmed, non-empty); a provider
   * over the registry's own rows searches only the registries in `readable` (all when absent).
   */
  suggest(query: string, count: number, readable?: ReadonlySet<string>): Promise<AddressSuggestion[]>;
  /** The address `location` cleaned, with its coordinates; null when it cannot be found. `readable` as above. */
  clean(location: string, readable?: ReadonlySet<string>): Promise<CleanAddress | null>;
}

/** The external service failed (network, time-out, non-2xx): the caller may fall back. Shared with @tko/geocoding's DaData client. */
export { AddressServiceError } from '@tko/geocoding';
