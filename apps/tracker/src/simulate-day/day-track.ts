/**
 * A planned day turned into what the trucks' trackers send, and the ground truth of it (pure,
 * deterministic for a seed; the day simulator, docs/TRACKING.md «Day simulator»).
 *
 * Each route is driven stop by stop from its garage: along the leg's road path when one is given
 * (`legs`), else straight; a cruise speed of 20–50 km/h per leg, 12–18 km/h over the last 30 m before
 * a turn sharper than 40° and before a stop; a fix every `stepS` seconds with
 * 5–15 m of GPS noise, speed 0 while standing. A truck never arrives before the plan: it waits
 * longer at the stop before. At a site it serves it stands 60–180 s (at least the plan's stay);
 * at the facility and a lunch break it stands the plan's time (a lunch is taken at a spot ≥ 30 m
 * outside every due site's radius). Skipped sites (`skipShare`) are driven through without stopping;
 * `late` sites are left out of the route and served on an evening trip from the garage after their
 * window closed. Traffic stops that are not services: 10–20 s on the leg (shorter than the dwell),
 * and 1–3 min 70 m before a site where that spot is ≥ 30 m outside every radius.
 * Delivery: each fix is one packet sent at its time, `dropShare` of them lost, and once per truck
 * 5–8 minutes of fixes held and sent as one black box when the connection comes back.
 *
 * The truth is computed from the stands, not from the intent: a stand of at least the dwell + 20 s
 * whose point lies within radius − 15 m of a due site serves it (the noise cannot push a fix out);
 * within radius + 15 m, or a stand of dwell − 10 … dwell + 20 s within the radius, makes the site
 * ambiguous. Status by the first certain service, as plan/fact counts a site's first stay
 * (docs/TRACKING.md «Plan and fact»): arriving outside the window → late; else by a truck other
 * than the planned one → served_unplanned; else served; none → missed. Every truck of the day
 * counts, whatever its schedule.
 */
import { haversineM } from '@tko/db';
import { Rng } from '@tko/planning/hgs';
import type { FixInput } from '../wialon/encode';
import type { DayRoute, DayTruth, DueSite, SimDay, SiteIntent, SiteTruth, TruthService, TruthStatus } from './day-types';

export interface DayTrackOptions {
  seed: number;
  /** Share of due sites driven past instead of served (0…1). */
  skipShare: number;
  /** How many sites are served late (after their window). */
  late: number;
  /** Seconds between fixes. */
  stepS: number;
  /** Share of packets lost (0…1). */
  dropShare: number;
  /** The product's visit rule: shortest stay, s. */
  dwellS: number;
  /** Road path of a leg, [lat, lng][] from `a` to `b` (null: straight). */
  legs?: (routeId: number, index: number) => [number, number][] | null;
}

/** One packet: one fix (SD) or several (a black box), sent at `at` (ms, simulated). */
export interface SimPacket { at: number; fixes: FixInput[] }

export interface TruckDay {
  route: DayRoute;
  packets: SimPacket[];
  fixes: number;
  dropped: number;
  blackBox: number;
}

export interface DayTrack { trucks: TruckDay[]; truth: DayTruth }

type LatLng = [number, number];
interface Stand { lat: number; lng: number; from: number; to: number; vehicleId: number; plate: string }
interface Pause { atM: number; standS: number }

const NOISE_M = [5, 15] as const;
const M_LAT = 111_195;
const mLng = (lat: number) => M_LAT * Math.cos((lat * Math.PI) / 180);
const bearing = (a: LatLng, b: LatLng) => ((Math.atan2((b[1] - a[1]) * Math.cos((a[0] * Math.PI) / 180), b[0] - a[0]) * 180) / Math.PI + 360) % 360;
const hhmmss = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), Math.floor(s % 60)].map((n) => String(n).padStart(2, '0')).join(':');

