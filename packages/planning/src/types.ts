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

/** A container site due on the day. */
export interface PlanSite {
  id: number | string;
  point: LatLng;
  /** Waste to take on this visit, m³ (containers × volume × fill factor). */
  volumeM3: number;
  /** Time spent at the site, s (containers × service time per container). */
  serviceS: number;
}

/** A garage: every route of its vehicles starts and ends there. */
export interface PlanDepot {
  id: number | string;
  point: LatLng;
}

/** A waste-management facility allowed for unloading (landfill, sorting station). */
export interface PlanFacility {
  id: number | string;
  point: LatLng;
}

/** A truck of the fleet. */
export interface PlanVehicle {
  id: number | string;
  /** Index into `PlanInstance.depots`. */
  depot: number;
  /** Waste it may carry between two unloadings, m³ = body_m3 × compression ratio. */
  capacityM3: number;
}

/** The working day (issue 10 §1: arrival 06:00, leave 22:00) and its lunch break. */
export interface PlanShift {
  /** Leave the garage, s since midnight (06:00 = 21 600). */
  startS: number;
  /** Back at the garage at the latest, s since midnight (22:00 = 79 200). */
  endS: number;
  /** The break is taken at the first stop reached at or after this time, s since midnight. */
  lunchAfterS: number;
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
}

/** One vehicle's day. */
export interface PlannedRoute {
  /** Index into `PlanInstance.vehicles`. */
  vehicle: number;
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
  /** true when the route is back by `shift.endS` and never over capacity. */
  feasible: boolean;
}

export interface PlanResult {
  routes: PlannedRoute[];
  /** Sites that no vehicle could take (fleet too small or a site farther than a day allows). */
  unserved: number[];
  totals: PlanTotals;
}

export interface PlanTotals {
  distanceM: number;
  vehicles: number;
  unloads: number;
  sites: number;
  /** Routes over capacity or back after the end of the shift. */
  infeasibleRoutes: number;
}
