/**
 * Shapes of a daily collection planning instance and its answer (issue 10 §4).
 *
 * Units: distances in metres, times in seconds since midnight (local time of the region), volumes
 * in m³ of loose waste. Nodes of the travel matrix are numbered depots first, then facilities,
 * then sites (`nodeOfDepot`, `nodeOfFacility`, `nodeOfSite` in matrix.ts).
 */

/** WGS-84 degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Opening hours of a place, s since midnight (`openS` ≤ `closeS`). */
export interface TimeWindow {
  openS: number;
  closeS: number;
}

/** A container site due on the day. */
export interface PlanSite {
  id: number | string;
  point: LatLng;
  /** Waste to take on this visit, m³ (containers × volume × fill factor). */
  volumeM3: number;
  /** Time spent at the site, s (containers × service time per container). */
  serviceS: number;
  /** Mass of that waste, kg (volume × bulk density, bodies.ts); absent: not limited by mass. */
  massKg?: number;
  /** Containers emptied (a multilift or portal truck carries `containersPerTrip` of them at a time). */
  containers?: number;
  /** Arrival no earlier than `openS`, leave no later than `closeS` (the site card's window); absent: the day's window. */
  window?: TimeWindow;
  /** Loading types (LoadingType codes) of the bodies that can serve it (bodies.ts); absent: any body. */
  bodies?: string[];
}

/** A garage: every route of its vehicles starts and ends there. */
export interface PlanDepot {
  id: number | string;
  point: LatLng;
  /** When trucks may leave and must be back; absent: unrestricted. */
  hours?: TimeWindow;
}

/** A waste-management facility allowed for unloading (landfill, sorting station). */
export interface PlanFacility {
  id: number | string;
  point: LatLng;
  /** Unloading starts no earlier than `openS` and ends by `closeS`; absent: unrestricted. */
  hours?: TimeWindow;
}

/** A truck of the fleet. */
export interface PlanVehicle {
  id: number | string;
  /** Index into `PlanInstance.depots`. */
  depot: number;
  /** Waste it may carry between two unloadings, m³ = body_m3 × compression ratio. */
  capacityM3: number;
  /** Mass it may carry, kg (payload_kg); absent: unknown, mass not limited. */
  payloadKg?: number;
  /** Its loading type (LoadingType code: REAR, SIDE, FRONT, MULTILIFT, PORTAL, CRANE, KGO, BAGGED_MANUAL); absent: any site. */
  loading?: string;
  /** Containers carried per trip (1 for a multilift or portal body: one bunker at a time); absent: unlimited. */
  containersPerTrip?: number;
  /** Crews a day: 2 = two shifts (the second starts at `PlanShift.secondShiftS`). Default 1. */
  crews?: number;
  /** Cost of using the truck for a shift, in metres of driving (added to the plan's cost). Default 0. */
  fixedCostM?: number;
}

/**
 * Working time of a driver (Приказ Минтранса России от 16.10.2020 № 424 «Об утверждении
 * Особенностей режима рабочего времени и времени отдыха … водителей автомобилей»): the shift,
 * garage to garage with breaks, at most `maxShiftS` (12 h under summarised accounting); driving at
 * most `maxDrivingStretchS` (4 h 30 min) before a break of `drivingBreakS` (45 min; the law lets it
 * be split 15 + 30 min, the checker accepts that); driving at most `maxDailyDrivingS` (9 h) a day.
 * The lunch of `PlanShift.lunchS` counts as that break when it is at least `drivingBreakS` long.
 */
export interface WorkRules {
  maxShiftS: number;
  maxDrivingStretchS: number;
  drivingBreakS: number;
  maxDailyDrivingS: number;
}

/**
 * The day's window (the schedule's arrival and leave: 06:00–22:00 by default) — not a shift: a
 * shift (crew) starts at `startS` (the second crew at `secondShiftS`) and lasts at most
 * `WorkRules.maxShiftS`, and every site is served within the day's window unless its card says
 * otherwise.
 */
export interface PlanShift {
  /** The first crew leaves the garage, s since midnight (06:00 = 21 600). */
  startS: number;
  /** Back at the garage at the latest, s since midnight (22:00 = 79 200). */
  endS: number;
  /** The lunch is taken at the first stop reached `lunchAfterS − startS` after the crew's start (12:00 for a 06:00 start). */
  lunchAfterS: number;
  /** The second crew of a two-crew truck takes over at the garage at this time, s since midnight; default the middle of the day's window. */
  secondShiftS?: number;
  /** Length of the break, s. */
  lunchS: number;
  /** Time to unload at a facility (weighing, tipping), s. */
  unloadS: number;
}