/** The day's packets per truck and its ground truth; throws nothing (a route without points is driven as far as it has them). */
export function dayTrack(day: SimDay, o: DayTrackOptions): DayTrack {
  const rng = new Rng(o.seed);
  const u = (a: number, b: number) => a + rng.float() * (b - a);
  const sites = day.sites;
  const siteById = new Map(sites.map((s) => [s.id, s]));
  /** Metres by which a point lies outside the nearest due site's radius (negative: inside). */
  const clearance = (lat: number, lng: number) => {
    let best = Infinity;
    for (const s of sites) {
      const d = haversineM(lat, lng, s.lat, s.lng) - s.radiusM;
      if (d < best) best = d;
    }
    return best;
  };
  const isolated = (s: DueSite) => sites.every((x) => x.id === s.id || haversineM(s.lat, s.lng, x.lat, x.lng) > s.radiusM + x.radiusM + 30);

  // Intent: a share skipped, a few late, among isolated sites of the routes (a neighbour's service would serve them too).
  const intent = new Map<number, SiteIntent>(sites.map((s) => [s.id, s.plannedVehicleId === null ? 'unplanned' : 'serve']));
  const candidates = sites.filter((s) => s.plannedVehicleId !== null && isolated(s)).map((s) => s.id).sort((a, b) => a - b);
  rng.shuffle(candidates);
  const nSkip = Math.min(candidates.length, Math.round(o.skipShare * sites.filter((s) => s.plannedVehicleId !== null).length));
  for (const id of candidates.slice(0, nSkip)) intent.set(id, 'skip');
  let lateLeft = o.late;
  for (const id of candidates.slice(nSkip)) {
    if (lateLeft <= 0) break;
    if (siteById.get(id)!.window.closeS <= 22.5 * 3600) { intent.set(id, 'late'); lateLeft--; }
  }

  const stands: Stand[] = [];
  const trucks: TruckDay[] = [];
  for (const route of day.routes) {
    const fixes: FixInput[] = [];
    const at = (s: number) => day.midnightMs + s * 1000;
    const noisy = (p: LatLng, speed: number, course: number, t: number) => {
      const r = u(NOISE_M[0], NOISE_M[1]);
      const b = u(0, 2 * Math.PI);
      fixes.push({ time: new Date(t), lat: +(p[0] + (r * Math.cos(b)) / M_LAT).toFixed(6), lng: +(p[1] + (r * Math.sin(b)) / mLng(p[0])).toFixed(6), speed, course: Math.round(course) });
    };
    let t = 0;
    let pos: LatLng | null = null;
    let course = 0;
    const stand = (until: number) => {
      if (!pos) return;
      const last = fixes[fixes.length - 1]?.time.getTime() ?? -Infinity;
      if (last >= t) t = last + o.stepS * 1000;
      const from = t;
      for (; t <= until; t += o.stepS * 1000) noisy(pos, 0, course, t);
      t = Math.max(t, until);
      const to = Math.max(from, t - o.stepS * 1000);
      const prev = stands[stands.length - 1];
      // Waiting on at a stop continues its stand (one stay, as the product sees it).
      if (prev && prev.vehicleId === route.vehicleId && prev.lat === pos[0] && prev.lng === pos[1] && from - prev.to <= o.stepS * 1000) prev.to = to;
      else stands.push({ lat: pos[0], lng: pos[1], from, to, vehicleId: route.vehicleId, plate: route.plate });
    };
    /** Drives `path` (from pos) at a leg's cruise speed with its pauses; returns the drive's fixes' times relative to its start. */
    const drive = (path: LatLng[], pauses: Pause[], slowEnd: boolean) => {
      const cruise = u(20, 50);
      const cum = [0];
      for (let i = 1; i < path.length; i++) cum.push(cum[i - 1]! + haversineM(path[i - 1]![0], path[i - 1]![1], path[i]![0], path[i]![1]));
      const total = cum[cum.length - 1]!;
      const slow = new Set<number>();
      for (let i = 1; i < path.length - 1; i++) {
        const turn = Math.abs(((bearing(path[i]!, path[i + 1]!) - bearing(path[i - 1]!, path[i]!) + 540) % 360) - 180);
        if (turn > 40) slow.add(i);
      }
      if (slowEnd) slow.add(path.length - 1);
      const speedAt = (d: number) => {
        for (const i of slow) if (d > cum[i]! - 30 && d <= cum[i]! + 5) return u(12, 18);
        return cruise;
      };
      const pointAt = (d: number): LatLng => {
        let i = 1;
        while (i < cum.length - 1 && cum[i]! < d) i++;
        const seg = cum[i]! - cum[i - 1]!;
        const f = seg > 0 ? Math.min(1, Math.max(0, (d - cum[i - 1]!) / seg)) : 1;
        course = bearing(path[i - 1]!, path[i]!);
        return [path[i - 1]![0] + (path[i]![0] - path[i - 1]![0]) * f, path[i - 1]![1] + (path[i]![1] - path[i - 1]![1]) * f];
      };
      const queue = [...pauses].sort((a, b) => a.atM - b.atM);
      let d = 0;
      while (d < total) {
        const v = speedAt(d);
        const next = d + (v / 3.6) * o.stepS;
        const p = queue[0];
        if (p && next >= p.atM) {
          queue.shift();
          pos = pointAt(p.atM);
          d = p.atM;
          t += o.stepS * 1000;
          stand(t + p.standS * 1000);
          continue;
        }
        t += o.stepS * 1000;
        d = Math.min(total, next);
        pos = pointAt(d);
        noisy(pos, d >= total ? 0 : Math.round(v), course, t);
      }
      pos = path[path.length - 1]!;
    };
    /** A spot near `p` at least 30 m outside every due site's radius (null when none within 300 m). */
    const safeSpot = (p: LatLng): LatLng | null => {
      for (const dist of [80, 150, 300]) {
        for (let k = 0; k < 8; k++) {
          const b = (k * Math.PI) / 4;
          const q: LatLng = [p[0] + (dist * Math.cos(b)) / M_LAT, p[1] + (dist * Math.sin(b)) / mLng(p[0])];
          if (clearance(q[0], q[1]) >= 30) return q;
        }
      }
      return null;
    };
    const pointOf = (i: number): LatLng | null => {
      const s = route.stops[i]!;
      return s.lat === null || s.lng === null ? null : [s.lat, s.lng];
    };

    const stops = route.stops;
    const first = stops.findIndex((s) => s.lat !== null);
    if (first < 0) { trucks.push({ route, packets: [], fixes: 0, dropped: 0, blackBox: 0 }); continue; }
    pos = pointOf(first);
    t = at(stops[first]!.departureS) - 120_000;
    stand(at(stops[first]!.departureS));
    let legPath: LatLng[] = [pos!];
    let legPauses: Pause[] = [];
    const lateSites: DueSite[] = [];
    let lastGarage: LatLng = pos!;
    for (let i = first + 1; i < stops.length; i++) {
      const s = stops[i]!;
      const p = pointOf(i) ?? (s.kind === 'LUNCH_BREAK' ? pos : null);
      if (!p) continue;
      const road = o.legs?.(route.routeId, i);
      const piece = road && road.length >= 2 ? road.slice(1) : [p];
      const what: SiteIntent | null = s.kind === 'WASTE_AREA' && s.siteId !== null ? intent.get(s.siteId) ?? null : null;
      if (what === 'late') { lateSites.push(siteById.get(s.siteId!)!); legPath.push(...piece); continue; }
      if (what === 'skip') {
        // Driven through (slowly at the turn, never slow enough to serve); now and then a short traffic stop at the site.
        if (rng.float() < 0.3) legPauses.push({ atM: legLength(legPath) + legLength([legPath[legPath.length - 1]!, ...piece]) - 10, standS: u(10, Math.max(10, o.dwellS - 12)) });
        legPath.push(...piece);
        continue;
      }
      let target: LatLng = p;
      if (s.kind === 'LUNCH_BREAK') target = safeSpot(pos!) ?? pos!;
      const path = s.kind === 'LUNCH_BREAK' ? [...legPath, target] : [...legPath, ...piece];
      // A traffic stop that is not a service: a short one mid-leg, or a long one 70 m before a site when that spot is clear of every radius.
      const len = legLength(path);
      if (len > 300 && rng.float() < 0.25) legPauses.push({ atM: len / 2, standS: u(10, Math.max(10, o.dwellS - 12)) });
      if (s.kind === 'WASTE_AREA' && len > 200 && rng.float() < 0.2) {
        const spot = pointAlong(path, len - 70);
        if (clearance(spot[0], spot[1]) >= 30) legPauses.push({ atM: len - 70, standS: u(60, 180) });
      }
      // Never before the plan's arrival: wait longer at the stop before (a drive at ≥ 20 km/h bounds the leg's time).
      const earliest = at(s.arrivalS) - (len / (50 / 3.6)) * 1000;
      if (t < earliest) stand(earliest);
      pos = legPath[0]!;
      drive(path, legPauses, s.kind === 'WASTE_AREA');
      legPath = [pos!];
      legPauses = [];
      const planned = Math.max(0, s.departureS - s.arrivalS) * 1000;
      const stay = s.kind === 'WASTE_AREA' ? Math.max(planned, u(60, 180) * 1000) : Math.max(planned, 60_000);
      stand(t + stay);
      if (s.kind === 'GARAGE') lastGarage = pos!;
    }
    if (legPath.length > 1) { pos = legPath[0]!; drive(legPath, legPauses, false); stand(t + 60_000); }
    // The evening trip: from the garage after every late site's window closed, each served, back to the garage.
    if (lateSites.length > 0) {
      const leave = Math.max(t + 20 * 60_000, ...lateSites.map((x) => at(x.window.closeS) + u(10, 25) * 60_000));
      if (leave < at(23.5 * 3600)) {
        t = leave;
        pos = lastGarage;
        stand(t + 60_000);
        for (const x of lateSites) {
          drive([pos, [x.lat, x.lng]], [], true);
          stand(t + u(90, 150) * 1000);
        }
        drive([pos, lastGarage], [], false);
        stand(t + 60_000);
      }
    }
    trucks.push(deliver(route, fixes, rng, o));
  }

  return { trucks, truth: truthOf(day, o, intent, stands, trucks) };
}

