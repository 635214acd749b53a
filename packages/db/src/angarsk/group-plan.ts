/**
 * Turns the visits of the route plan into registry objects (docs/DATA.md): one container site
 * per distinct coordinate pair at 6 decimals, the garages, the vehicles with their garage, which
 * vehicle serves which site, and the garage whose schedule takes each site.
 */
import type { PlanRow } from './read-plan';
import { addressToLocation, cityOf, normalizePlate, siteKey } from './normalize';

export interface PlanSite {
  /** 'lat,lng' with 6 decimals: the site's external_id. */
  key: string;
  lat: number;
  lng: number;
  /** The address given most often for this point (ties: alphabetical), commas restored. */
  location: string;
  /** The other addresses given for the same point, if any (then the address needs checking). */
  otherLocations: string[];
  city: string | null;
  /** Union of the served days of the month over every visit, ascending. */
  days: number[];
  /**
   * The garage whose schedule serves the site (docs/DATA.md «Schedules»): the one whose trucks
   * list it on the most (truck, day of the month) pairs; a tie goes to the garage met first in the file.
   */
  garage: string;
}

export interface RoutePlan {
  rows: number;
  sites: PlanSite[];
  /** Garage names, as written in Descr. */
  garages: string[];
  /** Normalised plate → garage (the first garage the plate appears with). */
  vehicles: { plate: string; garage: string }[];
  /** Distinct (plate, site key) pairs. */
  links: { plate: string; key: string }[];
}

/** Groups plan rows; pure (no I/O). Coordinates are rounded to 6 decimals. */
export function groupPlan(rows: PlanRow[]): RoutePlan {
  const sites = new Map<string, { lat: number; lng: number; addresses: Map<string, number>; days: Set<number>; serving: Map<string, Set<string>> }>();
  const vehicles = new Map<string, string>();
  const links = new Map<string, { plate: string; key: string }>();
  for (const row of rows) {
    const lat = Number(row.lat.toFixed(6));
    const lng = Number(row.lng.toFixed(6));
    const key = siteKey(lat, lng);
    let site = sites.get(key);
    if (!site) sites.set(key, (site = { lat, lng, addresses: new Map(), days: new Set(), serving: new Map() }));
    const location = addressToLocation(row.address);
    site.addresses.set(location, (site.addresses.get(location) ?? 0) + 1);
    for (const d of row.days) site.days.add(d);
    const plate = normalizePlate(row.plate);
    let pairs = site.serving.get(row.garage);
    if (!pairs) site.serving.set(row.garage, (pairs = new Set()));
    for (const d of row.days) pairs.add(`${plate}|${d}`);
    if (!vehicles.has(plate)) vehicles.set(plate, row.garage);
    links.set(`${plate}|${key}`, { plate, key });
  }
  const garages = [...new Set(rows.map((r) => r.garage))];
  return {
    rows: rows.length,
    sites: [...sites].map(([key, s]) => {
      const [location, ...otherLocations] = [...s.addresses]
        .sort(([a, n], [b, m]) => m - n || a.localeCompare(b, 'ru'))
        .map(([address]) => address);
      const garage = [...s.serving].sort(([a, p], [b, q]) => q.size - p.size || garages.indexOf(a) - garages.indexOf(b))[0]![0];
      return { key, lat: s.lat, lng: s.lng, location: location!, otherLocations, city: cityOf(location!), days: [...s.days].sort((a, b) => a - b), garage };
    }),
    garages,
    vehicles: [...vehicles].map(([plate, garage]) => ({ plate, garage })),
    links: [...links.values()],
  };
}