/** Travel between two nodes; `source` says where the numbers come from (stated in the answer). */
export interface TravelMatrix {
  size: number;
  distanceM(from: number, to: number): number;
  timeS(from: number, to: number): number;
  source: 'road_graph' | 'great_circle' | 'mixed';
  /** Great-circle only: the factor the straight distance is multiplied by. */
  detourFactor?: number;
  /** Great-circle only: the average speed used for the times, km/h. */
  speedKmh?: number;
}

export interface PlanInstance {
  sites: PlanSite[];
  depots: PlanDepot[];
  facilities: PlanFacility[];
  vehicles: PlanVehicle[];
  shift: PlanShift;
  matrix: TravelMatrix;
  /** Working-time limits; absent: WORK_RULES_424 (rules.ts). */
  rules?: WorkRules;
}

/** One crew's use of a truck: vehicle `vehicle`, crew 0 or 1, leaving at `startS`, back by `endS`. */
export interface PlanUnit {
  vehicle: number;
  crew: number;
  startS: number;
  endS: number;
}

export type StopType = 'GARAGE' | 'WASTE_AREA' | 'LUNCH_BREAK' | 'WASTE_MANAGEMENT_FACILITY';

/** One stop of a route. `index` points into depots / sites / facilities by type (null for a break). */
export interface PlannedStop {
  type: StopType;
  index: number | null;
  /** Arrival, s since midnight. */
  arrivalS: number;
  /** Departure, s since midnight. */
  departureS: number;
  /** Load on leaving the stop, m³. */
  loadM3: number;
  /** Load on leaving the stop, kg (0 when the sites have no mass). */
  loadKg?: number;
  /** At a site: the share of its waste taken at this stop (1, or less when its waste needs several trips). */
  share?: number;
  /** At a break: 'lunch' or 'driving' (the 45-minute break after 4 h 30 min of driving). */
  breakKind?: 'lunch' | 'driving';
}

/** Why a route breaks a rule (route.violations); the checker (check/) uses the same codes. */
export type ViolationCode =
  | 'SHIFT_TOO_LONG' | 'RETURN_LATE' | 'DRIVING_STRETCH' | 'DAILY_DRIVING' | 'SITE_WINDOW' | 'FACILITY_HOURS'
  | 'GARAGE_HOURS' | 'OVER_CAPACITY' | 'OVER_PAYLOAD' | 'INCOMPATIBLE_BODY' | 'TIMES' | 'DISTANCE' | 'NOT_UNLOADED' | 'COVERAGE' | 'CREWS';

/** One vehicle's day. */
export interface PlannedRoute {
  /** Index into `PlanInstance.vehicles`. */
  vehicle: number;
  /** 0: the first crew; 1: the second crew of a two-crew truck. */
  crew?: number;
  /** Site indices in visiting order. */
  sites: number[];
  stops: PlannedStop[];
  distanceM: number;
  /** Back at the garage, s since midnight. */
  endS: number;
  /** Trips to a facility (the last one, before going home, included). */
  unloads: number;
  /** The largest load carried, m³. */
  maxLoadM3: number;
  /** Leaves the garage, s since midnight. */
  startS?: number;
  /** Time at the wheel, s. */
  drivingS?: number;
  /** true when no rule is broken (`violations` empty). */
  feasible: boolean;
  /** The rules it breaks (possible after a manual move, or when planning to a kept assignment). */
  violations?: ViolationCode[];
}

/** Why a site is not planned. */
export type UnplannedReason = 'NO_COMPATIBLE_VEHICLE' | 'WINDOW_UNREACHABLE' | 'FLEET_TOO_SMALL' | 'NO_COORDINATES';

export interface UnplannedSite {
  site: number;
  reason: UnplannedReason;
  /** What decided it, in Russian (shown to the dispatcher). */
  detail: string;
}

export interface PlanResult {
  routes: PlannedRoute[];
  /** Sites not planned (indices); `unplanned` says why for each. */
  unserved: number[];
  unplanned?: UnplannedSite[];
  totals: PlanTotals;
}

export interface PlanTotals {
  distanceM: number;
  vehicles: number;
  unloads: number;
  sites: number;
  /** Routes that break a rule (over capacity, late, too long a shift…). */
  infeasibleRoutes: number;
  /** Garage to garage, s: the longest shift and the sum of all. */
  longestShiftS?: number;
  shiftsS?: number;
  drivingS?: number;
}
