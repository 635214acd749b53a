/**
 * Trips and site visits through the API (issue 23 §2, docs/TRACKING.md): a hand-built day in
 * Angarsk (@tko/db/testing hand-track: metres → degrees by hand at 52.54° N), sent through the
 * real REST ingest (POST /api/navctl/positions/, no speed: derived from the positions) into real
 * PostgreSQL, read back through GET /api/navctl/vehicles/{id}/trips/. The sites are created through
 * the container registry, one with its own service radius (`service_radius_m`, the card's field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, jitter12, Track } from '@tko/db/testing';
import { siteBody, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let vehicle: number;
const sites: Record<string, number> = {};
const DAY = 86_400_000;
const dayStart = Math.floor(Date.now() / DAY) * DAY - 2 * DAY; // two days ago, 00:00 UTC
const day = new Date(dayStart).toISOString().slice(0, 10);
const nextDay = new Date(dayStart + DAY).toISOString().slice(0, 10);
const marks: Record<string, number> = {};

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: t.auth('admin'), ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await startTestApp();
  vehicle = (await t.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ('А 777 АА 38') RETURNING id`)).rows[0]!.id;
  // A: 8 m off the road, passed at 40 km/h; B: 5 m from a 2-minute stop; C: 20 m from a 12-minute stop
  // with ±12 m of noise; D: 60 m from a 2-minute stop, its own radius 80 m; E: 60 m on the other side, no own radius.
  const place: Record<string, [number, number, number | null]> = {
    A: [500, 8, null], B: [1000, 5, null], C: [2000, 20, null], D: [3000, 60, 80], E: [3000, -60, null],
  };
  for (const [name, [x, y, radius]] of Object.entries(place)) {
    const res = await inject('POST', '/api/waste-area/container/', siteBody({
      name_waste_area: `КП ${name}`, identifier: `КП-${name}`, coordinates: at(x, y), ...(radius === null ? {} : { service_radius_m: radius }),
    }));
    expect(res.statusCode, res.body).toBe(201);
    sites[name] = res.json().id;
  }
});

afterAll(async () => { await t?.close(); });

describe('GET /api/navctl/vehicles/{id}/trips/: trips and visits', () => {
  it('keeps the service radius on the waste-area card and refuses one out of range per field', async () => {
    expect((await inject('GET', `/api/waste-area/container/${sites.D}/`)).json()).toMatchObject({ service_radius_m: 80 });
    expect((await inject('GET', `/api/waste-area/container/${sites.E}/`)).json()).toMatchObject({ service_radius_m: null });
    const bad = await inject('PUT', `/api/waste-area/container/${sites.E}/`, { ...siteBody({ identifier: 'КП-E', coordinates: at(3000, -60) }), service_radius_m: 1000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('service_radius_m');
    const bad2 = await inject('PUT', `/api/waste-area/container/${sites.E}/`, { ...siteBody({ identifier: 'КП-E', coordinates: at(3000, -60) }), service_radius_m: 'далеко' });
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json()).toHaveProperty('service_radius_m');
  });

  it('splits the day at the 12-minute stop and at the night silence, and lists each stay as one visit', async () => {
    const track = new Track(dayStart + 10 * 3600_000, 0, 0, false).drive(1000, 0, 40);
    marks.bArrive = track.t;
    track.stand(120);
    track.drive(2000, 0, 40);
    marks.cArrive = track.t;
    track.stand(720, 10, jitter12);
    marks.cLeave = track.t;
    track.drive(3000, 0, 40).stand(120).drive(4000, 0, 40);
    marks.parked = track.t;
    // Parked ≈ 10:22, nothing until ≈ 06:22 the next day, when the first fix is 200 m on (moved in the silence).
    track.silence((DAY - 4 * 3600_000) / 1000, 4000, 200);
    marks.morning = track.t;
    track.drive(4000, 700, 40);
    const positions = track.points.map((p) => ({ vehicle_id: vehicle, time: new Date(p.t).toISOString(), lat: p.lat, lng: p.lng }));
    const ingested = await inject('POST', '/api/navctl/positions/', { positions });
    expect(ingested.json()).toEqual({ received: positions.length, stored: positions.length });

    const res = await inject('GET', `/api/navctl/vehicles/${vehicle}/trips/?from=${day}&to=${nextDay}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ stop_minutes: 10, silence_minutes: 10, visit_radius: 30, visit_max_speed: 5, visit_dwell_s: 30, visit_merge_s: 120 });
    expect(body.count).toBe(3);
    const [first, second, third] = body.results;
    const ms = (iso: string) => Date.parse(iso);
    expect(ms(first.period.upper)).toBe(marks.cArrive);
    expect(ms(second.period.lower)).toBe(marks.cLeave);
    expect(ms(second.period.upper)).toBe(marks.parked);
    expect(ms(third.period.lower)).toBe(marks.morning);
    for (const trip of body.results) expect(trip.duration_s).toBeLessThan(3600); // none over the night

    const visits = body.visits as { waste_area: { id: number; name: string }; vehicle: { id: number }; arrived_at: string; left_at: string; dwell_s: number; duration_s: number; distance_m: number; radius_m: number; trip: number | null }[];
    expect(visits.map((v) => v.waste_area.name)).toEqual(['КП B', 'КП C', 'КП D']);
    const [b, c, d] = visits;
    expect(Math.abs(ms(b!.arrived_at) - marks.bArrive)).toBeLessThanOrEqual(10_000);
    expect(b!.dwell_s).toBeGreaterThanOrEqual(110);
    expect(b!.dwell_s).toBeLessThanOrEqual(120);
    expect(b).toMatchObject({ distance_m: 5, radius_m: 30, trip: 1, vehicle: { id: vehicle, license_plate: 'А 777 АА 38' } });
    expect(b!.duration_s).toBe(b!.dwell_s);
    // The 12-minute stop: one visit from the end of trip 1 to the start of trip 2.
    expect(ms(c!.arrived_at)).toBe(marks.cArrive);
    expect(ms(c!.left_at)).toBe(marks.cLeave);
    expect(c!.dwell_s).toBe(720);
    expect(c!.distance_m).toBeLessThanOrEqual(20);
    // 60 m off, reached by its own radius of 80 m; E on the other side is not (default 30 m).
    expect(d).toMatchObject({ distance_m: 60, radius_m: 80, trip: 2 });
    expect(first.visits.map((v: { waste_area: { name: string } }) => v.waste_area.name)).toEqual(['КП B', 'КП C']);
    expect(second.visits.map((v: { waste_area: { name: string } }) => v.waste_area.name)).toEqual(['КП D']);

    // A wider default radius reaches E too; D keeps its own.
    const wide = (await inject('GET', `/api/navctl/vehicles/${vehicle}/trips/?from=${day}&to=${nextDay}&visit_radius=100`)).json();
    expect(wide.visits.map((v: { waste_area: { name: string } }) => v.waste_area.name)).toEqual(['КП B', 'КП C', 'КП D', 'КП E']);
    expect(wide.visits[2].radius_m).toBe(80);
    // A silence setting of a whole day glues the night into one trip (the old behaviour): the call's own silence_minutes.
    const glued = (await inject('GET', `/api/navctl/vehicles/${vehicle}/trips/?from=${day}&to=${nextDay}&silence_minutes=1440`)).json();
    expect(glued.count).toBe(2);
    expect((await inject('GET', `/api/navctl/vehicles/${vehicle}/trips/?silence_minutes=0`)).json()).toHaveProperty('silence_minutes');
  });

  it('drops a fix 5 000 km off the road (an impossible speed) from the trip and counts it on the trip and in the answer', async () => {
    const other = (await t.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ('В 100 ВВ 38') RETURNING id`)).rows[0]!.id;
    // 1 000 m east at 40 km/h, a fix every 10 s (10 fixes, 111.1 m apart); the fifth is replaced by one 5 000 km west.
    const track = new Track(dayStart + 12 * 3600_000, 0, 0, false).drive(1000, 0, 40);
    const pts = track.points.map((p, k) => (k === 4 ? { ...p, ...at(-5_000_000, 0) } : p));
    const positions = pts.map((p) => ({ vehicle_id: other, time: new Date(p.t).toISOString(), lat: p.lat, lng: p.lng }));
    expect((await inject('POST', '/api/navctl/positions/', { positions })).json()).toEqual({ received: 10, stored: 10 });
    const body = (await inject('GET', `/api/navctl/vehicles/${other}/trips/?from=${day}&to=${nextDay}`)).json();
    expect(body).toMatchObject({ outlier_speed: 150, outliers_count: 1, count: 1, distance_m: 1000 });
    expect(body.results[0]).toMatchObject({ outliers_count: 1, points_count: 9, distance_m: 1000 });
    expect(body.results[0].track.coordinates).toHaveLength(9);
  });
});
