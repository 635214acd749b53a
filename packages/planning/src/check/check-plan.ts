/**
 * The independent checker of a plan: recomputes every rule from the instance and the routes'
 * stops alone — never from the solver's `feasible` / `violations` — so tests and the bench can
 * trust a plan only as far as this says. It shares with the solver only the rules' figures
 * (rules.ts, Приказ Минтранса № 424) and the body table (bodies.ts), not the timeline.
 *
 * Per route: starts and ends at its truck's garage, within the crew's shift and the garage's
 * hours; each stop reached no sooner than the travel time allows; sites within their window (the
 * day's when the card has none) and served for their service time × the share taken; facilities
 * within their hours; the load (m³, kg, containers) recomputed from the shares, reset at each
 * facility, never over the body and empty on return; the body compatible with every site; the
 * shift ≤ maxShiftS; driving ≤ maxDailyDrivingS; no stretch of driving over maxDrivingStretchS
 * without a break of 45 min or one of 15 min followed by one of 30 min (п. 32); the distance equal
 * to the sum of the legs. Plan-wide: every site served exactly once in full or listed unplanned
 * with a reason; a truck runs no more shifts than crews, and its shifts do not overlap.
 */
import { carriesContainers, compatible } from '../bodies';
import { nodeOfDepot, nodeOfFacility, nodeOfSite } from '../matrix';
import { planUnits, rulesOf, SPLIT_BREAK_S } from '../rules';
import type { PlanInstance, PlannedRoute, PlanResult, ViolationCode } from '../types';

export interface CheckViolation {
  /** Index into `result.routes`, or null for a plan-wide finding. */
  route: number | null;
  code: ViolationCode;
  detail: string;
}

export interface CheckReport {
  ok: boolean;
  violations: CheckViolation[];
  /** Recomputed per route: shift length, driving, distance (s, s, m). */
  routes: { shiftS: number; drivingS: number; distanceM: number }[];
}

const TOL_S = 1;
const TOL = 1e-6;

/** Checks `result` against `inst`. */
export function checkPlan(inst: PlanInstance, result: Pick<PlanResult, 'routes' | 'unplanned' | 'unserved'>): CheckReport {
  const rules = rulesOf(inst);
  const units = planUnits(inst);
  const out: CheckViolation[] = [];
  const shares = new Float64Array(inst.sites.length);
  const recomputed = result.routes.map((r, k) => checkRoute(inst, r, k, out, shares, rules, units));

  const unplanned = new Map((result.unplanned ?? result.unserved.map((site) => ({ site, reason: '', detail: '' }))).map((u) => [u.site, u]));
  inst.sites.forEach((_, s) => {
    const u = unplanned.get(s);
    if (u && shares[s]! > TOL) out.push({ route: null, code: 'COVERAGE', detail: `площадка ${s} и в маршруте, и среди незапланированных` });
    else if (u && result.unplanned && !u.reason) out.push({ route: null, code: 'COVERAGE', detail: `площадка ${s} не запланирована без причины` });
    else if (!u && Math.abs(shares[s]! - 1) > 1e-6) out.push({ route: null, code: 'COVERAGE', detail: `площадка ${s} обслужена на ${(shares[s]! * 100).toFixed(1)} %` });
  });

  const byVehicle = new Map<number, number[]>();
  result.routes.forEach((r, k) => byVehicle.set(r.vehicle, [...(byVehicle.get(r.vehicle) ?? []), k]));
  for (const [v, ks] of byVehicle) {
    const crews = inst.vehicles[v]!.crews ?? 1;
    if (ks.length > crews) out.push({ route: ks[crews]!, code: 'CREWS', detail: `машина ${v}: ${ks.length} смен при ${crews} экипажах` });
    const spans = ks.map((k) => [result.routes[k]!.stops[0]!.departureS, result.routes[k]!.stops.at(-1)!.arrivalS] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i]![0] < spans[i - 1]![1] - TOL_S) out.push({ route: ks[i]!, code: 'CREWS', detail: `смены машины ${v} пересекаются` });
    }
  }
  return { ok: out.length === 0, violations: out, routes: recomputed };
}