function legLength(path: readonly LatLng[]): number {
  let d = 0;
  for (let i = 1; i < path.length; i++) d += haversineM(path[i - 1]![0], path[i - 1]![1], path[i]![0], path[i]![1]);
  return d;
}

function pointAlong(path: readonly LatLng[], atM: number): LatLng {
  let d = 0;
  for (let i = 1; i < path.length; i++) {
    const seg = haversineM(path[i - 1]![0], path[i - 1]![1], path[i]![0], path[i]![1]);
    if (d + seg >= atM && seg > 0) {
      const f = (atM - d) / seg;
      return [path[i - 1]![0] + (path[i]![0] - path[i - 1]![0]) * f, path[i - 1]![1] + (path[i]![1] - path[i - 1]![1]) * f];
    }
    d += seg;
  }
  return path[path.length - 1]!;
}

/** Packets of one truck: each fix at its time, some lost, one 5–8 minute stretch held and sent as a black box. */
function deliver(route: DayRoute, fixes: FixInput[], rng: Rng, o: DayTrackOptions): TruckDay {
  const packets: SimPacket[] = [];
  let dropped = 0;
  let blackBox = 0;
  const moving = fixes.map((f, i) => ((f.speed ?? 0) > 0 ? i : -1)).filter((i) => i >= 0);
  const boxStart = moving.length > 0 ? fixes[moving[Math.floor(rng.float() * moving.length)]!]!.time.getTime() : Infinity;
  const boxEnd = boxStart + (5 + rng.float() * 3) * 60_000;
  let held: FixInput[] = [];
  for (const f of fixes) {
    const ft = f.time.getTime();
    if (ft >= boxStart && ft < boxEnd) { held.push(f); continue; }
    if (held.length > 0) { packets.push({ at: ft, fixes: held }); blackBox += held.length; held = []; }
    if (rng.float() < o.dropShare) { dropped++; continue; }
    packets.push({ at: ft, fixes: [f] });
  }
  if (held.length > 0) { packets.push({ at: held[held.length - 1]!.time.getTime(), fixes: held }); blackBox += held.length; }
  return { route, packets, fixes: fixes.length, dropped, blackBox };
}

