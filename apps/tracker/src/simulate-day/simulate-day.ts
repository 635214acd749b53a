/**
 * The day simulator put together (the command cli.ts, the test and bench/simulate-day.ts):
 * reads the planned day (day-plan.ts), turns it into packets and ground truth (day-track.ts),
 * optionally writes the truth file, then drives every truck through the receiver (drive.ts).
 * docs/TRACKING.md «Day simulator».
 */
import { writeFile } from 'node:fs/promises';
import type { Pool } from 'pg';
import { trackingSettings } from '@tko/db';
import { loadSimDay, provisionTrackers, roadLegs } from './day-plan';
import { dayTrack } from './day-track';
import type { DayTrack } from './day-track';
import type { DayTruth } from './day-types';
import { driveDay } from './drive';
import type { DriveOptions, DriveResult } from './drive';

export interface SimulateDayOptions {
  scheduleIds: number[];
  /** YYYY-MM-DD. */
  workDate: string;
  speedup: number;
  skipShare: number;
  late: number;
  seed: number;
  stepS: number;
  dropShare: number;
  truthFile?: string;
  host: string;
  port: number;
  password: string;
  /** Give trucks without an identifier one and set `password` on every truck of the day (demo/test databases). */
  provision: boolean;
  timeZone: string;
  log: (line: string) => void;
  onSent?: DriveOptions['onSent'];
  /** Called once the packets are made, before any is sent (a caller may start listening). */
  onReady?: (track: DayTrack) => Promise<void> | void;
}

export interface SimulateDayResult { truth: DayTruth; track: DayTrack; drive: DriveResult }

/** Runs the day; throws what loadSimDay throws (an unknown schedule, a date without routes). */
export async function simulateDay(pool: Pool, o: SimulateDayOptions): Promise<SimulateDayResult> {
  const settings = trackingSettings();
  const day = await loadSimDay(pool, o.scheduleIds, o.workDate, { radiusM: settings.visitRadiusM, timeZone: o.timeZone });
  if (o.provision) o.log(`simulate-day: tracker identifier and password set on ${await provisionTrackers(pool, day, o.password)} trucks`);
  const { legs, straight } = await roadLegs(pool, day);
  o.log(`simulate-day: ${day.routes.length} trucks, ${day.sites.length} due sites; legs ${legs.size ? `along the road graph (${legs.size}, ${straight} straight where it has no path)` : 'straight (no road graph loaded)'}`);
  const track = dayTrack(day, {
    seed: o.seed, skipShare: o.skipShare, late: o.late, stepS: o.stepS, dropShare: o.dropShare, dwellS: settings.visitDwellSeconds,
    legs: (routeId, i) => legs.get(`${routeId}:${i}`) ?? null,
  });
  const c = track.truth.counts;
  o.log(`simulate-day: truth: ${c.served} served, ${c.late} late, ${c.served_unplanned} served by another truck, ${c.missed} missed, ${c.ambiguous} ambiguous of ${c.due} due`);
  if (o.truthFile) {
    await writeFile(o.truthFile, JSON.stringify(track.truth, null, 1));
    o.log(`simulate-day: ground truth written to ${o.truthFile}`);
  }
  await o.onReady?.(track);
  const drive = await driveDay(track.trucks, { host: o.host, port: o.port, speedup: o.speedup, password: o.password, log: o.log, onSent: o.onSent });
  o.log(`simulate-day: done in ${drive.seconds.toFixed(1)} s: ${drive.packets} packets answered, ${drive.refused} refused, ${drive.failedLogins} trucks not logged in`);
  return { truth: track.truth, track, drive };
}
