/**
 * Draws the synthetic container sites and the containers of every site (pure, seeded).
 *
 * Sites: a town by weight (towns.ts); a real Angarsk site picked uniformly gives the
 * offset from the town centre (scaled by the town's size, plus ~50 m jitter), the address
 * after the city (prefixed with the town's name) and the days of the month. 8 % are
 * "suburban": the same, but with a wide (σ 0.12°) spread around the town.
 * Attributes the Angarsk file lacks come from fixed mixes, written out in MIXES below.
 */
import type { Rng } from './prng';
import { weighted } from './prng';
import type { AngarskSample } from './angarsk-sample';
import { REGION, TOWNS, townScale } from './towns';

/** Fixed mixes of the attributes the real data lack (documented in bench/README.md). */
export const MIXES = {
  containerCount: [[1, 30], [2, 35], [3, 22], [4, 13]] as const,
  container: [
    [{ type: 'STANDARD', volume: '0.750', loading: 'REAR' }, 55],
    [{ type: 'EURO', volume: '1.100', loading: 'REAR' }, 40],
    [{ type: 'BUNKER', volume: '8.000', loading: 'PORTAL' }, 5],
  ] as readonly (readonly [Container, number])[],
  status: [['ACTIVE', 88], ['PLANNED', 4], ['CLOSED', 8]] as const,
  type: [['OPENED', 75], ['CLOSED', 25]] as const,
  /** ON_MONTHDAYS keeps the real days of the sampled site. */
  periodicity: [['ON_MONTHDAYS', 75], ['DAILY', 12], ['ON_WEEKDAYS', 8], [null, 5]] as const,
  weekdays: [['{1,3,5}', 50], ['{2,4,6}', 30], ['{1,2,3,4,5}', 20]] as const,
  coverage: [['ASPHALT', 60], ['CONCRETE', 25], ['PAVING_STONES', 5], ['GRAVEL', 5], ['SOIL', 5]] as const,
  access: [['FREE', 90], ['LIMITED', 8], ['NO_ACCESS', 2]] as const,
} as const;

export interface Container {
  type: string;
  volume: string;
  loading: string;
}

export interface SyntheticSite {
  externalId: string;
  identifier: string | null;
  registryNumber: string | null;
  location: string;
  city: string;
  lat: number;
  lng: number;
  zone: number;
  status: string;
  type: string;
  closeAt: string | null;
  hasCover: boolean;
  access: string;
  coverage: string;
  periodicity: string | null;
  weekdays: string;
  monthdays: string;
  needsChecking: boolean;
  landmark: string | null;
  createdAt: string;
  containers: Container[];
}

/** A day between 2023-01-01 and 2026-11-01 as ISO text. */
function randomDate(rng: Rng): string {
  const from = Date.UTC(2023, 0, 1);
  const to = Date.UTC(2026, 10, 1);
  return new Date(from + rng.next() * (to - from)).toISOString();
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** The containers of one site by the fixed mix. */
export function drawContainers(rng: Rng): Container[] {
  const n = weighted(rng, MIXES.containerCount);
  return Array.from({ length: n }, () => ({ ...weighted(rng, MIXES.container) }));
}

/** Draws `count` synthetic sites numbered from 1. */
export function drawSites(rng: Rng, sample: AngarskSample, count: number): SyntheticSite[] {
  const townMix = TOWNS.map((t) => [t, t.weight] as const);
  const out: SyntheticSite[] = [];
  for (let i = 1; i <= count; i++) {
    const town = weighted(rng, townMix);
    const real = rng.pick(sample.sites);
    const s = townScale(town, count, sample.sites.length);
    const spread = rng.chance(0.08) ? 0.12 : 0;
    const lat = clamp(town.lat + real.dLat * s + rng.normal() * (0.0005 + spread), REGION.minLat, REGION.maxLat);
    const lng = clamp(town.lng + real.dLng * s + rng.normal() * (0.0008 + spread * 1.6), REGION.minLng, REGION.maxLng);
    const type = weighted(rng, MIXES.type);
    const status = weighted(rng, MIXES.status);
    const periodicity = weighted(rng, MIXES.periodicity);
    out.push({
      externalId: `bench-${i}`,
      identifier: rng.chance(0.97) ? `КП-${String(i).padStart(6, '0')}` : null,
      registryNumber: rng.chance(0.6) ? `38-${town.zone + 1}-${String(rng.int(1e6)).padStart(6, '0')}` : null,
      location: `${town.name}, ${real.tail}`,
      city: town.name,
      lat: Number(lat.toFixed(6)),
      lng: Number(lng.toFixed(6)),
      zone: town.zone,
      status,
      type,
      closeAt: status === 'CLOSED' ? randomDate(rng).slice(0, 10) : null,
      hasCover: rng.chance(type === 'CLOSED' ? 0.9 : 0.15),
      access: weighted(rng, MIXES.access),
      coverage: weighted(rng, MIXES.coverage),
      periodicity,
      weekdays: periodicity === 'ON_WEEKDAYS' ? weighted(rng, MIXES.weekdays) : '{}',
      monthdays: periodicity === 'ON_MONTHDAYS' ? real.monthdays : '{}',
      needsChecking: real.needsChecking || rng.chance(0.005),
      landmark: rng.chance(0.05) ? `напротив подъезда ${1 + rng.int(8)}` : null,
      createdAt: randomDate(rng),
      containers: drawContainers(rng),
    });
  }
  return out;
}

/** count_containers and volume (numeric text, 3 decimals) of a container list. */
export function rollup(containers: Container[]): { count: number; volume: string } {
  return { count: containers.length, volume: containers.reduce((s, c) => s + Number(c.volume), 0).toFixed(3) };
}
