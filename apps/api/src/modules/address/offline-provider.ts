/**
 * The built-in offline address provider (issue 3 §6, issue 9 §2): the registry's own addresses
 * (registry-provider.ts; the caller's readable registries only) together with the region's OSM
 * index (osm-provider.ts).
 * - suggest: both, merged by score (ties: the registry first), distinct values, at most `count`;
 * - clean: an OSM answer at house quality first (a real building), else the registry's best
 *   match, else the OSM answer at street or settlement quality (qc_geo 2 / 3), else null.
 */
import type { AddressSuggestion, CleanAddress } from '@tko/contract';
import type { AddressProvider } from './address-provider';
import type { OsmAddressProvider } from './osm-provider';
import type { RegistryAddressProvider } from './registry-provider';

export class OfflineAddressProvider implements AddressProvider {
  readonly name = 'registry' as const;

  constructor(private readonly registry: RegistryAddressProvider, private readonly osm: OsmAddressProvider) {}

  async suggest(query: string, count: number, readable?: ReadonlySet<string>): Promise<AddressSuggestion[]> {
    const [own, osm] = await Promise.all([this.registry.scored(query, count, readable), this.osm.scored(query, count)]);
    const seen = new Set<string>();
    return [...own.map((s) => ({ ...s, rank: 0 })), ...osm.map((s) => ({ ...s, rank: 1 }))]
      .sort((a, b) => b.score - a.score || a.rank - b.rank)
      .filter((s) => !seen.has(s.value.toLowerCase()) && seen.add(s.value.toLowerCase()))
      .slice(0, count)
      .map(({ score: _s, rank: _r, ...s }) => s);
  }

  async clean(location: string, readable?: ReadonlySet<string>): Promise<CleanAddress | null> {
    const [own, osm] = await Promise.all([this.registry.clean(location, readable), this.osm.clean(location)]);
    if (osm && osm.qc_geo === 0) return osm;
    return own ?? osm;
  }
}
