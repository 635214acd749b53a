/**
 * Trips and site visits as a dispatcher means them (issue 23 §2, docs/TRACKING.md), on hand-built
 * tracks in Angarsk (src/testing/hand-track.ts: metres → degrees by hand at 52.54° N): a drive-by at
 * 40 km/h within 10 m of a site is no visit; a 2-minute stop is one visit of 120 s; a 12-minute stop
 * is two trips and one visit of 12 minutes between them; a night silence of 10 hours is two trips,
 * none over the night; GPS noise of ±12 m during a stop stays one visit; a stop 60 m from a site is
 * no visit at the default radius of 30 m and a visit with the site's own radius of 80 m. Each with
 * the tracker's speed and without it (derived from the positions).
 */
import { describe, expect, it } from 'vitest';
import { checkStopVisits, DEFAULT_TRIP_OPTIONS, DEFAULT_VISIT_OPTIONS, derivedSpeeds, dropOutliers, findVisits, splitTrips } from '../src/tracking/index';
import type { VisitSite } from '../src/tracking/index';
import { at, jitter12, Track } from '../src/testing/hand-track';

const T0 = Date.parse('2026-11-20T01:00:00Z'); // 09:00 in Angarsk (UTC+8)
const site = (id: number, x: number, y: number, radiusM: number | null = null): VisitSite => ({ id, name: `КП ${id}`, kind: 'CONTAINER', ...at(x, y), radiusM });
const SPEEDS = [['with the tracker\'s speed', true], ['without speed (derived from the positions)', false]] as const;

