/**
 * The truck profile of the road graph: the speed (km/h) a loaded refuse truck keeps on each OSM
 * road class (`highway=*`, osm2pgrouting's `osm.configuration.tag_value`). An edge is driven at
 * min(class speed, the edge's own maxspeed), so a posted limit below the class speed still counts.
 *
 * The defaults are urban speeds well under the limits (Правила дорожного движения п. 10.2: 60 km/h
 * in a settlement; п. 10.3: 70 km/h for a lorry over 3.5 t outside one): a 20–26 t compactor with
 * stops, junctions and traffic averages far less than the limit, the way OSRM's car profile and
 * VROOM's truck set-ups reduce the posted speed. They are assumptions, not measurements: override
 * them per installation with ROUTING_TRUCK_SPEEDS (docs/CONFIGURATION.md).
 */

/** Speeds in km/h by road class. */
export type SpeedTable = Readonly<Record<string, number>>;

/** Urban defaults for a loaded refuse truck (km/h). */
export const DEFAULT_TRUCK_SPEEDS: SpeedTable = Object.freeze({
  motorway: 60, motorway_link: 40, motorway_junction: 40,
  trunk: 50, trunk_link: 35,
  primary: 40, primary_link: 30,
  secondary: 35, secondary_link: 30,
  tertiary: 30, tertiary_link: 25,
  unclassified: 25, road: 20,
  residential: 20, living_street: 10, service: 10,
});

/** Speed (km/h) of a class the table does not list. */
export const DEFAULT_OTHER_SPEED = 20;

/** A routing profile: its name (part of the graph cache key) and speeds. */
export interface TruckProfile {
  name: string;
  speeds: SpeedTable;
  /** Speed (km/h) of a class missing from `speeds`. */
  otherSpeed: number;
}

/** Thrown for an unreadable ROUTING_TRUCK_SPEEDS (the text and the bad part). */
export class ProfileError extends Error {}

/**
 * The profile of ROUTING_TRUCK_SPEEDS ("class=km/h" pairs separated by commas, e.g.
 * "primary=45,residential=15,other=20"; `other` sets the speed of unlisted classes) over the
 * defaults. Throws ProfileError for a pair that is not `name=number` with 1 ≤ number ≤ 130.
 */
export function truckProfile(text: string | undefined = process.env.ROUTING_TRUCK_SPEEDS): TruckProfile {
  const speeds: Record<string, number> = { ...DEFAULT_TRUCK_SPEEDS };
  let otherSpeed = DEFAULT_OTHER_SPEED;
  for (const part of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z_]+)\s*=\s*(\d+(?:\.\d+)?)$/.exec(part);
    const v = m ? Number(m[2]) : Number.NaN;
    if (!m || !(v >= 1 && v <= 130)) throw new ProfileError(`ROUTING_TRUCK_SPEEDS: «${part}» is not class=km/h (1–130)`);
    if (m[1] === 'other') otherSpeed = v;
    else speeds[m[1]!] = v;
  }
  const name = `truck:${Object.entries(speeds).sort().map(([k, v]) => `${k}=${v}`).join(',')},other=${otherSpeed}`;
  return { name, speeds: Object.freeze(speeds), otherSpeed };
}

/** Seconds to drive `metres` of a road of class `roadClass` whose posted limit is `maxKmh` (≤ 0: none). */
export function edgeSeconds(profile: TruckProfile, roadClass: string, maxKmh: number, metres: number): number {
  const classKmh = profile.speeds[roadClass] ?? profile.otherSpeed;
  const kmh = maxKmh > 0 ? Math.min(classKmh, maxKmh) : classKmh;
  return metres / (kmh / 3.6);
}