function checkRoute(
  inst: PlanInstance, r: PlannedRoute, k: number, out: CheckViolation[], shares: Float64Array,
  rules: ReturnType<typeof rulesOf>, units: ReturnType<typeof planUnits>,
): { shiftS: number; drivingS: number; distanceM: number } {
  const flag = (code: ViolationCode, detail: string) => out.push({ route: k, code, detail });
  const vehicle = inst.vehicles[r.vehicle]!;
  const unit = units.find((u) => u.vehicle === r.vehicle && u.crew === (r.crew ?? 0));
  const first = r.stops[0];
  const last = r.stops.at(-1);
  if (!first || !last || first.type !== 'GARAGE' || last.type !== 'GARAGE' || first.index !== vehicle.depot || last.index !== vehicle.depot) {
    flag('TIMES', 'маршрут не начинается и не заканчивается в гараже своей машины');
    return { shiftS: 0, drivingS: 0, distanceM: 0 };
  }
  const cpt = vehicle.containersPerTrip ?? (carriesContainers(vehicle.loading) ? 1 : undefined);
  let node = nodeOfDepot(inst, vehicle.depot);
  let prevDeparture = first.departureS;
  let distanceM = 0;
  let drivingS = 0;
  let stretchS = 0;
  let halfBreak = false;
  let m3 = 0;
  let kg = 0;
  let containers = 0;
  for (let i = 1; i < r.stops.length; i++) {
    const stop = r.stops[i]!;
    if (stop.type === 'LUNCH_BREAK') {
      const len = stop.departureS - stop.arrivalS;
      if (stop.arrivalS < prevDeparture - TOL_S) flag('TIMES', `перерыв ${i + 1} начинается раньше, чем закончилась предыдущая остановка`);
      if (len >= rules.drivingBreakS - TOL_S) { stretchS = 0; halfBreak = false; }
      else if (halfBreak && len >= SPLIT_BREAK_S.second - TOL_S) { stretchS = 0; halfBreak = false; }
      else if (len >= SPLIT_BREAK_S.first - TOL_S) halfBreak = true;
      prevDeparture = stop.departureS;
      continue;
    }
    const to = stop.type === 'GARAGE' ? nodeOfDepot(inst, stop.index!) : stop.type === 'WASTE_MANAGEMENT_FACILITY' ? nodeOfFacility(inst, stop.index!) : nodeOfSite(inst, stop.index!);
    const legS = inst.matrix.timeS(node, to);
    distanceM += inst.matrix.distanceM(node, to);
    drivingS += legS;
    stretchS += legS;
    if (stretchS > rules.maxDrivingStretchS + TOL_S) {
      flag('DRIVING_STRETCH', `к остановке ${i + 1}: ${(stretchS / 3600).toFixed(2)} ч управления без перерыва`);
      stretchS = 0; // report once per stretch
    }
    if (stop.arrivalS < prevDeparture + legS - TOL_S) flag('TIMES', `остановка ${i + 1}: прибытие раньше, чем позволяет переезд`);
    node = to;
    if (stop.type === 'WASTE_AREA') {
      const site = inst.sites[stop.index!]!;
      const share = stop.share ?? 1;
      shares[stop.index!] = shares[stop.index!]! + share;
      if (!compatible(vehicle.loading, site.bodies)) flag('INCOMPATIBLE_BODY', `площадка ${stop.index}: нужен кузов ${site.bodies?.join('/')}, у машины ${vehicle.loading}`);
      const window = site.window ?? { openS: inst.shift.startS, closeS: inst.shift.endS };
      if (stop.arrivalS < window.openS - TOL_S || stop.departureS > window.closeS + TOL_S) flag('SITE_WINDOW', `площадка ${stop.index}: ${stop.arrivalS}–${stop.departureS} вне ${window.openS}–${window.closeS}`);
      if (stop.departureS - stop.arrivalS < site.serviceS * share - TOL_S) flag('TIMES', `площадка ${stop.index}: обслуживание короче нормы`);
      m3 += site.volumeM3 * share;
      kg += (site.massKg ?? 0) * share;
      containers += Math.max(1, site.containers ?? 1) * share;
      if (m3 > vehicle.capacityM3 + 1e-6 || (cpt != null && containers > cpt + 1e-6)) flag('OVER_CAPACITY', `после площадки ${stop.index}: ${m3.toFixed(2)} м³, ${containers.toFixed(2)} конт.`);
      if (vehicle.payloadKg != null && kg > vehicle.payloadKg + 1e-6) flag('OVER_PAYLOAD', `после площадки ${stop.index}: ${kg.toFixed(0)} кг при ${vehicle.payloadKg} кг`);
    } else if (stop.type === 'WASTE_MANAGEMENT_FACILITY') {
      const hours = inst.facilities[stop.index!]!.hours;
      if (hours && (stop.arrivalS < hours.openS - TOL_S || stop.departureS > hours.closeS + TOL_S)) flag('FACILITY_HOURS', `выгрузка ${stop.arrivalS}–${stop.departureS} вне ${hours.openS}–${hours.closeS}`);
      if (stop.departureS - stop.arrivalS < inst.shift.unloadS - TOL_S) flag('TIMES', 'выгрузка короче нормы');
      m3 = 0; kg = 0; containers = 0;
    } else if (i !== r.stops.length - 1) {
      flag('TIMES', 'заезд в гараж посреди смены');
    }
    prevDeparture = stop.departureS;
  }
  if (m3 > TOL || kg > TOL) flag('NOT_UNLOADED', `${m3.toFixed(2)} м³ на борту при возврате`);
  const shiftS = last.arrivalS - first.departureS;
  if (shiftS > rules.maxShiftS + TOL_S) flag('SHIFT_TOO_LONG', `смена ${(shiftS / 3600).toFixed(2)} ч`);
  if (drivingS > rules.maxDailyDrivingS + TOL_S) flag('DAILY_DRIVING', `управление ${(drivingS / 3600).toFixed(2)} ч`);
  if (unit && (first.departureS < unit.startS - TOL_S || last.arrivalS > unit.endS + TOL_S)) flag('RETURN_LATE', `смена ${first.departureS}–${last.arrivalS} вне ${unit.startS}–${unit.endS}`);
  const hours = inst.depots[vehicle.depot]!.hours;
  if (hours && (first.departureS < hours.openS - TOL_S || last.arrivalS > hours.closeS + TOL_S)) flag('GARAGE_HOURS', 'выезд или возврат вне часов работы гаража');
  if (Math.abs(distanceM - r.distanceM) > 1) flag('DISTANCE', `${r.distanceM.toFixed(0)} м в маршруте, ${distanceM.toFixed(0)} м по переездам`);
  const served = new Set(r.stops.filter((s) => s.type === 'WASTE_AREA').map((s) => s.index));
  if (served.size !== new Set(r.sites).size || r.sites.some((s) => !served.has(s))) flag('COVERAGE', 'список площадок маршрута не совпадает с его остановками');
  return { shiftS, drivingS, distanceM };
}