function truthOf(day: SimDay, o: DayTrackOptions, intent: Map<number, SiteIntent>, stands: Stand[], trucks: TruckDay[]): DayTruth {
  const iso = (ms: number) => new Date(ms).toISOString();
  const out: SiteTruth[] = [];
  for (const s of day.sites) {
    const services: TruthService[] = [];
    let ambiguous = false;
    for (const st of stands) {
      const d = haversineM(st.lat, st.lng, s.lat, s.lng);
      if (d > s.radiusM + NOISE_M[1]) continue;
      const dwell = (st.to - st.from) / 1000;
      if (dwell < o.dwellS - 10) continue;
      if (d <= s.radiusM - NOISE_M[1] && dwell >= o.dwellS + 20) {
        services.push({ vehicle_id: st.vehicleId, license_plate: st.plate, arrived_at: iso(st.from), left_at: iso(st.to), dwell_s: Math.round(dwell), distance_m: Math.round(d) });
      } else ambiguous = true;
    }
    services.sort((a, b) => a.arrived_at.localeCompare(b.arrived_at));
    const inWindow = (x: TruthService) => {
      const sec = (Date.parse(x.arrived_at) - day.midnightMs) / 1000;
      return sec >= s.window.openS && sec <= s.window.closeS;
    };
    const first = services[0];
    const status: TruthStatus = !first ? 'missed' : !inWindow(first) ? 'late'
      : s.plannedVehicleId !== null && first.vehicle_id !== s.plannedVehicleId ? 'served_unplanned' : 'served';
    out.push({
      site_id: s.id, name: s.name, schedule_id: s.scheduleId, planned_vehicle_id: s.plannedVehicleId,
      window: { open: hhmmss(s.window.openS), close: hhmmss(s.window.closeS) },
      intent: intent.get(s.id) ?? 'serve', status, ambiguous, services,
    });
  }
  const counts: DayTruth['counts'] = { due: out.length, served: 0, served_unplanned: 0, late: 0, missed: 0, ambiguous: 0 };
  for (const x of out) { counts[x.status]++; if (x.ambiguous) counts.ambiguous++; }
  return {
    work_date: day.workDate,
    seed: o.seed,
    options: { skip: o.skipShare, late: o.late, step_s: o.stepS, drop: o.dropShare, dwell_s: o.dwellS },
    vehicles: trucks.map((x) => ({ vehicle_id: x.route.vehicleId, license_plate: x.route.plate, imei: x.route.imei, fixes: x.fixes, packets: x.packets.length, dropped: x.dropped, black_box: x.blackBox })),
    sites: out,
    counts,
  };
}
