/**
 * GPS tracking through the API (issue 10 §3; spec 02 §7 "Tracking"): a simulated truck drives
 * along Nevsky prospekt through the real Wialon receiver (apps/tracker, in-process, real TCP),
 * then GET /api/navctl/vehicles/{id}/trips/ splits its day at the long standstill (and not at a
 * shorter one, per `stop_minutes`), with distances, durations, GeoJSON tracks and the visit of
 * the container site it stopped at; the vehicle list's online flag and counts; the REST ingest's
 * refusals; live positions over STOMP from both ways in; 401/403; the simulator's stops as visits and
 * the sites it only drove past as none (issue 23 §2, docs/TRACKING.md).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAVCTL_POSITIONS_TOPIC } from '@tko/contract';
import { haversineM } from '@tko/db';
import { redisPublisher } from '@tko/realtime';
import { fixesAlong, NEVSKY, replay, setTrackerPassword } from '../../tracker/src/simulator';
import { startTracker, type Tracker } from '../../tracker/src/tracker';
import { connectClient, REDIS_URL, startStompApp, waitFor, type StompTestApp } from './stomp-helpers';

let t: StompTestApp;
let tracker: Tracker;
let redis: Redis;
const ids: Record<string, number> = {};
const DAY = 86_400_000;
const PASSWORD = 'nav-Tracker-1'; // the trackers' «Пароль трекера» (issue 22)
const dayStart = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY); // two days ago, 00:00 UTC
const START = new Date(dayStart.getTime() + 8 * 3600_000);
const dayIso = dayStart.toISOString().slice(0, 10);
const as = (who: 'admin' | 'viewer' | 'nobody' | null) => (who ? { Authorization: `Bearer ${t.tokens[who]}` } : {});
const get = (url: string, who: 'admin' | 'viewer' | 'nobody' | null = 'admin') => t.app.inject({ method: 'GET', url, headers: as(who) });
const ingest = (positions: unknown, who: 'admin' | 'viewer' | 'nobody' | null = 'admin') =>
  t.app.inject({ method: 'POST', url: '/api/navctl/positions/', headers: as(who), payload: { positions } });

beforeAll(async () => {
  t = await startStompApp({ redisUrl: REDIS_URL });
  for (const [plate, imei] of [['А101АА38', '861000000000001'], ['В202ВВ38', '861000000000002'], ['Е303ЕЕ38', null]] as const) {
    const { rows } = await t.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate, external_identifier) VALUES ($1, $2) RETURNING id`, [plate, imei]);
    ids[plate] = rows[0]!.id;
    if (imei) await setTrackerPassword(t.pool, rows[0]!.id, PASSWORD);
  }
  // A container site where the truck stops for 3 minutes (vertex 3), one 200 m off the street.
  await t.pool.query(`INSERT INTO waste_area (kind, name_waste_area, coordinates) VALUES
    ('CONTAINER', 'КП Невский 3', ST_SetSRID(ST_MakePoint($2, $1), 4326)),
    ('CONTAINER', 'КП в стороне', ST_SetSRID(ST_MakePoint($2, $1 + 0.0018), 4326))`, [NEVSKY[3]![0], NEVSKY[3]![1]]);
  redis = new Redis(REDIS_URL);
  tracker = await startTracker({ pool: t.pool, publisher: redisPublisher(redis), port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await tracker?.close();
  redis?.disconnect();
  await t?.close();
});

describe('/api/navctl/', () => {
  it('answers 401 anonymous and 403 without navctl permissions', async () => {
    expect((await get('/api/navctl/vehicles/', null)).statusCode).toBe(401);
    expect((await get('/api/navctl/vehicles/', 'viewer')).statusCode).toBe(403);
    expect((await get(`/api/navctl/vehicles/${ids['А101АА38']}/trips/`, 'nobody')).statusCode).toBe(403);
    expect((await ingest([], 'viewer')).statusCode).toBe(403);
  });

  it('splits a replayed day into trips at the 15-minute standstill, with tracks, distances and the site visit', async () => {
    // 30 km/h, a fix every 10 s; 3 min at the site (vertex 3), 15 min parked at vertex 5.
    const fixes = fixesAlong(NEVSKY, START, { speedKmh: 30, stepS: 10, stops: { 3: 180, 5: 900 } });
    expect(await replay(tracker.port, '861000000000001', fixes, { kind: 'B', password: PASSWORD })).toEqual([`#AB#${fixes.length}`]);
    const id = ids['А101АА38'];
    const res = await get(`/api/navctl/vehicles/${id}/trips/?from=${dayIso}&to=${dayIso}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toEqual({ lower: `${dayIso}T00:00:00.000Z`, upper: new Date(dayStart.getTime() + DAY).toISOString() });
    expect(body.count).toBe(2);
    const [first, second] = body.results;
    const along = (a: number, b: number) => NEVSKY.slice(a, b + 1).reduce((s, p, i, arr) => (i ? s + haversineM(arr[i - 1]![0], arr[i - 1]![1], p[0], p[1]) : 0), 0);
    expect(first.distance_m).toBeGreaterThan(along(0, 5) * 0.99);
    expect(first.distance_m).toBeLessThan(along(0, 5) * 1.01);
    expect(second.distance_m).toBeGreaterThan(along(5, 9) * 0.99);
    expect(first.period.lower).toBe(START.toISOString());
    expect(first.end).toEqual({ lat: NEVSKY[5]![0], lng: NEVSKY[5]![1] });
    expect(second.start).toEqual({ lat: NEVSKY[5]![0], lng: NEVSKY[5]![1] });
    // The trip ends where it stopped; the next one starts when it leaves, ≥ 15 minutes later.
    expect(Date.parse(second.period.lower) - Date.parse(first.period.upper)).toBeGreaterThanOrEqual(900_000);
    expect(first.duration_s).toBe((Date.parse(first.period.upper) - Date.parse(first.period.lower)) / 1000);
    expect(first.track.type).toBe('LineString');
    expect(first.track.coordinates[0]).toEqual([NEVSKY[0]![1], NEVSKY[0]![0]]);
    expect(first.track.coordinates).toHaveLength(first.points_count);
    expect(first.max_speed).toBe(30);
    expect(first.visits).toHaveLength(1);
    expect(first.visits[0].waste_area.name).toBe('КП Невский 3');
    expect(first.visits[0].duration_s).toBeGreaterThanOrEqual(170); // 3 min standing: the first standing fix is 10 s after the arrival fix (at speed)
    expect(second.visits).toEqual([]);
    expect(body.distance_m).toBe(first.distance_m + second.distance_m);
    // A standstill limit above 15 minutes keeps it one trip; a wider radius adds the site off the street.
    const one = (await get(`/api/navctl/vehicles/${id}/trips/?from=${dayIso}&to=${dayIso}&stop_minutes=20&visit_radius=250`)).json();
    expect(one.count).toBe(1);
    expect(one.results[0].visits.map((v: { waste_area: { name: string } }) => v.waste_area.name).sort()).toEqual(['КП Невский 3', 'КП в стороне']);
    // A period without positions.
    expect((await get(`/api/navctl/vehicles/${id}/trips/?from=2020-01-01&to=2020-01-02`)).json().count).toBe(0);
  });

  it('refuses bad trip periods with 400 on the field and an unknown vehicle with 404', async () => {
    const id = ids['А101АА38'];
    expect((await get(`/api/navctl/vehicles/${id}/trips/?from=2026-02-31`)).json()).toHaveProperty('from');
    expect((await get(`/api/navctl/vehicles/${id}/trips/?from=2026-03-02&to=2026-03-01`)).json()).toEqual({ to: ['Конец периода должен быть позже начала.'] });
    expect((await get(`/api/navctl/vehicles/${id}/trips/?from=2026-01-01&to=2026-03-01`)).statusCode).toBe(400);
    expect((await get(`/api/navctl/vehicles/${id}/trips/?stop_minutes=0`)).json()).toHaveProperty('stop_minutes');
    expect((await get('/api/navctl/vehicles/999999/trips/')).statusCode).toBe(404);
    expect((await get('/api/navctl/vehicles/abc/trips/')).statusCode).toBe(404);
  });

  it('ingests positions over REST, refusing unknown vehicles and times outside the window per position', async () => {
    const now = new Date().toISOString();
    const bad = await ingest([
      { vehicle_id: 999999, time: now, lat: 59.9, lng: 30.3 },
      { external_identifier: '861000000000002', time: '2099-01-01T00:00:00Z', lat: 59.9, lng: 30.3 },
      { vehicle_id: ids['В202ВВ38'], time: now, lat: 91, lng: 30.3 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'positions.2.lat': ['Широта должна быть числом от -90 до 90.'] });
    const parts = async () => (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'public.vehicle_position'::regclass`)).rows[0]!.n;
    const partsBefore = await parts();
    const bad2 = await ingest([
      { vehicle_id: 999999, time: now, lat: 59.9, lng: 30.3 },
      { external_identifier: '861000000000002', time: '2099-01-01T00:00:00Z', lat: 59.9, lng: 30.3 },
      { external_identifier: '861000000000002', time: new Date(Date.now() - 40 * DAY).toISOString(), lat: 59.9, lng: 30.3 },
      { vehicle_id: ids['В202ВВ38'], time: new Date(Date.now() + 3600_000).toISOString(), lat: 59.9, lng: 30.3 },
      { vehicle_id: ids['В202ВВ38'], time: '2000-01-01T00:00:00Z', lat: 59.9, lng: 30.3 },
    ]);
    expect(bad2.statusCode).toBe(400);
    const future = ['Время позиции впереди текущего более чем на 5 мин.: проверьте часы устройства.'];
    const old = ['Позиция старше 30 сут.: такие позиции не принимаются (TRACKER_MAX_AGE_DAYS).'];
    expect(bad2.json()).toEqual({
      'positions.0.vehicle_id': ['Машина не найдена.'],
      'positions.1.time': future,
      'positions.2.time': old,
      'positions.3.time': future,
      'positions.4.time': old,
    });
    expect(await parts()).toBe(partsBefore); // no partition for a refused day
    expect((await ingest([])).statusCode).toBe(400);
    const ok = await ingest([
      { external_identifier: '861000000000002', time: now, lat: 59.93, lng: 30.33, speed: 12, course: 90 },
      { external_identifier: '861000000000002', time: now, lat: 59.93, lng: 30.33 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: 2, stored: 1 });
  });

  it('lists vehicles with the online flag, bucket and online/offline counts', async () => {
    const all = (await get('/api/navctl/vehicles/')).json();
    expect(all.count).toBe(3);
    expect(all.online_count).toBe(1);
    expect(all.offline_count).toBe(2);
    const byPlate = Object.fromEntries(all.results.map((v: { license_plate: string }) => [v.license_plate, v]));
    expect(byPlate['В202ВВ38']).toMatchObject({ online: true, last_online: 'RECENTLY', last_position: { lat: 59.93, lng: 30.33 } });
    expect(byPlate['А101АА38']).toMatchObject({ online: false, last_online: 'FAR_AGO', last_position: { lat: NEVSKY[9]![0], lng: NEVSKY[9]![1] } });
    expect(byPlate['Е303ЕЕ38']).toMatchObject({ online: false, last_online: 'NO_DATA', last_position: null, last_online_at: null });
    const online = (await get('/api/navctl/vehicles/?online=true')).json();
    expect(online.results.map((v: { license_plate: string }) => v.license_plate)).toEqual(['В202ВВ38']);
    expect(online).toMatchObject({ count: 1, online_count: 1, offline_count: 2 });
    expect((await get('/api/navctl/vehicles/?search=а101')).json().count).toBe(1);
    expect((await get('/api/navctl/vehicles/?online=maybe')).statusCode).toBe(400);
  });

  it('pushes live positions over STOMP from the Wialon receiver and the REST ingest; refuses the topic without navctl:view', async () => {
    const admin = await connectClient(t.wsUrl, t.tokens.admin);
    const got = await admin.subscribe(NAVCTL_POSITIONS_TOPIC);
    const id = ids['В202ВВ38'];
    const base = Date.now() - 60_000;
    const fixes = fixesAlong(NEVSKY.slice(0, 3), new Date(base), { speedKmh: 30, stepS: 5 }).slice(0, 5);
    expect(await replay(tracker.port, '861000000000002', fixes, { password: PASSWORD })).toEqual(fixes.map(() => '#ASD#1'));
    const positions = () => got.flatMap((m) => (JSON.parse(m.body) as { positions: { vehicle_id: number; lat: number; time: string }[] }).positions).filter((p) => p.vehicle_id === id);
    await waitFor(() => positions().length >= fixes.length, 'live positions from the receiver');
    expect(positions().map((p) => p.time)).toEqual(fixes.map((f) => f.time.toISOString()));
    expect(new Set(positions().map((p) => p.lat)).size).toBeGreaterThan(1); // the truck moves
    await ingest([{ vehicle_id: id, time: new Date(base + 30_000).toISOString(), lat: 59.931, lng: 30.36 }]);
    await waitFor(() => positions().length === fixes.length + 1, 'live position from the REST ingest');
    await admin.disconnect();
    const viewer = await connectClient(t.wsUrl, t.tokens.viewer);
    await expect(viewer.subscribe(NAVCTL_POSITIONS_TOPIC)).rejects.toThrow(/refused/);
    await viewer.disconnect();
  });

  it('finds the simulator\'s stops as visits over real TCP and none of the 16 sites it drove past (issue 23 §2)', async () => {
    // Ground truth: 2-minute stops at vertices 2, 4, 6 and a 12-minute stop at vertex 8, a fix every 5 s at 30 km/h.
    const stops = { 2: 120, 4: 120, 6: 120, 8: 720 };
    const { rows } = await t.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate, external_identifier) VALUES ('М404ММ38', '861000000000004') RETURNING id`);
    const id = rows[0]!.id;
    await setTrackerPassword(t.pool, id, PASSWORD);
    await tracker.devices.refresh(); // a card made after the receiver started (else seen at its next reload)
    // Sites at the stops, and 16 the truck passes at speed within 5–10 m (1° of latitude ≈ 111 195 m).
    const north = (lat: number, m: number) => lat + m / 111_195;
    const sites: [string, number, number][] = Object.keys(stops).map((v) => [`Стоянка ${v}`, NEVSKY[+v]![0], NEVSKY[+v]![1]]);
    for (const v of [1, 3, 5, 7, 9]) sites.push([`Мимо вершины ${v}`, north(NEVSKY[v]![0], 8), NEVSKY[v]![1]]);
    for (let i = 0; i < 9; i++) {
      const [a, b] = [NEVSKY[i]!, NEVSKY[i + 1]!];
      sites.push([`Мимо середины ${i}`, north((a[0] + b[0]) / 2, 5), (a[1] + b[1]) / 2]);
      if (i < 2) sites.push([`Мимо четверти ${i}`, north(a[0] + (b[0] - a[0]) / 4, 10), a[1] + (b[1] - a[1]) / 4]);
    }
    expect(sites.length).toBe(20);
    for (const [name, lat, lng] of sites) {
      await t.pool.query(`INSERT INTO waste_area (kind, name_waste_area, coordinates) VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($3, $2), 4326))`, [name, lat, lng]);
    }
    const start = new Date(dayStart.getTime() + 12 * 3600_000);
    const fixes = fixesAlong(NEVSKY, start, { speedKmh: 30, stepS: 5, stops });
    expect(await replay(tracker.port, '861000000000004', fixes, { kind: 'B', password: PASSWORD })).toEqual([`#AB#${fixes.length}`]);
    const body = (await get(`/api/navctl/vehicles/${id}/trips/?from=${dayIso}&to=${dayIso}`)).json();
    // The 12-minute stop splits the day; it is one visit between the two trips.
    expect(body.count).toBe(2);
    const visits = body.visits as { waste_area: { name: string }; dwell_s: number; distance_m: number; trip: number | null }[];
    expect(visits.map((v) => v.waste_area.name)).toEqual(['Стоянка 2', 'Стоянка 4', 'Стоянка 6', 'Стоянка 8']);
    // Arrival = the first standing fix (the vertex fix still carries 30 km/h): 5 s less than the stop.
    expect(visits.map((v) => v.dwell_s)).toEqual([115, 115, 115, 715]);
    expect(visits.map((v) => v.distance_m)).toEqual([0, 0, 0, 0]);
    expect(visits.map((v) => v.trip)).toEqual([1, 1, 1, null]);
    expect(body.results[0].visits).toHaveLength(3);
    expect(body.results[1].visits).toHaveLength(0);
  });
});
