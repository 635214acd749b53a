/**
 * The shapes of a simulated day (`pnpm simulate-day`, docs/TRACKING.md «Day simulator»): the
 * planned day as read from the schedule's routes (day-plan.ts), and the ground truth the simulator
 * writes (day-track.ts). Times of the plan are seconds from the region's local midnight of the work
 * date; instants are ms since the epoch; distances in metres; coordinates in degrees (WGS 84).
 */

export type DayStopKind = 'GARAGE' | 'WASTE_AREA' | 'LUNCH_BREAK' | 'WASTE_MANAGEMENT_FACILITY';

/** A stop of a planned route, in route order (a lunch stop may have no point: taken where the truck is). */
export interface DayStop {
  kind: DayStopKind;
  siteId: number | null;
  lat: number | null;
  lng: number | null;
  arrivalS: number;
  departureS: number;
}

/** One truck's planned day: the vehicle, its Wialon identifier (vehicle.external_identifier) and stops. */
export interface DayRoute {
  routeId: number;
  scheduleId: number;
  vehicleId: number;
  plate: string;
  imei: string | null;
  stops: DayStop[];
}

/** A site due on the date: its point, service radius (m), window (s from midnight) and planned truck (null = not placed by the plan). */
export interface DueSite {
  id: number;
  name: string;
  scheduleId: number;
  lat: number;
  lng: number;
  radiusM: number;
  window: { openS: number; closeS: number };
  plannedVehicleId: number | null;
}

/** The day to drive: the work date (YYYY-MM-DD), the instant of its local midnight, the routes and due sites. */
export interface SimDay {
  workDate: string;
  midnightMs: number;
  routes: DayRoute[];
  sites: DueSite[];
}

/** What the simulator intended for a due site. */
export type SiteIntent = 'serve' | 'skip' | 'late' | 'unplanned';
/** The site's status by what the trucks actually did (the plan/fact statuses' names; day-track.ts says how). */
export type TruthStatus = 'served' | 'served_unplanned' | 'late' | 'missed';

/** One stay of a truck that serves the site for certain: at most radius − 15 m away, for at least the dwell + 20 s. */
export interface TruthService {
  vehicle_id: number;
  license_plate: string;
  arrived_at: string;
  left_at: string;
  dwell_s: number;
  distance_m: number;
}

/** The ground truth of one due site. `ambiguous`: a stay lay within radius ± 15 m (GPS noise decides); excluded from exact checks. */
export interface SiteTruth {
  site_id: number;
  name: string;
  schedule_id: number;
  planned_vehicle_id: number | null;
  window: { open: string; close: string };
  intent: SiteIntent;
  status: TruthStatus;
  ambiguous: boolean;
  services: TruthService[];
}

/** The file `--truth` writes. */
export interface DayTruth {
  work_date: string;
  seed: number;
  options: Record<string, number>;
  vehicles: { vehicle_id: number; license_plate: string; imei: string | null; fixes: number; packets: number; dropped: number; black_box: number }[];
  sites: SiteTruth[];
  counts: Record<TruthStatus | 'ambiguous' | 'due', number>;
}