describe.each(SPEEDS)('site visits, %s', (_label, withSpeed) => {
  it('a drive-by at 40 km/h within 10 m of a site is no visit (a fix every second, every 10 s)', () => {
    for (const stepS of [1, 10]) {
      const track = new Track(T0, 0, 0, withSpeed).drive(1000, 0, 40, stepS);
      const sites = [site(1, 500, 10), site(2, 503, 0)];
      // The track passes within the radius: 30 m is about 5 fixes at a fix a second.
      expect(findVisits(track.points, sites)).toEqual([]);
      expect(findVisits(track.points, sites, { ...DEFAULT_VISIT_OPTIONS, minDwellS: 0 })).toEqual([]); // not slow either
    }
  });

  it('a 2-minute stop at a site is one visit of 120 s with its arrival, departure and closest approach', () => {
    const track = new Track(T0, 0, 0, withSpeed).drive(300, 0, 40);
    const arrival = track.t;
    track.stand(120);
    const departure = track.t;
    track.drive(800, 0, 40);
    const visits = findVisits(track.points, [site(7, 300, 5), site(8, 600, 0)]);
    expect(visits).toHaveLength(1);
    const [v] = visits;
    expect(v!.site.id).toBe(7);
    // ± one fix (10 s): the tracker's speed of the arrival fix is the driving speed.
    expect(Math.abs(v!.arrived - arrival)).toBeLessThanOrEqual(10_000);
    expect(v!.left).toBe(departure);
    expect(v!.dwell_s).toBeGreaterThanOrEqual(110);
    expect(v!.dwell_s).toBeLessThanOrEqual(120);
    expect(v!.distance_m).toBe(5);
    // The site at 600 m is passed at speed: nothing.
  });

  it('a stop where the tracker sends a fix every 3 minutes is one stay, however sparse', () => {
    const track = new Track(T0, 0, 0, withSpeed).drive(300, 0, 40);
    const arrival = track.t;
    track.stand(540, 180);
    const departure = track.t;
    track.drive(800, 0, 40);
    const visits = findVisits(track.points, [site(9, 300, 5)]);
    expect(visits.map((v) => [v.arrived, v.left, v.dwell_s])).toEqual([[withSpeed ? arrival + 180_000 : arrival, departure, withSpeed ? 360 : 540]]);
  });

  it('a 12-minute stop is two trips and one visit of 12 minutes between them', () => {
    const track = new Track(T0, 0, 0, withSpeed).drive(1000, 0, 40);
    const arrival = track.t;
    track.stand(720);
    const departure = track.t;
    track.drive(2000, 0, 40);
    const trips = splitTrips(track.points);
    expect(trips).toHaveLength(2);
    expect(trips[0]!.end).toBe(arrival);
    expect(trips[1]!.start).toBe(departure);
    expect(trips[0]!.distance_m).toBeGreaterThan(990);
    expect(trips[0]!.distance_m).toBeLessThan(1010);
    const visits = findVisits(track.points, [site(3, 1000, -8)]);
    expect(visits).toHaveLength(1);
    expect(visits[0]!.dwell_s).toBeGreaterThanOrEqual(710);
    expect(visits[0]!.dwell_s).toBeLessThanOrEqual(720);
    expect(visits[0]!.distance_m).toBe(8);
    // The same stop of 8 minutes is no split (the standstill threshold is 10 minutes).
    const short = new Track(T0, 0, 0, withSpeed).drive(1000, 0, 40).stand(480).drive(2000, 0, 40);
    expect(splitTrips(short.points)).toHaveLength(1);
  });

  it('a night silence of 10 hours splits trips: none spans the night', () => {
    // Drives to the garage, parks at 20:05 (the tracker keeps sending 5 minutes), silent until 06:00, drives out.
    const evening = Date.parse('2026-11-20T11:50:00Z'); // 19:50 local
    const track = new Track(evening, 0, 0, withSpeed).drive(3000, 0, 40);
    const parked = track.t;
    track.stand(300);
    track.silence(10 * 3600 - 300);
    const morning = track.t;
    track.drive(3000, 2000, 40);
    const trips = splitTrips(track.points);
    expect(trips).toHaveLength(2);
    expect(trips[0]!.end).toBe(parked);
    expect(trips[1]!.start).toBe(morning);
    for (const trip of trips) expect(trip.duration_s).toBeLessThan(3600);
    // The truck moved in the silence (a first fix 200 m off): still two trips, the unseen path in neither.
    const moved = new Track(evening, 0, 0, withSpeed).drive(3000, 0, 40).silence(10 * 3600, 3000, 200).drive(3000, 2000, 40);
    const two = splitTrips(moved.points);
    expect(two).toHaveLength(2);
    expect(two[1]!.distance_m).toBeGreaterThan(1790);
    expect(two[1]!.distance_m).toBeLessThan(1810);
    // A silence shorter than the setting is glued in; a shorter setting splits it.
    const gap = new Track(T0, 0, 0, withSpeed).drive(1000, 0, 40).silence(300, 1100, 0).drive(2000, 0, 40);
    expect(splitTrips(gap.points)).toHaveLength(1);
    expect(splitTrips(gap.points, { ...DEFAULT_TRIP_OPTIONS, silenceSeconds: 240 })).toHaveLength(2);
    // A stay never spans the silence: the evening stay at the garage's site ends at the last fix before it.
    const atSite = findVisits(track.points, [site(4, 3000, 0)]);
    expect(atSite.map((v) => [v.arrived <= parked + 10_000, v.left])).toEqual([[true, parked + 300_000]]);
  });

  it('GPS noise of ±12 m during a stop keeps one visit (and one standstill that splits trips)', () => {
    // The site is 20 m from where the truck stands: noise takes some fixes out of the 30 m radius.
    const track = new Track(T0, 0, 0, withSpeed).drive(1000, 0, 40);
    const arrival = track.t;
    track.stand(720, 10, jitter12);
    track.drive(2000, 0, 40);
    const sites = [site(5, 1000, 20)];
    const visits = findVisits(track.points, sites);
    expect(visits).toHaveLength(1);
    expect(Math.abs(visits[0]!.arrived - arrival)).toBeLessThanOrEqual(10_000);
    expect(visits[0]!.dwell_s).toBeGreaterThanOrEqual(700);
    expect(visits[0]!.distance_m).toBeLessThanOrEqual(20);
    // Without merging the noise would split it: the rule merges stays under the merge gap.
    expect(findVisits(track.points, sites, { ...DEFAULT_VISIT_OPTIONS, mergeGapS: 0, minDwellS: 0 }).length).toBeGreaterThan(1);
    expect(splitTrips(track.points)).toHaveLength(2);
    // The same at ±15 m, the top of the usual GPS error.
    const jitter15 = (k: number): [number, number] => jitter12(k).map((m) => m * 1.25) as [number, number];
    const noisier = new Track(T0, 0, 0, withSpeed).drive(1000, 0, 40).stand(720, 10, jitter15).drive(2000, 0, 40);
    expect(findVisits(noisier.points, sites).map((v) => v.site.id)).toEqual([5]);
    expect(splitTrips(noisier.points)).toHaveLength(2);
  });

  it('a stop 60 m from a site is no visit at the default radius of 30 m and a visit with the site\'s own 80 m', () => {
    const track = new Track(T0, 0, 0, withSpeed).drive(500, 0, 40).stand(120).drive(1500, 0, 40);
    expect(findVisits(track.points, [site(6, 500, 60)])).toEqual([]);
    const own = findVisits(track.points, [site(6, 500, 60, 80)]);
    expect(own).toHaveLength(1);
    expect(own[0]!.distance_m).toBe(60);
    // A wider default reaches it too; the site's own radius wins over the default.
    expect(findVisits(track.points, [site(6, 500, 60)], { ...DEFAULT_VISIT_OPTIONS, radiusM: 80 })).toHaveLength(1);
    expect(findVisits(track.points, [site(6, 500, 60, 30)], { ...DEFAULT_VISIT_OPTIONS, radiusM: 80 })).toEqual([]);
  });
});

describe('derived speed', () => {
  it('is the driving speed on a road and under the limit while standing in ±12 m of noise', () => {
    const track = new Track(T0, 0, 0, false).drive(1000, 0, 40).stand(300, 10, jitter12);
    const speeds = derivedSpeeds(track.points);
    const driving = speeds.slice(1, 7); // the last fixes before the stop see it in their forward window
    for (const s of driving) expect(s).toBeCloseTo(40, 0);
    const standing = speeds.slice(-28);
    for (const s of standing) expect(s!).toBeLessThan(DEFAULT_VISIT_OPTIONS.maxSpeedKmh);
    // One fix alone has no speed (unknown is not slow).
    expect(derivedSpeeds([{ t: T0, ...at(0, 0), speed: null }])).toEqual([null]);
  });
});

describe('route-event stops by the same rule', () => {
  it('a stop served by a stay is DONE at its arrival; a stop only passed is MISSED once the day is over', () => {
    const track = new Track(T0).drive(300, 0, 40);
    const arrival = track.t;
    track.stand(120).drive(800, 0, 40);
    const stops = [
      { position: 1, ...at(300, 5) },
      { position: 2, ...at(600, 3) }, // passed at 40 km/h
      { position: 3, lat: null, lng: null },
      { position: 4, ...at(300, 60), radiusM: 80 },
    ];
    const verdicts = checkStopVisits(track.points, stops, DEFAULT_VISIT_OPTIONS, true);
    expect(verdicts.map((v) => v.status)).toEqual(['DONE', 'MISSED', null, 'DONE']);
    expect(Math.abs(verdicts[0]!.visitedAt! - arrival)).toBeLessThanOrEqual(10_000);
    expect(checkStopVisits(track.points, stops, DEFAULT_VISIT_OPTIONS, false).map((v) => v.status)).toEqual(['DONE', null, null, 'DONE']);
  });
});

describe('the site grid', () => {
  it('finds a stay 2 800 km north of where the track starts (cells wide enough at every latitude)', () => {
    // Starts in Angarsk, then stands 2 minutes 29 m from a site 25° further north: cells sized at the start's latitude
    // (30 m there) are 11 m wide at 77.5° and the site would lie 3 cells away, outside the 3 × 3 neighbourhood.
    const north = 25;
    const track = new Track(T0, 0, 0).drive(200, 0, 40);
    const far = { ...at(0, 0), lat: at(0, 0).lat + north };
    const t = track.t + 3600_000;
    for (let k = 0; k <= 12; k++) track.points.push({ t: t + k * 10_000, lat: far.lat, lng: far.lng + 29 / (111_195 * Math.cos((far.lat * Math.PI) / 180)), speed: 0 });
    const visits = findVisits(track.points, [{ id: 1, name: '', kind: '', lat: far.lat, lng: far.lng }]);
    expect(visits.map((v) => [v.dwell_s, v.distance_m])).toEqual([[120, 29]]);
  });
});

describe('outlier positions (an impossible speed from the neighbours, > 150 km/h + 30 m)', () => {
  // 1 000 m east at 40 km/h, a fix every 10 s: 9 legs of 111.1 m, 10 fixes on a straight line, one trip of 1 000 m.
  const straight = () => new Track(T0, 0, 0).drive(1000, 0, 40).points;
  const far = (t: number, x: number, y: number) => ({ t, ...at(x, y), speed: 40 });

  it('drops one fix 50 km off the road (18 000 km/h implied) and the trip keeps its 1 000 m', () => {
    const pts = straight();
    const spike = far(pts[4]!.t, 444, 50_000);
    pts[4] = spike;
    expect(splitTrips(pts)[0]!.distance_m).toBeGreaterThan(99_000); // the spike there and back: ≈ 100 km
    const clean = dropOutliers(pts);
    expect(clean.dropped).toEqual([spike]);
    expect(clean.points).toHaveLength(9);
    expect(splitTrips(clean.points).map((t) => t.distance_m)).toEqual([1000]);
  });

  it('drops a burst of three stray fixes at one far place, and a stray first fix', () => {
    const pts = straight();
    for (const k of [3, 4, 5]) pts[k] = far(pts[k]!.t, 0, -300_000);
    const clean = dropOutliers(pts);
    expect(clean.dropped.map((p) => pts.indexOf(p))).toEqual([3, 4, 5]);
    expect(clean.points).toHaveLength(7);

    const first = straight();
    first[0] = far(first[0]!.t, 8_476_000, 0);
    const c2 = dropOutliers(first);
    expect(c2.dropped).toEqual([first[0]]);
    expect(splitTrips(c2.points).map((t) => t.distance_m)).toEqual([889]); // 8 legs of 111.1 m
  });

  it('keeps 400 m in 10 s (144 km/h), drops 500 m in 10 s (180 km/h): the threshold is 150 km/h × 10 s + 30 m = 446.7 m', () => {
    const mk = (jump: number) => [far(T0, 0, 0), far(T0 + 10_000, jump, 0), far(T0 + 20_000, 0, 0)];
    expect(dropOutliers(mk(400)).dropped).toEqual([]);
    expect(dropOutliers(mk(500)).dropped.map((p) => p.t)).toEqual([T0 + 10_000]);
  });

  it('keeps a truck seen 200 km away after a 10-hour silence (20 km/h implied)', () => {
    const track = new Track(T0, 0, 0).drive(1000, 0, 40).silence(36_000, 200_000, 0).drive(201_000, 0, 40);
    const clean = dropOutliers(track.points);
    expect(clean.dropped).toEqual([]);
    expect(splitTrips(clean.points).map((t) => t.distance_m)).toEqual([1000, 1000]);
  });
});
